//go:build !linux

package session

// peakRSSMB is not measured off Linux (ru_maxrss's unit differs between
// systems, and Windows has no getrusage): the benchmark leaves it out.
func peakRSSMB() (float64, bool) { return 0, false }
