package cputime

import (
	"runtime"
	"testing"
)

// TestThreadClockAdvancesWithWork: spinning on the locked thread moves
// its CPU clock forward (on Linux; elsewhere the clock is unavailable).
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
	x := 0
	for b, _ := Thread(); b-a < 2_000_000; b, _ = Thread() { // 2 ms of work
		x++
	}
	if x == 0 {
		t.Fatal("the clock did not start behind")
	}
}
