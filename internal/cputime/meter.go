// Package cputime is the benchmarks' thread CPU clock: on this shared
// machine a benchmark's wall time includes other jobs' time on the core,
// its thread CPU time (CLOCK_THREAD_CPUTIME_ID) does not.
package cputime

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/callgrind"
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
	callgrind.On()
}

// Pause stops the meter (untimed work follows).
func (m *Meter) Pause() {
	callgrind.Off()
	t, ok := Thread()
	m.total += t - m.from
	m.ok = m.ok && ok
}

// Report stops the meter and reports its total per unit (b.N × units per
// iteration) as unit "cpu-"+name.
func (m *Meter) Report(b *testing.B, perIter int, name string) {
	m.Pause()
	callgrind.Dump(Describe(b.Name(), b.N*perIter, name))
	runtime.UnlockOSThread()
	if m.ok {
		b.ReportMetric(float64(m.total.Nanoseconds())/float64(b.N)/float64(perIter), "cpu-"+name)
	}
}

// Describe is the description a meter gives its callgrind dump: the
// benchmark's name, how many units the timed parts ran and the unit
// ("ns/entity-quantum": instructions per entity-quantum). tools/perf
// parses it with Parse.
func Describe(bench string, units int, unit string) string {
	return fmt.Sprintf("dereth-meter %s %d %s", bench, units, unit)
}

// Parse reads a Describe line back.
func Parse(desc string) (bench string, units int, unit string, ok bool) {
	n, err := fmt.Sscanf(desc, "dereth-meter %s %d %s", &bench, &units, &unit)
	return bench, units, unit, err == nil && n == 3 && units > 0
}
