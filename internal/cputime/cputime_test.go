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

// TestDescribeParses: a meter's dump description reads back to the same
// benchmark, units and unit; other descriptions and zero units do not.
func TestDescribeParses(t *testing.T) {
	for _, tc := range []struct {
		desc  string
		bench string
		units int
		unit  string
		ok    bool
	}{
		{Describe("BenchmarkOrdinaryTick/entities=1000", 3000, "ns/entity-quantum"), "BenchmarkOrdinaryTick/entities=1000", 3000, "ns/entity-quantum", true},
		{Describe("BenchmarkDrawWorld/creatures=2000", 3, "ms/frame"), "BenchmarkDrawWorld/creatures=2000", 3, "ms/frame", true},
		{Describe("BenchmarkX", 0, "ns/packet"), "", 0, "", false},
		{"Program termination", "", 0, "", false},
	} {
		bench, units, unit, ok := Parse(tc.desc)
		if ok != tc.ok || (ok && (bench != tc.bench || units != tc.units || unit != tc.unit)) {
			t.Errorf("Parse(%q) = %q %d %q %v, want %q %d %q %v", tc.desc, bench, units, unit, ok, tc.bench, tc.units, tc.unit, tc.ok)
		}
	}
}
