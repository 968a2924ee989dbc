//go:build (linux && !android) || freebsd || netbsd || openbsd || dragonfly

package display

import (
	"log"
	"strings"
	"testing"
)

// TestOnceWriter: a log line repeated (xgb's, once per X connection) is
// written once; distinct lines all are, in order.
func TestOnceWriter(t *testing.T) {
	var b strings.Builder
	l := log.New(&onceWriter{w: &b}, "XGB: ", 0)
	for range 2 {
		l.Printf("Could not get authority info: %v", "no file")
		l.Println("Trying connection without authority info...")
	}
	l.Println("another")
	want := "XGB: Could not get authority info: no file\nXGB: Trying connection without authority info...\nXGB: another\n"
	if b.String() != want {
		t.Errorf("wrote %q, want %q", b.String(), want)
	}
}
