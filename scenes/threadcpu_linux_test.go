package scenes

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID):
// with the goroutine locked to its thread, the benchmarks report the CPU a
// frame costs apart from how busy the machine is (wall time on a shared
// machine counts the waits for a core too).
func threadCPU() (time.Duration, bool) {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
