// Package callgrind marks the measured parts of a benchmark for valgrind's
// callgrind tool, so that an instruction count — repeatable whatever else
// the machine does — can stand beside the times (tools/perf,
// docs/performance.md).
//
// Outside valgrind every call is a few no-op instructions: the client
// request sequence rotates a register by 128 bits in all and exchanges a
// register with itself. Under `valgrind --tool=callgrind
// --instr-atstart=no --collect-atstart=no` (tools/perf; without
// --instr-atstart=no it counts the same, only slower) only the
// instructions between On and Off are counted, on the calling thread (callgrind keeps the collection state
// per thread, so the caller locks its goroutine to its thread while the
// meter runs), and Dump writes what was counted since the last dump to a
// file of its own whose description names the benchmark.
package callgrind

import "runtime"

// The client request codes (valgrind.h, callgrind.h).
const (
	requestRunningOnValgrind = 0x1001
	callgrindBase            = 'C'<<24 | 'T'<<16
	requestToggleCollect     = callgrindBase + 2
	requestDumpStatsAt       = callgrindBase + 3
	requestStartInstrument   = callgrindBase + 4
	requestStopInstrument    = callgrindBase + 5
)

// Running reports whether the program runs under valgrind.
func Running() bool {
	return clientRequest(requestRunningOnValgrind, 0) != 0
}

// On starts counting the calling thread's instructions (its state
// toggles: every On needs its Off, on the same thread). It first turns
// callgrind's instrumentation on, so a run with `--instr-atstart=no`
// (tools/perf) pays callgrind's slowdown only inside the measured parts,
// not in a benchmark's set-up; with instrumentation already on that
// request changes nothing.
func On() {
	clientRequest(requestStartInstrument, 0)
	clientRequest(requestToggleCollect, 0)
}

// Off stops counting them, and stops the instrumentation again.
func Off() {
	clientRequest(requestToggleCollect, 0)
	clientRequest(requestStopInstrument, 0)
}

// Dump writes the counts since the last dump, described by desc (one
// line; tools/perf reads it back), and starts the counts from zero.
func Dump(desc string) {
	if !Running() {
		return
	}
	b := make([]byte, 0, len(desc)+1)
	for i := 0; i < len(desc); i++ {
		if c := desc[i]; c != '\n' && c != '\r' && c != 0 {
			b = append(b, c)
		}
	}
	b = append(b, 0)
	clientRequest(requestDumpStatsAt, uintptr(unsafePointer(&b[0])))
	runtime.KeepAlive(b)
}

// clientRequest makes a valgrind client request with one argument and
// returns valgrind's answer, or 0 outside valgrind.
func clientRequest(code, arg uintptr) uintptr {
	args := [6]uintptr{code, arg}
	r := request(&args)
	runtime.KeepAlive(&args)
	return r
}
