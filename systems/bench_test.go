package systems

import (
	"fmt"
	"testing"

	"github.com/dereth/dereth/motion"
)

// BenchmarkOrdinaryTick runs the ordinary schedule over n creatures that
// carry every manager and alternate walk and run cycles.
func BenchmarkOrdinaryTick(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("entities=%d", n), func(b *testing.B) {
			w := NewWorld()
			setup, mt, anims := humanoid(nil) // one set of DAT objects, shared as the asset cache shares them
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
				w.Step(1.0 / 30)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				w.Now += 1.0 / 30
				for _, o := range w.Objects {
					w.UpdateObject(o)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entity")
		})
	}
}

// BenchmarkFrameStep is the whole orchestrated frame, tracing off.
func BenchmarkFrameStep(b *testing.B) {
	w := NewWorld()
	setup, mt, anims := humanoid(nil)
	for i := 0; i < 1000; i++ {
		o := spawnShared(b, w, 0x50000000+uint32(i), setup, mt, anims)
		s := motion.DefaultInterpretedState()
		s.ForwardCommand = motion.RunForward
		w.Interp(o).MoveToInterpretedState(&s)
	}
	for range 60 {
		w.Step(1.0 / 30)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		w.Step(1.0 / 30)
	}
}
