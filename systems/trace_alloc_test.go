package systems

import (
	"testing"

	"github.com/dereth/dereth/motion"
)

// TestTracedTickDoesNotAllocate: with a full recorder ring, a traced
// frame of walking creatures allocates nothing (the world hands every
// tracer its one event, which the recorder copies).
func TestTracedTickDoesNotAllocate(t *testing.T) {
	w := NewWorld()
	setup, mt, anims := humanoid(nil)
	for i := 0; i < 20; i++ {
		o := spawnShared(t, w, 0x50000000+uint32(i), setup, mt, anims)
		s := motion.DefaultInterpretedState()
		s.ForwardCommand = motion.WalkForward
		w.Interp(o).MoveToInterpretedState(&s)
	}
	rec := &Recorder{Limit: 4096}
	w.Trace = rec
	for range 60 { // fill the ring and grow every slice once
		w.Step(benchStep)
	}
	if rec.Dropped == 0 {
		t.Fatal("setup: the ring never filled")
	}
	if n := testing.AllocsPerRun(20, func() { w.Step(benchStep) }); n != 0 {
		t.Fatalf("a traced frame allocates %v times", n)
	}
}
