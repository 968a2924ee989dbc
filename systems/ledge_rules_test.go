package systems

import (
	"math"
	"testing"

	"github.com/dereth/dereth/physics"
)

// TestLeavingTheGroundKeepsTheWalkVelocity pins MovementManager::
// LeaveGround reached from the transition (CMotionInterp::LeaveGround): a
// creature walking off a ledge is given its state velocity (the walk's
// forward speed, along its heading) as it leaves, so it falls forward
// rather than dropping straight down (on the ground only root motion moved
// it, with no velocity of its own).
func TestLeavingTheGroundKeepsTheWalkVelocity(t *testing.T) {
	w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 30, Z: 78}, {X: 70, Y: 42, Z: 82}})
	walkerAt(t, w, 0x50000001, physics.Vec3{X: 60, Y: 38, Z: 82}, 0)
	o := w.Object(0x50000001)
	w.Step(0.05)
	if h := math.Hypot(float64(o.Phys.Velocity.X), float64(o.Phys.Velocity.Y)); h > 1e-6 {
		t.Fatalf("setup: walking on the platform with a velocity of its own (%v)", o.Phys.Velocity)
	}
	want := o.Movement.Interp.GetStateVelocity()
	for i := 0; i < 100 && o.Phys.Transient.Has(physics.TransientOnWalkable); i++ {
		w.Step(0.05)
	}
	if o.Phys.Transient.Has(physics.TransientOnWalkable) {
		t.Fatal("never left the platform")
	}
	v := o.Phys.Velocity
	if want.Y < 1 || math.Abs(float64(v.Y-want.Y)) > 1e-4 || math.Abs(float64(v.X)) > 1e-4 {
		t.Fatalf("velocity on leaving the ground %v, want the state velocity %v along the heading (north)", v, want)
	}
}
