package physics

import (
	"math"
	"testing"
)

// TestClockConstantValues pins the seed constants to their exact float32
// values (seed 000 update_object: FrameEpsilon 0.000199999995, MinQuantum,
// MaxQuantum, HugeQuantum; seed 004 Q2 change_cycle_speed's epsilon) and
// the float64 names to those values widened.
func TestClockConstantValues(t *testing.T) {
	cases := []struct {
		name string
		f32  float32
		f64  float64
		bits uint32
	}{
		{"FrameEpsilon", FrameEpsilon32, FrameEpsilon, 0x3951B717},
		{"MinQuantum", MinQuantum32, MinQuantum, 0x3D088889},
		{"MaxQuantum", MaxQuantum32, MaxQuantum, 0x3DCCCCCD},
		{"HugeQuantum", HugeQuantum32, HugeQuantum, 0x40000000},
	}
	for _, c := range cases {
		if got := math.Float32bits(c.f32); got != c.bits {
			t.Errorf("%s32 = %v (%#08x), want bits %#08x", c.name, c.f32, got, c.bits)
		}
		if c.f64 != float64(c.f32) {
			t.Errorf("%s = %v, want the float32 value widened %v", c.name, c.f64, float64(c.f32))
		}
	}
}

// TestFrameEqualTolerance: Frame.Equal allows exactly FrameEpsilon32 in
// every component, not more.
func TestFrameEqualTolerance(t *testing.T) {
	base := Frame{Origin: Vec3{1, 2, 3}, Orientation: Quat{0.5, 0.5, 0.5, 0.5}}
	if !base.Equal(base) {
		t.Fatal("a frame equals itself")
	}
	bump := []func(f *Frame, d float32){
		func(f *Frame, d float32) { f.Origin.X += d },
		func(f *Frame, d float32) { f.Origin.Y += d },
		func(f *Frame, d float32) { f.Origin.Z += d },
		func(f *Frame, d float32) { f.Orientation.W += d },
		func(f *Frame, d float32) { f.Orientation.X += d },
		func(f *Frame, d float32) { f.Orientation.Y += d },
		func(f *Frame, d float32) { f.Orientation.Z += d },
	}
	for i, b := range bump {
		for _, sign := range []float32{1, -1} {
			g := base
			b(&g, sign*0.01)
			if base.Equal(g) {
				t.Errorf("component %d off by %v compares equal", i, sign*0.01)
			}
		}
	}
	if !near(FrameEpsilon32, 0) || !near(0, FrameEpsilon32) || !near(-FrameEpsilon32, 0) {
		t.Error("a difference of exactly FrameEpsilon32 is within")
	}
	next := math.Nextafter32(FrameEpsilon32, 1)
	if near(next, 0) || near(0, next) {
		t.Error("a difference just above FrameEpsilon32 is not within")
	}
}

func TestMat4Constructors(t *testing.T) {
	want := Mat4{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}
	if IdentityMat4 != want {
		t.Fatalf("identity %v", IdentityMat4)
	}
	if got := ScaleMat4(Vec3{2, 3, 4}); got != (Mat4{{2, 0, 0, 0}, {0, 3, 0, 0}, {0, 0, 4, 0}, {0, 0, 0, 1}}) {
		t.Fatalf("scale %v", got)
	}
	if got := TranslateMat4(Vec3{5, 6, 7}); got != (Mat4{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {5, 6, 7, 1}}) {
		t.Fatalf("translate %v", got)
	}
	m := ScaleMat4(Vec3{2, 2, 2}).Mul(TranslateMat4(Vec3{1, 0, 0}))
	if got := m.Apply(Vec3{1, 1, 1}); got != (Vec3{3, 2, 2}) {
		t.Fatalf("scale then translate (1,1,1) = %v, want (3,2,2)", got)
	}
}

func TestNewObjectDefaults(t *testing.T) {
	o := NewObject(7)
	if o.GUID != 7 || o.Scale != 1 || o.Position.Frame != IdentityFrame || o.Position.Cell != 0 {
		t.Fatalf("NewObject = %+v", o)
	}
	o.Scale = 2.5
	if o.ScaleVec() != (Vec3{2.5, 2.5, 2.5}) {
		t.Fatalf("ScaleVec %v", o.ScaleVec())
	}
}

func TestQuatAlgebra(t *testing.T) {
	if IdentityQuat != (Quat{W: 1}) {
		t.Fatalf("identity %v", IdentityQuat)
	}
	// Hamilton products of the basis: i·j = k, j·k = i, k·i = j, i·i = -1.
	i, j, k := Quat{X: 1}, Quat{Y: 1}, Quat{Z: 1}
	for _, c := range []struct{ a, b, want Quat }{
		{i, j, k}, {j, k, i}, {k, i, j}, {j, i, Quat{Z: -1}},
		{i, i, Quat{W: -1}}, {Quat{W: 2}, Quat{1, 2, 3, 4}, Quat{2, 4, 6, 8}},
		{Quat{1, 2, 3, 4}, Quat{5, 6, 7, 8}, Quat{-60, 12, 30, 24}},
	} {
		if got := c.a.Mul(c.b); got != c.want {
			t.Errorf("%v·%v = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	q := Quat{1, 2, 3, 4}
	if q.Conj() != (Quat{1, -2, -3, -4}) {
		t.Fatalf("conj %v", q.Conj())
	}
	if got := q.Inverse(); got != (Quat{1.0 / 30, -2.0 / 30, -3.0 / 30, -4.0 / 30}) {
		t.Fatalf("inverse %v", got)
	}
	if (Quat{}).Inverse() != IdentityQuat || (Quat{}).Normalize() != IdentityQuat {
		t.Fatal("a zero quaternion inverts and normalizes to the identity")
	}
	inf := float32(math.Inf(1))
	if (Quat{W: inf}).Normalize() != IdentityQuat {
		t.Fatal("a non-finite quaternion normalizes to the identity")
	}
	if got := (Quat{2, 0, 0, 0}).Normalize(); got != IdentityQuat {
		t.Fatalf("normalize (2,0,0,0) = %v", got)
	}
	if got := (Quat{0, 0, 3, 4}).Normalize(); got != (Quat{0, 0, 0.6, 0.8}) {
		t.Fatalf("normalize (0,0,3,4) = %v", got)
	}
	if got := (Quat{1, 1, 1, 1}).Normalize(); got != (Quat{0.5, 0.5, 0.5, 0.5}) {
		t.Fatalf("normalize (1,1,1,1) = %v", got)
	}
}

func TestAxisAngleAndHeading(t *testing.T) {
	if AxisAngle(Vec3{Z: FrameEpsilon32}) == IdentityQuat {
		t.Fatal("an angle of exactly FrameEpsilon32 still rotates (the cut is < FrameEpsilon)")
	}
	if AxisAngle(Vec3{Z: math.Nextafter32(FrameEpsilon32, 0)}) != IdentityQuat {
		t.Fatal("an angle below FrameEpsilon32 is the identity")
	}
	if AxisAngle(Vec3{X: float32(math.NaN())}) != IdentityQuat || AxisAngle(Vec3{Y: float32(math.Inf(1))}) != IdentityQuat {
		t.Fatal("a non-finite rotation vector is the identity")
	}
	q := AxisAngle(Vec3{X: math.Pi / 2})
	if !vecNear(q.Rotate(Vec3{0, 1, 0}), Vec3{0, 0, 1}, 1e-6) {
		t.Fatalf("+90° about x maps y to %v", q.Rotate(Vec3{0, 1, 0}))
	}
	s := float32(math.Sqrt(0.5))
	if d := q.Sub(Quat{s, s, 0, 0}); abs32(d.W)+abs32(d.X)+abs32(d.Y)+abs32(d.Z) > 1e-6 {
		t.Fatalf("AxisAngle(π/2 x) = %v", q)
	}
	h := Heading(math.Pi)
	if !vecNear(h.Rotate(Vec3{1, 0, 0}), Vec3{-1, 0, 0}, 1e-6) || abs32(h.Z-1) > 1e-6 {
		t.Fatalf("Heading(π) = %v", h)
	}
}

// Sub is the component-wise difference (test helper).
func (q Quat) Sub(r Quat) Quat { return Quat{q.W - r.W, q.X - r.X, q.Y - r.Y, q.Z - r.Z} }

func TestVecOps(t *testing.T) {
	a, b := Vec3{1, 2, 3}, Vec3{4, -5, 6}
	if a.Add(b) != (Vec3{5, -3, 9}) || a.Sub(b) != (Vec3{-3, 7, -3}) || a.Scale(2) != (Vec3{2, 4, 6}) ||
		a.Mul(b) != (Vec3{4, -10, 18}) || a.Dot(b) != 12 || a.Cross(b) != (Vec3{27, 6, -13}) {
		t.Fatal("vector arithmetic")
	}
	if (Vec3{3, 4, 12}).Len() != 13 {
		t.Fatal("length")
	}
	for _, v := range []Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
		if v.IsZero() {
			t.Fatalf("%v is not zero", v)
		}
	}
	if !(Vec3{}).IsZero() {
		t.Fatal("zero")
	}
	if got := (Vec3{0, 3, 4}).Normalize(); got != (Vec3{0, 0.6, 0.8}) {
		t.Fatalf("normalize %v", got)
	}
	tiny := Vec3{X: math.Nextafter32(FrameEpsilon32, 0)}
	if tiny.Normalize() != tiny {
		t.Fatal("a vector shorter than FrameEpsilon32 is returned unchanged")
	}
	edge := Vec3{X: FrameEpsilon32}
	if got := edge.Normalize(); got != (Vec3{X: 1}) {
		t.Fatalf("a vector of length exactly FrameEpsilon32 normalizes: %v", got)
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(-1))
	for _, v := range []Vec3{{nan, 0, 0}, {0, nan, 0}, {0, 0, nan}, {inf, 0, 0}, {0, inf, 0}, {0, 0, inf}} {
		if v.Finite() {
			t.Fatalf("%v is not finite", v)
		}
	}
	if !(Vec3{1, 2, 3}).Finite() {
		t.Fatal("finite")
	}
}

// TestStateBits pins the retail PhysicsState and TransientState bit values
// (what CreateObject's PhysicsDesc and SetState carry on the wire).
func TestStateBits(t *testing.T) {
	states := []struct {
		b    State
		want uint32
	}{
		{StateStatic, 0x1}, {StateEthereal, 0x4}, {StateReportCollisions, 0x8}, {StateIgnoreCollisions, 0x10},
		{StateNoDraw, 0x20}, {StateMissile, 0x40}, {StatePushable, 0x80}, {StateAlignPath, 0x100},
		{StatePathClipped, 0x200}, {StateGravity, 0x400}, {StateLightingOn, 0x800}, {StateParticleEmitter, 0x1000},
		{StateHidden, 0x4000}, {StateScriptedCollision, 0x8000}, {StateHasPhysicsBSP, 0x10000},
		{StateInelastic, 0x20000}, {StateHasDefaultAnim, 0x40000}, {StateHasDefaultScript, 0x80000},
		{StateCloaked, 0x100000}, {StateReportCollisionsAsEnvironment, 0x200000}, {StateEdgeSlide, 0x400000},
		{StateSledding, 0x800000}, {StateFrozen, 0x1000000},
	}
	for _, c := range states {
		if uint32(c.b) != c.want {
			t.Errorf("state bit %#x, want %#x", uint32(c.b), c.want)
		}
	}
	transients := []struct {
		b    Transient
		want uint32
	}{
		{TransientContact, 0x1}, {TransientOnWalkable, 0x2}, {TransientSliding, 0x4}, {TransientWaterContact, 0x8},
		{TransientStationaryFall, 0x10}, {TransientStationaryStop, 0x20}, {TransientStationaryStuck, 0x40},
		{TransientActive, 0x80}, {TransientCheckEthereal, 0x100},
	}
	for _, c := range transients {
		if uint32(c.b) != c.want {
			t.Errorf("transient bit %#x, want %#x", uint32(c.b), c.want)
		}
	}
	s := StateGravity | StateHidden
	if !s.Has(StateGravity) || !s.Has(StateGravity|StateHidden) || s.Has(StateGravity|StateFrozen) || s.Has(StateFrozen) {
		t.Fatal("State.Has")
	}
	tr := TransientContact | TransientActive
	if !tr.Has(TransientContact) || tr.Has(TransientContact|TransientOnWalkable) || tr.Has(TransientOnWalkable) {
		t.Fatal("Transient.Has")
	}
}
