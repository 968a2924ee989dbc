package systems

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/internal/cputime"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// collisionCrowd is crowd with collision spheres (two of 0.45, as the
// sample human's) on flat terrain: n walkers on a 3-unit grid, so the
// broad phase holds them all and each sweep gathers its neighbours.
func collisionCrowd(b testing.TB, n int, on bool) *World {
	w := NewWorld()
	w.Ground = flatLand(groundZ)
	w.Collision(on)
	setup, mt, anims := humanoid(nil)
	s := *setup
	s.Spheres = []dat.Sphere{{Origin: physics.Vec3{Z: 0.45}, Radius: 0.45}, {Origin: physics.Vec3{Z: 1.3}, Radius: 0.45}}
	s.StepUpHeight, s.StepDownHeight = 0.4, 0.4
	side := 1
	for side*side < n {
		side++
	}
	for i := 0; i < n; i++ {
		d, _ := archetypes.FromTemplate("creature")
		at := physics.Vec3{X: 10 + float32(3*float32(i%side)), Y: 10 + float32(3*float32(i/side)), Z: groundZ}
		cell, ok := dat.AdjustToOutside(0xA9B40001, &at)
		if !ok {
			b.Fatal("grid left the world")
		}
		d.GUID, d.Cell = 0x50000000+uint32(i), cell
		d.Frame = physics.Frame{Origin: at, Orientation: physics.IdentityQuat}
		d.Transient |= physics.TransientContact | physics.TransientOnWalkable
		d.State |= physics.StateGravity
		d.Setup, d.MotionTable, d.Anims = &s, mt, anims
		o, err := w.Spawn(d)
		if err != nil {
			b.Fatal(err)
		}
		st := motion.DefaultInterpretedState()
		st.ForwardCommand = motion.WalkForward
		w.Interp(o).MoveToInterpretedState(&st)
	}
	for range 60 {
		w.Step(benchStep)
	}
	return w
}

// BenchmarkOrdinaryTickCollision is BenchmarkOrdinaryTick for walkers
// with spheres on terrain, with the transition sweep on and off; the ratio
// is what collision costs the ordinary tick.
func BenchmarkOrdinaryTickCollision(b *testing.B) {
	for _, n := range benchSizes[:2] {
		for _, on := range []bool{false, true} {
			b.Run(fmt.Sprintf("entities=%d/collision=%v", n, on), func(b *testing.B) {
				w := collisionCrowd(b, n, on)
				b.ReportAllocs()
				b.ResetTimer()
				cpu := cputime.Start()
				for b.Loop() {
					w.Now += benchStep
					syncBodies(w)
					ordinaryTick(w)
				}
				cpu.Report(b, n, "ns/entity-quantum")
				reportPerQuantum(b, n)
			})
		}
	}
}

// TestCrowdTickWithCollisionDoesNotAllocate: a steady crowd tick of 1000
// and of 10000 walkers with collision on (broad phase kept in step, every
// walker swept, walkers crossing broad-phase cells and landblocks)
// allocates nothing: the broad phase's cell lists and each footprint's
// list of touched cells are full-sized before the crowd walks. (Before
// the footprints' lists were, the 10000 crowd's 17th tick here allocated
// 100 times, as a row of walkers first straddled four cells.)
func TestCrowdTickWithCollisionDoesNotAllocate(t *testing.T) {
	for _, tc := range []struct{ walkers, ticks int }{{1000, 100}, {10000, 40}} {
		t.Run(fmt.Sprint(tc.walkers), func(t *testing.T) {
			// MemStats counts the whole process: a goroutine another test
			// left behind can allocate during the count. So a fresh crowd
			// is counted up to three times and the test fails only when
			// every count allocates; an allocation of the tick itself (a
			// burst while resolv grows its cell lists) is in each.
			var counts []uint64
			for range 3 {
				w := collisionCrowd(t, tc.walkers, true)
				// Every tick counted, from the first after the set-up:
				// AllocsPerRun's warm-up run and truncated mean would hide
				// a burst.
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				for range tc.ticks {
					w.Now += benchStep
					syncBodies(w)
					ordinaryTick(w)
				}
				runtime.ReadMemStats(&after)
				n := after.Mallocs - before.Mallocs
				if n == 0 {
					return
				}
				counts = append(counts, n)
			}
			t.Fatalf("allocations in %d crowd ticks, in each of three fresh crowds: %v", tc.ticks, counts)
		})
	}
}
