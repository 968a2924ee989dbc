//go:build linux

package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// Thread is the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID):
// on a shared machine it leaves out the time other jobs held the core.
func Thread() (time.Duration, bool) {
	const clockThreadCPUTime = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
