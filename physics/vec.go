package physics

import "math"

// Vec3 is a retail Vector3: three float32 components, x east, y north, z up.
type Vec3 struct{ X, Y, Z float32 }

// No fused multiply-add: the retail client rounds every product to float32
// before adding it (x87/SSE without FMA), and so must every target. Go may
// fuse x*y + z into one instruction that rounds once (arm64 always, amd64
// with GOAMD64=v3); an explicit float32(x*y) forbids that (the spec's
// "Floating-point operators") and costs nothing where nothing is fused. So
// every product below that reaches an addition or subtraction, here or in
// an inlined caller, is wrapped in float32(…).

// Add returns v+w.
func (v Vec3) Add(w Vec3) Vec3 { return Vec3{v.X + w.X, v.Y + w.Y, v.Z + w.Z} }

// Sub returns v-w.
func (v Vec3) Sub(w Vec3) Vec3 { return Vec3{v.X - w.X, v.Y - w.Y, v.Z - w.Z} }

// Scale returns v·s.
func (v Vec3) Scale(s float32) Vec3 {
	return Vec3{float32(v.X * s), float32(v.Y * s), float32(v.Z * s)}
}

// Mul returns the component-wise product of v and w.
func (v Vec3) Mul(w Vec3) Vec3 {
	return Vec3{float32(v.X * w.X), float32(v.Y * w.Y), float32(v.Z * w.Z)}
}

// Dot returns the dot product of v and w.
func (v Vec3) Dot(w Vec3) float32 {
	return float32(v.X*w.X) + float32(v.Y*w.Y) + float32(v.Z*w.Z)
}

// Cross returns the cross product v×w.
func (v Vec3) Cross(w Vec3) Vec3 {
	return Vec3{
		float32(v.Y*w.Z) - float32(v.Z*w.Y),
		float32(v.Z*w.X) - float32(v.X*w.Z),
		float32(v.X*w.Y) - float32(v.Y*w.X),
	}
}

// Len returns the Euclidean length of v: the square root of v.Dot(v),
// written out so that Len costs the inliner no more than it did before the
// rounding conversions (callers such as PositionManager.UseTime stay
// inlinable).
func (v Vec3) Len() float32 {
	return float32(math.Sqrt(float64(float32(v.X*v.X) + float32(v.Y*v.Y) + float32(v.Z*v.Z))))
}

// IsZero reports whether every component is exactly zero.
func (v Vec3) IsZero() bool { return v.X == 0 && v.Y == 0 && v.Z == 0 }

// Normalize returns v scaled to unit length, or v unchanged when its length
// is below FrameEpsilon.
func (v Vec3) Normalize() Vec3 {
	l := v.Len()
	if l < FrameEpsilon32 {
		return v
	}
	return v.Scale(1 / l)
}

// Finite reports whether every component is a finite number.
func (v Vec3) Finite() bool {
	return finite(v.X) && finite(v.Y) && finite(v.Z)
}

func finite(f float32) bool {
	// f − f is 0 for every finite f, NaN for ±Inf and NaN.
	return f-f == 0
}
