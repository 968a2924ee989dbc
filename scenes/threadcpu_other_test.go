//go:build !linux

package scenes

import "time"

// threadCPU is unavailable off Linux: the benchmarks report wall time only.
func threadCPU() (time.Duration, bool) { return 0, false }
