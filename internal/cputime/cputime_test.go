package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestThreadClockAdvancesWithWork: spinning on the locked thread moves
// its CPU clock forward by at least 2 ms within 5 s of wall time (on
// Linux; elsewhere the clock is unavailable). A clock that stands still
// fails here rather than hanging the test.
func TestThreadClockAdvancesWithWork(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	a, ok := Thread()
	if !ok {
		if runtime.GOOS == "linux" {
			t.Fatal("no thread CPU clock on Linux")
		}
		return
	}
	const work, limit = 2 * time.Millisecond, 5 * time.Second
	deadline := time.Now().Add(limit)
	b, x := a, 0
	for b-a < work && time.Now().Before(deadline) {
		x++
		b, ok = Thread()
		if !ok {
			t.Fatal("the thread CPU clock failed mid-test")
		}
	}
	if x == 0 {
		t.Fatal("the clock did not start behind")
	}
	if b-a < work {
		t.Fatalf("thread CPU clock advanced %v in %v of spinning, want ≥ %v", b-a, limit, work)
	}
}
