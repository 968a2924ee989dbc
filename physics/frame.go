package physics

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
// frames by value (the ordinary tick's Frame::combine). dst may be a or b.
func CombineInto(dst, a, b *Frame) {
	o := a.Origin.Add(a.Orientation.Rotate(b.Origin))
	q := a.Orientation.Mul(b.Orientation)
	dst.Origin, dst.Orientation = o, q
}

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
