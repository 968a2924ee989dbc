package physics

import (
	"math/bits"
	"unsafe"
)

// Frame is the retail Frame / AFrame: an origin and an orientation. A part
// frame, a pos frame and an object's placement in its cell are all Frames.
type Frame struct {
	Origin      Vec3
	Orientation Quat
}

// IdentityFrame is the frame at the origin with no rotation.
var IdentityFrame = Frame{Orientation: IdentityQuat}

// Combine returns a∘b: b expressed in a's space (Frame::combine).
func Combine(a, b Frame) Frame {
	return Frame{
		Origin:      a.Origin.Add(a.Orientation.Rotate(b.Origin)),
		Orientation: a.Orientation.Mul(b.Orientation),
	}
}

// CombineInto sets *dst to a∘b, as Combine does, without passing the
// frames by value, and reports whether the result differs from a (*dst !=
// *a as frames compare): the ordinary tick's Frame::combine and its moved
// test. dst may be b, not a.
//
// When b turns nothing — its orientation (1, +0, +0, +0) bit for bit,
// the root motion of an animation without turns — and a's orientation is
// finite with no −0 component, a·b is a's orientation bit for bit (each
// component is itself plus or minus products with ±0), so the product is
// not computed and the orientations compare equal
// (TestCombineIntoMatchesCombine covers −0, infinities and NaN in either
// operand).
func CombineInto(dst, a, b *Frame) (moved bool) {
	q := &a.Orientation
	// a.Orientation.Rotate(b.Origin) written out: the same operations in
	// the same order, without the call.
	v := b.Origin
	u := Vec3{q.X, q.Y, q.Z}
	t := u.Cross(v).Scale(2)
	o := a.Origin.Add(v.Add(t.Scale(q.W)).Add(u.Cross(t)))
	if r, qb := quatBits(&b.Orientation), quatBits(q); r[0] == 0x3F800000 && r[1]|r[2]|r[3] == 0 &&
		plainBits(qb[0]) && plainBits(qb[1]) && plainBits(qb[2]) && plainBits(qb[3]) {
		dst.Origin, dst.Orientation = o, *q
		return o != a.Origin
	}
	m := q.Mul(b.Orientation)
	dst.Origin, dst.Orientation = o, m
	return *dst != *a
}

// quatBits views q's components as their IEEE 754 bits.
func quatBits(q *Quat) *[4]uint32 { return (*[4]uint32)(unsafe.Pointer(q)) }

// plainBits reports whether the float32 with bits u is finite and not −0:
// for such an f, f·1 is f, f·(+0) is ±0 and f ± 0 is f, so q.Mul(IdentityQuat)
// is q bit for bit when every component of q is plain (−0 − (−0) would be
// +0, ∞·0 NaN).
//
// It is one comparison: rotated left by one, the sign moves to bit 0 and
// the exponent to the top eight bits, so u is finite exactly when the
// rotation is below 0xFF000000; the xor with 1 then sends −0 (rotated, 1)
// to 0 and +0 to 1, and subtracting 1 wraps −0 to the top of the range:
// u&0x7FFFFFFF < 0x7F800000 && u != 1<<31, for every u
// (TestPlainBits, and checked over all 2³² values once).
func plainBits(u uint32) bool { return (bits.RotateLeft32(u, 1)^1)-1 < 0xFEFFFFFF }

// Subtract returns a∘b⁻¹, the exact inverse of Combine: Combine(Subtract(a,
// b), b) == a. It undoes a pos frame when a sequence plays backward.
func Subtract(a, b Frame) Frame {
	inv := b.Orientation.Inverse()
	q := a.Orientation.Mul(inv)
	return Frame{Origin: a.Origin.Sub(q.Rotate(b.Origin)), Orientation: q}
}

// Rotate turns f by the local rotation vector v (axis v/|v|, angle |v|
// radians), the effect of Frame::rotate with omega·dt.
func (f *Frame) Rotate(v Vec3) {
	f.Orientation = f.Orientation.Mul(AxisAngle(v)).Normalize()
}

// LocalToGlobal maps a point in f's space to its parent's space.
func (f Frame) LocalToGlobal(p Vec3) Vec3 { return f.Origin.Add(f.Orientation.Rotate(p)) }

// LocalToGlobalVec rotates a direction from f's space to its parent's space.
func (f Frame) LocalToGlobalVec(v Vec3) Vec3 { return f.Orientation.Rotate(v) }

// GlobalToLocalVec rotates a direction from the parent's space into f's.
func (f Frame) GlobalToLocalVec(v Vec3) Vec3 { return f.Orientation.Conj().Rotate(v) }

// Equal reports whether f and g agree within FrameEpsilon in every component.
func (f Frame) Equal(g Frame) bool {
	return near(f.Origin.X, g.Origin.X) && near(f.Origin.Y, g.Origin.Y) && near(f.Origin.Z, g.Origin.Z) &&
		near(f.Orientation.W, g.Orientation.W) && near(f.Orientation.X, g.Orientation.X) &&
		near(f.Orientation.Y, g.Orientation.Y) && near(f.Orientation.Z, g.Orientation.Z)
}

func near(a, b float32) bool {
	d := a - b
	return d <= FrameEpsilon32 && d >= -FrameEpsilon32
}
