package view

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
)

func TestErrorLinesSayWhatAndWhere(t *testing.T) {
	_, err := dat.OpenBytes(make([]byte, 0x400), "client_portal.dat")
	if err == nil {
		t.Fatal("a zero DAT opened")
	}
	got := strings.Join(ErrorLines(fmt.Errorf("loading --dat /games/ac: %w", err), 60), "\n")
	for _, want := range []string{"client_portal.dat", "magic", "where:", "file   client_portal.dat", "offset 0x140"} {
		if !strings.Contains(got, want) {
			t.Errorf("error text lacks %q:\n%s", want, got)
		}
	}
	for _, l := range ErrorLines(err, 60) {
		if len(l) > 60 && strings.Contains(l, " ") {
			t.Errorf("line not wrapped: %q", l)
		}
	}
	obj := &dat.Error{File: "client_cell_1.dat", ID: 0xA9B4FFFF, HasID: true, Offset: 0x1234, Err: dat.ErrCorrupt}
	got = strings.Join(ErrorLines(obj, 100), "\n")
	if !strings.Contains(got, "object 0xA9B4FFFF (LandBlock)") || !strings.Contains(got, "offset 0x1234") {
		t.Errorf("object error text:\n%s", got)
	}
}
