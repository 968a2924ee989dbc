package systems

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/internal/cputime"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// benchStep is the benchmarks' frame length: off the quantum boundaries
// (MinQuantum 1/30 s, MaxQuantum 0.1 s), so every object runs exactly one
// quantum per frame whatever b.N is.
const benchStep = 0.05

// benchSizes are the crowd sizes the tick benchmarks run.
var benchSizes = []int{1000, 10000, 100000}

// crowd spawns n creatures carrying every manager, alternating walk and
// run cycles over one shared set of DAT objects (as the asset cache shares
// them), and settles them for 60 frames.
func crowd(b *testing.B, n int) *World {
	w := NewWorld()
	setup, mt, anims := humanoid(nil)
	for i := 0; i < n; i++ {
		o := spawnShared(b, w, 0x50000000+uint32(i), setup, mt, anims)
		s := motion.DefaultInterpretedState()
		s.ForwardCommand = motion.WalkForward
		if i%2 == 1 {
			s.ForwardSpeed = 1.5
		}
		w.Interp(o).MoveToInterpretedState(&s)
	}
	for range 60 { // settle links and grow every slice once
		w.Step(benchStep)
	}
	return w
}

// reportPerQuantum reports ns per entity-quantum (each frame runs one
// quantum per entity).
func reportPerQuantum(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entity-quantum")
}

// BenchmarkOrdinaryTick runs update_object over the object table: the
// ordinary schedule for every creature, one quantum each.
func BenchmarkOrdinaryTick(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("entities=%d", n), func(b *testing.B) {
			w := crowd(b, n)
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cputime.Start()
			for b.Loop() {
				w.Now += benchStep
				ordinaryTick(w)
			}
			cpu.Report(b, n, "ns/entity-quantum")
			reportPerQuantum(b, n)
		})
	}
}

// BenchmarkTickFloor does the least possible per-object work on the same
// data: advance each object's sequence by one quantum, nothing else. The
// ratio OrdinaryTick / TickFloor is the schedule's overhead.
func BenchmarkTickFloor(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("entities=%d", n), func(b *testing.B) {
			w := crowd(b, n)
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cputime.Start()
			for b.Loop() {
				for _, e := range w.Objects {
					f := physics.IdentityFrame
					components.PartArray.Get(w.ECS.Entry(e)).Update(benchStep, &f)
				}
			}
			cpu.Report(b, n, "ns/entity-quantum")
			reportPerQuantum(b, n)
		})
	}
}

// BenchmarkFrameStep is the whole orchestrated frame (ordinary tick,
// presenter, deferred hooks, effects, particles), tracing off.
func BenchmarkFrameStep(b *testing.B) {
	for _, n := range benchSizes[:2] {
		b.Run(fmt.Sprintf("entities=%d", n), func(b *testing.B) {
			w := crowd(b, n)
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cputime.Start()
			for b.Loop() {
				w.Step(benchStep)
			}
			cpu.Report(b, n, "ns/entity-quantum")
			reportPerQuantum(b, n)
		})
	}
}

// BenchmarkRemove removes one object from a world of n and spawns a
// replacement (timer stopped), so the world size stays n: removal is
// constant time at any size.
func BenchmarkRemove(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("entities=%d", n), func(b *testing.B) {
			w := NewWorld()
			setup, mt, anims := humanoid(nil)
			for i := 0; i < n; i++ {
				spawnShared(b, w, 0x50000000+uint32(i), setup, mt, anims)
			}
			next := uint32(0x50000000 + n)
			victim := uint32(0x50000000 + n/2)
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cputime.Start()
			for b.Loop() {
				if !w.Remove(victim) {
					b.Fatalf("0x%08X not found", victim)
				}
				cpu.Pause()
				b.StopTimer()
				spawnShared(b, w, next, setup, mt, anims)
				victim, next = next, next+1
				b.StartTimer()
				cpu.Resume()
			}
			cpu.Report(b, 1, "ns/op")
		})
	}
}

// BenchmarkSpawn is World.Spawn of one creature carrying every manager
// into a world that already holds 10,000.
func BenchmarkSpawn(b *testing.B) {
	w := NewWorld()
	setup, mt, anims := humanoid(nil)
	for i := 0; i < 10000; i++ {
		spawnShared(b, w, 0x40000000+uint32(i), setup, mt, anims)
	}
	g := uint32(0x50000000)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for b.Loop() {
		spawnShared(b, w, g, setup, mt, anims)
		g++
	}
	cpu.Report(b, 1, "ns/op")
}

// BenchmarkCreatureBytes reports the live heap per animated creature:
// 10,000 walking creatures spawned and settled, measured after a GC.
func BenchmarkCreatureBytes(b *testing.B) {
	const n = 10000
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		w := crowd(b, n)
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/n, "bytes/creature")
		runtime.KeepAlive(w)
	}
}

// BenchmarkPresenter is the frame's presenter alone: sample every part
// array without advancing time and publish what changed, after one
// ordinary quantum moved every creature.
func BenchmarkPresenter(b *testing.B) {
	for _, n := range benchSizes[:2] {
		b.Run(fmt.Sprintf("entities=%d", n), func(b *testing.B) {
			w := crowd(b, n)
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cputime.Start()
			for b.Loop() {
				cpu.Pause()
				b.StopTimer()
				w.Now += benchStep
				ordinaryTick(w)
				b.StartTimer()
				cpu.Resume()
				present(w)
			}
			cpu.Report(b, n, "ns/entity")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entity")
		})
	}
}
