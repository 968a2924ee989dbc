package callgrind

import (
	"os"
	"testing"
)

// TestOutsideValgrindRequestsAreNoOps: outside valgrind the client
// request answers 0, so Running is false, and On, Off and Dump (with a
// description holding line breaks and a NUL) change nothing and return.
// Under valgrind (tools/perf) the record test checks the counting.
func TestOutsideValgrindRequestsAreNoOps(t *testing.T) {
	if os.Getenv("LD_PRELOAD") != "" || os.Getenv("VALGRIND_LIB") != "" {
		t.Skip("the environment suggests a preloading tool: the no-op path is not what runs")
	}
	if Running() {
		t.Fatal("Running() = true outside valgrind")
	}
	x := 41
	On()
	x++
	Off()
	Dump("a\nb\x00c")
	if x != 42 {
		t.Fatalf("x = %d after the requests, want 42", x)
	}
	if got := clientRequest(requestToggleCollect, 7); got != 0 {
		t.Fatalf("clientRequest answered %d outside valgrind, want 0", got)
	}
}
