package systems

import (
	"testing"

	"github.com/dereth/dereth/physics"
)

// TestTraceShowsLeaveAndHitGround: a grounded mover launched upward
// leaves the ground without a leave_ground (whoever launched it called
// LeaveGround: retail's launched case), and its landing is traced as
// kind "collision", stage "hit_ground", once, in the frame it lands in;
// a walker that walks off nothing is not traced leaving. A script asserts
// a landing from these events (docs/scripting.md).
func TestTraceShowsLeaveAndHitGround(t *testing.T) {
	w := busyWorld(t, true)
	withTerrain(t, w)
	rec := w.Trace.(*Recorder)
	for range 10 {
		w.Step(0.05)
	}
	o := w.Object(0x50000001)
	if !o.Phys.Transient.Has(physics.TransientOnWalkable) {
		t.Fatal("setup: want a grounded mover")
	}
	rec.Events = rec.Events[:0]
	o.Phys.Velocity.Z = 4
	landed := -1
	for i := 0; i < 80 && landed < 0; i++ {
		w.Step(0.05)
		if i > 0 && o.Phys.Transient.Has(physics.TransientOnWalkable) {
			landed = w.FrameNo
		}
	}
	if landed < 0 {
		t.Fatal("the mover never landed")
	}
	var hits, leaves int
	for _, e := range rec.Events {
		if e.Kind != KindCollision || e.Obj != 0x50000001 {
			continue
		}
		switch e.Stage {
		case StageHitGround:
			hits++
			if e.Frame != landed {
				t.Fatalf("hit_ground in frame %d, landed in %d", e.Frame, landed)
			}
		case StageLeaveGround:
			leaves++
		}
	}
	if hits != 1 || leaves != 0 {
		t.Fatalf("%d hit_ground and %d leave_ground events, want 1 and 0", hits, leaves)
	}
}
