package systems

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/internal/cputime"
	"github.com/dereth/dereth/physics"
)

// pairBlockQuanta is how many entity-quanta one block of a paired
// benchmark runs: about 4 ms of the ordinary tick, long enough that a
// block's first, colder frame weighs little, short enough that the
// machine's mood rarely changes inside a pair.
const pairBlockQuanta = 50_000

// pairedRatio times two loops that each run one frame (one quantum for
// each of n entities) per call, on the locked thread's CPU clock, in
// alternating blocks: each of b.N pairs runs a block of num frames and a
// block of den frames, in turn first (ABBA), so a drift of the machine's
// speed falls on both. A single timed benchmark per loop, as
// BenchmarkOrdinaryTick and BenchmarkTickFloor are, measures the two at
// different moments: on this shared machine one of them can run in a
// slow spell the other misses, and their ratio moves by up to 1.5×
// between rounds. Paired, the spell lands inside one pair.
//
// It reports each loop's mean CPU ns per entity-quantum ("cpu-num-ns",
// "cpu-den-ns"), the ratio of the two sums ("sum-ratio") and the median
// over the pairs of each pair's ratio ("ratio"), which a burst inside one
// pair does not move. The loops do not switch callgrind on: their
// instruction counts are the single benchmarks'.
func pairedRatio(b *testing.B, n int, num, den func()) {
	frames := max(1, pairBlockQuanta/n)
	block := func(f func()) time.Duration {
		t0, ok0 := cputime.Thread()
		for range frames {
			f()
		}
		t1, ok1 := cputime.Thread()
		if !ok0 || !ok1 {
			b.Skip("no thread CPU clock here: the paired ratio needs one")
		}
		return t1 - t0
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ratios := make([]float64, 0, b.N)
	var sumNum, sumDen time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		var tn, td time.Duration
		if i%2 == 0 {
			tn = block(num)
			td = block(den)
		} else {
			td = block(den)
			tn = block(num)
		}
		sumNum += tn
		sumDen += td
		ratios = append(ratios, float64(tn)/float64(td))
	}
	b.StopTimer()
	slices.Sort(ratios)
	median := ratios[len(ratios)/2]
	if len(ratios)%2 == 0 {
		median = (median + ratios[len(ratios)/2-1]) / 2
	}
	quanta := float64(b.N) * float64(frames) * float64(n)
	b.ReportMetric(float64(sumNum.Nanoseconds())/quanta, "cpu-num-ns")
	b.ReportMetric(float64(sumDen.Nanoseconds())/quanta, "cpu-den-ns")
	b.ReportMetric(float64(sumNum)/float64(sumDen), "sum-ratio")
	b.ReportMetric(median, "ratio")
}

// BenchmarkTickOverFloor is BenchmarkOrdinaryTick over BenchmarkTickFloor
// measured as a pair (pairedRatio): the same two loops on two crowds of
// the same size, alternating. Its "ratio" is the schedule's overhead that
// issue 28 asks to keep ≤ 1.6.
func BenchmarkTickOverFloor(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("entities=%d", n), func(b *testing.B) {
			tick, floor := crowd(b, n), crowd(b, n)
			pairedRatio(b, n, func() {
				tick.Now += benchStep
				ordinaryTick(tick)
			}, func() {
				for _, e := range floor.Objects {
					f := physics.IdentityFrame
					components.PartArray.Get(floor.ECS.Entry(e)).Update(benchStep, &f)
				}
			})
		})
	}
}

// BenchmarkCollisionOverOff is BenchmarkOrdinaryTickCollision's
// collision-on tick over its collision-off tick measured as a pair
// (pairedRatio): two crowds of walkers, one with the transition sweep on
// and one with it off, alternating. Its "ratio" is what collision costs
// the ordinary tick, which issue 26 asks to keep ≤ 2. A long run walks
// the 1,000 walkers into the next landblock, whose broad-phase space is
// made then (once per landblock, about 2,700 allocations): the
// steady-state tick allocates nothing (TestCrowdTickWithCollisionDoesNotAllocate).
func BenchmarkCollisionOverOff(b *testing.B) {
	for _, n := range benchSizes[:2] {
		b.Run(fmt.Sprintf("entities=%d", n), func(b *testing.B) {
			on, off := collisionCrowd(b, n, true), collisionCrowd(b, n, false)
			step := func(w *World) func() {
				return func() {
					w.Now += benchStep
					syncBodies(w)
					ordinaryTick(w)
				}
			}
			pairedRatio(b, n, step(on), step(off))
		})
	}
}

// BenchmarkBodySyncFullOverChanged is the collision-on tick with the body
// sync's full walk (every object's body confirmed each frame, as before
// the sync was change-driven) over the same tick with the change-driven
// sync (nothing to do in a walking crowd), measured as a pair
// (pairedRatio): two crowds of walkers with collision on, the first made
// to walk every object at each sync. Its "ratio" above 1 is what the
// full walk costs in thread time; below 1, what its reading every object
// ahead of the tick saves the tick (docs/performance.md, "Issue 26
// (round 8: change-driven sync)").
func BenchmarkBodySyncFullOverChanged(b *testing.B) {
	for _, n := range benchSizes[:2] {
		b.Run(fmt.Sprintf("entities=%d", n), func(b *testing.B) {
			full, changed := collisionCrowd(b, n, true), collisionCrowd(b, n, true)
			step := func(w *World, all bool) func() {
				return func() {
					w.Now += benchStep
					if all {
						w.collide.full = true
					}
					syncBodies(w)
					ordinaryTick(w)
				}
			}
			pairedRatio(b, n, step(full, true), step(changed, false))
		})
	}
}
