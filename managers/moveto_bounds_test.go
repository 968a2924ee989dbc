package managers

import (
	"github.com/dereth/dereth/motion"
	"math"
	"testing"

	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
)

// The MoveToManager's helpers at the exact boundaries of their retail
// comparisons (ACE-derived MovementParameters / MoveToManager / Position;
// MoveToEpsilon is the 0.0002 float32 the comparisons use, seed 000's
// epsilon family).

// TestTowardsAndAwayAtTheBoundaries: backing away starts when the gap to
// min_distance is below MoveToEpsilon, not at it; between the two
// distances nothing moves (MovementParameters::towards_and_away).
func TestTowardsAndAwayAtTheBoundaries(t *testing.T) {
	p := motion.DefaultMoveToParams()
	p.DistanceToObject, p.MinDistance = 1, 0
	for _, tt := range []struct {
		dist   float32
		motion uint32
		away   bool
	}{
		{motion.MoveToEpsilon, 0, false},
		{math.Nextafter32(motion.MoveToEpsilon, 0), motion.WalkBackwards, true},
		{0.5, 0, false},
		{1, 0, false},
		{math.Nextafter32(1, 2), motion.WalkForward, false},
	} {
		if m, a := p.TowardsAndAway(tt.dist); m != tt.motion || a != tt.away {
			t.Errorf("towards_and_away(%v) = %s %v, want %s %v", tt.dist, cmd(m), a, cmd(tt.motion), tt.away)
		}
	}
}

// TestVectorHeadingJustLeftOfNorth: a direction whose heading rounds to
// 360 in float32 is heading 0 (AFrame::get_heading keeps [0, 360)).
func TestVectorHeadingJustLeftOfNorth(t *testing.T) {
	if h := motion.VectorHeading(-1e-9, 1); h != 0 {
		t.Fatalf("motion.VectorHeading(−1e-9, 1) = %v, want 0", h)
	}
	if h := motion.VectorHeading(-1e-3, 1); h < 359.9 || h >= 360 {
		t.Fatalf("motion.VectorHeading(−1e-3, 1) = %v, want just under 360", h)
	}
}

// TestPositionHeadingAtTheEpsilon: positions exactly MoveToEpsilon apart
// have a bearing; closer ones are the same spot (heading 0).
func TestPositionHeadingAtTheEpsilon(t *testing.T) {
	at := func(x float32) physics.Position {
		return physics.Position{Cell: 0x01010001, Frame: physics.Frame{Origin: physics.Vec3{X: x, Y: 1}, Orientation: physics.IdentityQuat}}
	}
	if h := motion.PositionHeading(at(0), at(motion.MoveToEpsilon)); h != 90 {
		t.Errorf("MoveToEpsilon east: heading %v, want 90", h)
	}
	if h := motion.PositionHeading(at(0), at(math.Nextafter32(motion.MoveToEpsilon, 0))); h != 0 {
		t.Errorf("under MoveToEpsilon east: heading %v, want 0", h)
	}
}

// TestCylinderDistanceAtZero: the diagonal gap applies only when the
// horizontal and vertical gaps are both positive or both negative; a zero
// in either leaves the horizontal reach (Position::CylinderDistance).
func TestCylinderDistanceAtZero(t *testing.T) {
	// The other cylinder stands 3 north and 4 up: 5 apart. reach = 5 − the
	// radii, dz = 4 − the lower one's height.
	a := physics.Position{Cell: 0x01010001, Frame: physics.IdentityFrame}
	b := physics.Position{Cell: 0x01010001, Frame: physics.Frame{Origin: physics.Vec3{Y: 3, Z: 4}, Orientation: physics.IdentityQuat}}
	for _, tt := range []struct {
		name          string
		radii, height float32
		want          float32
	}{
		{"reach 1, dz 1", 2, 3, float32(math.Sqrt2)},
		{"reach 0.5, dz 3.5", 2.25, 0.5, float32(math.Sqrt(12.5))},
		{"reach 0, dz 3.5", 2.5, 0.5, 0},
		{"reach 0, dz −1", 2.5, 5, 0},
		{"reach −1, dz 0.5", 3, 3.5, -1},
		{"reach −1, dz −1", 3, 5, -float32(math.Sqrt2)},
	} {
		if got := motion.CylinderDistance(tt.radii, tt.height, a, tt.radii, 9, b); math.Abs(float64(got-tt.want)) > 1e-6 {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestHeadingDiffAtTheEpsilon: normalizeHeadingDiff snaps only |d| below
// MoveToEpsilon to 0 and lifts only d below −MoveToEpsilon by 360;
// heading_diff turns a difference above MoveToEpsilon round for a left
// turn, not one of exactly MoveToEpsilon.
func TestHeadingDiffAtTheEpsilon(t *testing.T) {
	e := float32(motion.MoveToEpsilon)
	for _, tt := range []struct{ d, want float32 }{
		{e, e}, {-e, -e}, {math.Nextafter32(e, 0), 0}, {math.Nextafter32(-e, -1), 360 + math.Nextafter32(-e, -1)},
	} {
		if got := normalizeHeadingDiff(tt.d); got != tt.want {
			t.Errorf("normalize(%v) = %v, want %v", tt.d, got, tt.want)
		}
	}
	if d := headingDiff(e, 0, motion.TurnLeft); d != e {
		t.Errorf("heading_diff left at ε = %v, want the difference itself", d)
	}
}

// TestMovementManagerDrivesTheMoveTo: MovementManager::HitGround hands the
// landing to the MoveToManager, which begins its waiting leg at once (for
// an object without gravity, whose interpreter ignores the landing), and
// MovementManager::UseTime runs its legs to the end.
func TestMovementManagerDrivesTheMoveTo(t *testing.T) {
	r := newMoveToRig(t)
	r.o.Phys.Transient &^= physics.TransientContact
	r.m.MoveToPosition(r.at(8, 0), motion.DefaultMoveToParams())
	for range 30 {
		r.step()
	}
	r.o.Phys.Transient |= physics.TransientContact
	r.o.Phys.State &^= physics.StateGravity // the interpreter's HitGround does nothing then
	mm(r.o).HitGround()
	if r.m.CurrentCommand != motion.TurnRight {
		t.Fatalf("MovementManager.HitGround began %s, want TurnRight", motioncmd.Name(r.m.CurrentCommand))
	}
	for i := 0; i < 900 && len(r.done) == 0; i++ {
		r.now += mtDt
		f := physics.IdentityFrame
		r.o.Parts.Update(mtDt, &f)
		r.o.Phys.Position.Frame = physics.Combine(r.o.Phys.Position.Frame, f)
		r.o.ProcessHooks(nil)
		mm(r.o).UseTime()
		r.o.Parts.HandleMovement()
	}
	r.expectDone(motion.ErrNone)
}

// TestRemoveMotionLeavesANonStyleCurrentStyle: RemoveMotion resets the
// current style only for a style command (class bit 0x80000000) equal to
// it; a wire current_style that is not a style stays when that command is
// removed (InterpretedMotionState / RawMotionState::RemoveMotion).
func TestRemoveMotionLeavesANonStyleCurrentStyle(t *testing.T) {
	s := motion.DefaultInterpretedState()
	s.CurrentStyle = motion.AttackHigh1 // an action, not a style
	s.RemoveMotion(motion.AttackHigh1)
	r := motion.DefaultRawState()
	r.CurrentStyle = motion.AttackHigh1
	r.RemoveMotion(motion.AttackHigh1)
	if s.CurrentStyle != motion.AttackHigh1 || r.CurrentStyle != motion.AttackHigh1 {
		t.Fatalf("removing an action reset the style: %s %s", cmd(s.CurrentStyle), cmd(r.CurrentStyle))
	}
	s.CurrentStyle, r.CurrentStyle = motion.HandCombat, motion.HandCombat
	s.RemoveMotion(motion.HandCombat)
	r.RemoveMotion(motion.HandCombat)
	if s.CurrentStyle != motion.NonCombat || r.CurrentStyle != motion.NonCombat {
		t.Fatalf("removing the current style left %s %s, want NonCombat", cmd(s.CurrentStyle), cmd(r.CurrentStyle))
	}
}
