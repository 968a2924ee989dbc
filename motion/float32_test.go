package motion

import (
	"testing"
)

// eps32 is the seed's 0.000199999995f: the float32 nearest 0.0002.
const eps32 = float32(0.0002)

// TestChangeCycleSpeedComparesInFloat32 pins seed 004 Q2, change_cycle_speed
// (0x00522290): `if (fabs(oldSpeed) >= 0.000199999995f)` rescales by
// new/old. The speeds and the constant are float32, so an old speed of
// exactly float32(0.0002) is not below the epsilon: the cycle rescales by
// new/old instead of freezing.
func TestChangeCycleSpeedComparesInFloat32(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	settle(t, o)
	node := o.Parts.Sequence.CurrAnim()
	o.Interp().MoveToInterpretedState(ims(WalkForward, eps32)) // ×0.0002 in place
	before := node.Framerate
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	if o.Parts.Sequence.CurrAnim() != node {
		t.Fatal("a speed-only change must keep the node")
	}
	want := 30.0 // 30 fps × 0.0002 × (1 / 0.0002)
	if !near(float64(node.Framerate), want, 1e-3) {
		t.Fatalf("old speed exactly float32(0.0002) → 1: framerate %v → %v, want rescaled ×1/old = %v (|old| ≥ ε in float32)", before, node.Framerate, want)
	}
}

// TestChangeCycleSpeedFreezesAtExactEpsilonNewSpeed pins the second branch
// of change_cycle_speed (seed 004 Q2): `else if (fabs(newSpeed) >=
// 0.000199999995f)` multiplies the cyclic framerate by 0. A new speed of
// exactly float32(0.0002) after a near-zero old speed freezes the cycle.
func TestChangeCycleSpeedFreezesAtExactEpsilonNewSpeed(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	settle(t, o)
	node := o.Parts.Sequence.CurrAnim()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 0.0001)) // ×0.0001 in place
	o.Interp().MoveToInterpretedState(ims(WalkForward, eps32))
	if o.Parts.Sequence.CurrAnim() != node || node.Framerate != 0 {
		t.Fatalf("old 0.0001 → new exactly float32(0.0002): framerate %v, want frozen (0)", node.Framerate)
	}
}
