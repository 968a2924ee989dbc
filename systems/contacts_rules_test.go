package systems

import (
	"testing"

	"github.com/dereth/dereth/physics"
)

// TestRemovedObjectForgetsItsContacts: Collisions is nil for an object
// that has touched nothing since it was created, so removing an object
// drops its contacts, and a new object of the same guid starts with none.
func TestRemovedObjectForgetsItsContacts(t *testing.T) {
	w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 45, Z: 79}, {X: 70, Y: 46, Z: 85}})
	walker(t, w, 0x50000001, 60, 40, 0)
	for range 100 {
		w.Step(0.05)
	}
	if w.Collisions(0x50000001) == nil {
		t.Fatal("setup: the walker never touched the wall")
	}
	if !w.Remove(0x50000001) {
		t.Fatal("Remove found nothing")
	}
	if c := w.Collisions(0x50000001); c != nil {
		t.Fatalf("a removed object still has contacts %+v", c)
	}
	walker(t, w, 0x50000001, 60, 20, 0) // far from the wall
	w.Step(0.05)
	if c := w.Collisions(0x50000001); c != nil {
		t.Fatalf("a new object of the same guid starts with contacts %+v", c)
	}
}

// TestRevealBoundaryOnlyAfterAnArrival: with a streamer set but no
// arrival committed, the frame runs (and traces) its stream boundary but
// not its reveal boundary, whose condition needs both.
func TestRevealBoundaryOnlyAfterAnArrival(t *testing.T) {
	w := NewWorld()
	rec := &Recorder{}
	w.Trace = rec
	w.Stream = &gate{}
	w.Step(0.05)
	var stream, reveal int
	for _, e := range rec.Events {
		switch {
		case e.Schedule == "frame" && e.Stage == FrameStreamBoundary:
			stream++
		case e.Schedule == "frame" && e.Stage == FrameRevealBoundary:
			reveal++
		}
	}
	if stream != 1 || reveal != 0 {
		t.Fatalf("stream boundary traced %d times, reveal boundary %d; want 1, 0", stream, reveal)
	}
}
