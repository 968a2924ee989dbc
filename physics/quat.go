package physics

import "math"

// Quat is a rotation quaternion. The DAT and wire store it W, X, Y, Z.
type Quat struct{ W, X, Y, Z float32 }

// IdentityQuat is the rotation that does nothing.
var IdentityQuat = Quat{W: 1}

// Mul returns the Hamilton product q·r: the rotation r followed by q.
// Each product is rounded on its own, as everywhere in this package (no
// fused multiply-add; see Vec3).
func (q Quat) Mul(r Quat) Quat {
	return Quat{
		W: float32(q.W*r.W) - float32(q.X*r.X) - float32(q.Y*r.Y) - float32(q.Z*r.Z),
		X: float32(q.W*r.X) + float32(q.X*r.W) + float32(q.Y*r.Z) - float32(q.Z*r.Y),
		Y: float32(q.W*r.Y) - float32(q.X*r.Z) + float32(q.Y*r.W) + float32(q.Z*r.X),
		Z: float32(q.W*r.Z) + float32(q.X*r.Y) - float32(q.Y*r.X) + float32(q.Z*r.W),
	}
}

// Conj returns the conjugate of q, which is its inverse when q is unit.
func (q Quat) Conj() Quat { return Quat{q.W, -q.X, -q.Y, -q.Z} }

// Inverse returns q⁻¹; a zero quaternion yields the identity.
func (q Quat) Inverse() Quat {
	n := float32(q.W*q.W) + float32(q.X*q.X) + float32(q.Y*q.Y) + float32(q.Z*q.Z)
	if n == 0 {
		return IdentityQuat
	}
	// The conjugate written out (Conj's call would cost Inverse its
	// inlining now that the squares are rounded one by one).
	return Quat{q.W / n, -q.X / n, -q.Y / n, -q.Z / n}
}

// Normalize returns q scaled to unit length; a zero quaternion yields the
// identity.
func (q Quat) Normalize() Quat {
	n := float32(math.Sqrt(float64(float32(q.W*q.W) + float32(q.X*q.X) + float32(q.Y*q.Y) + float32(q.Z*q.Z))))
	if n == 0 || !finite(n) {
		return IdentityQuat
	}
	return Quat{q.W / n, q.X / n, q.Y / n, q.Z / n}
}

// Rotate returns v rotated by q (q·v·q⁻¹ for a unit q).
func (q Quat) Rotate(v Vec3) Vec3 {
	u := Vec3{q.X, q.Y, q.Z}
	t := u.Cross(v).Scale(2)
	return v.Add(t.Scale(q.W)).Add(u.Cross(t))
}

// AxisAngle returns the rotation by |v| radians about the axis v/|v|;
// a vector shorter than FrameEpsilon yields the identity.
func AxisAngle(v Vec3) Quat {
	angle := v.Len()
	if angle < FrameEpsilon32 || !finite(angle) {
		return IdentityQuat
	}
	s, c := math.Sincos(float64(angle) / 2)
	a := v.Scale(float32(s) / angle)
	return Quat{float32(c), a.X, a.Y, a.Z}
}

// Heading returns a rotation about +z by the given angle in radians.
func Heading(radians float64) Quat {
	s, c := math.Sincos(radians / 2)
	return Quat{W: float32(c), Z: float32(s)}
}
