//go:build !linux

package cputime

import "time"

// Thread is unavailable here: the benchmarks report wall time only.
func Thread() (time.Duration, bool) { return 0, false }
