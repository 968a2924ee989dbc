package session

import "syscall"

// peakRSSMB is the process's peak resident set in MiB (getrusage's
// ru_maxrss, which Linux gives in KiB).
func peakRSSMB() (float64, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return float64(ru.Maxrss) / 1024, true
}
