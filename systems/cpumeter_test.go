package systems

import (
	"runtime"
	"testing"
	"time"
)

// cpuMeter sums the benchmark goroutine's thread CPU time over the timed
// parts of a benchmark (the thread is locked while it runs), next to the
// wall time testing.B reports: on this shared 2-core machine the wall
// time includes other jobs, the thread CPU time does not.
type cpuMeter struct {
	total, from time.Duration
	ok          bool
}

// startCPU locks the goroutine to its thread and starts the meter.
func startCPU() *cpuMeter {
	runtime.LockOSThread()
	m := &cpuMeter{ok: true}
	m.resume()
	return m
}

func (m *cpuMeter) resume() {
	t, ok := threadCPU()
	m.from, m.ok = t, m.ok && ok
}

func (m *cpuMeter) pause() {
	t, ok := threadCPU()
	m.total += t - m.from
	m.ok = m.ok && ok
}

// report stops the meter and reports its total per unit (b.N × units per
// iteration) as unit "cpu-"+name.
func (m *cpuMeter) report(b *testing.B, perIter int, name string) {
	m.pause()
	runtime.UnlockOSThread()
	if m.ok {
		b.ReportMetric(float64(m.total.Nanoseconds())/float64(b.N)/float64(perIter), "cpu-"+name)
	}
}
