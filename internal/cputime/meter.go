// Package cputime is the benchmarks' thread CPU clock: on this shared
// machine a benchmark's wall time includes other jobs' time on the core,
// its thread CPU time (CLOCK_THREAD_CPUTIME_ID) does not.
package cputime

import (
	"runtime"
	"testing"
	"time"
)

// Meter sums the benchmark goroutine's thread CPU time over the timed
// parts of a benchmark (the thread is locked while it runs), next to the
// wall time testing.B reports: on this shared 2-core machine the wall
// time includes other jobs, the thread CPU time does not.
type Meter struct {
	total, from time.Duration
	ok          bool
}

// Start locks the goroutine to its thread and starts the meter.
func Start() *Meter {
	runtime.LockOSThread()
	m := &Meter{ok: true}
	m.Resume()
	return m
}

// Resume restarts the meter after Pause.
func (m *Meter) Resume() {
	t, ok := Thread()
	m.from, m.ok = t, m.ok && ok
}

// Pause stops the meter (untimed work follows).
func (m *Meter) Pause() {
	t, ok := Thread()
	m.total += t - m.from
	m.ok = m.ok && ok
}

// Report stops the meter and reports its total per unit (b.N × units per
// iteration) as unit "cpu-"+name.
func (m *Meter) Report(b *testing.B, perIter int, name string) {
	m.Pause()
	runtime.UnlockOSThread()
	if m.ok {
		b.ReportMetric(float64(m.total.Nanoseconds())/float64(b.N)/float64(perIter), "cpu-"+name)
	}
}
