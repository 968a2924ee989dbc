package physics

// Mat4 is a 4×4 matrix for row vectors (p' = p·M), the convention of the
// retail client's D3D transforms: translation lives in row 3.
type Mat4 [4][4]float32

// IdentityMat4 is the matrix that leaves every point where it is.
var IdentityMat4 = Mat4{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}

// ScaleMat4 returns a non-uniform scale.
func ScaleMat4(s Vec3) Mat4 {
	return Mat4{{s.X, 0, 0, 0}, {0, s.Y, 0, 0}, {0, 0, s.Z, 0}, {0, 0, 0, 1}}
}

// TranslateMat4 returns a translation by t.
func TranslateMat4(t Vec3) Mat4 {
	m := IdentityMat4
	m[3][0], m[3][1], m[3][2] = t.X, t.Y, t.Z
	return m
}

// RotateMat4 returns the rotation q as a row-vector matrix: row i is
// q.Rotate of the i-th axis. It is Rotate written out for the three axes
// (t = 2·u×axis has one zero and two terms), equal to it for every finite
// q (TestRotateMat4MatchesRotate).
func RotateMat4(q Quat) Mat4 {
	u := Vec3{q.X, q.Y, q.Z}
	basis := func(t Vec3) Vec3 { // axis + w·t + u×t, the axis added by the caller
		return t.Scale(q.W).Add(u.Cross(t))
	}
	x := basis(Vec3{0, 2 * q.Z, -2 * q.Y})
	y := basis(Vec3{-2 * q.Z, 0, 2 * q.X})
	z := basis(Vec3{2 * q.Y, -2 * q.X, 0})
	return Mat4{{1 + x.X, x.Y, x.Z, 0}, {y.X, 1 + y.Y, y.Z, 0}, {z.X, z.Y, 1 + z.Z, 0}, {0, 0, 0, 1}}
}

// PoseMat4Into writes the pose of rotation q and translation t into dst:
// RotateMat4(q) with t as its translation row, the same arithmetic
// written in place (TestPoseMat4IntoMatchesRotateMat4).
func PoseMat4Into(dst *Mat4, q Quat, t Vec3) {
	u := Vec3{q.X, q.Y, q.Z}
	basis := func(t Vec3) Vec3 { // as in RotateMat4
		return t.Scale(q.W).Add(u.Cross(t))
	}
	x := basis(Vec3{0, 2 * q.Z, -2 * q.Y})
	y := basis(Vec3{-2 * q.Z, 0, 2 * q.X})
	z := basis(Vec3{2 * q.Y, -2 * q.X, 0})
	dst[0] = [4]float32{1 + x.X, x.Y, x.Z, 0}
	dst[1] = [4]float32{y.X, 1 + y.Y, y.Z, 0}
	dst[2] = [4]float32{z.X, z.Y, 1 + z.Z, 0}
	dst[3] = [4]float32{t.X, t.Y, t.Z, 1}
}

// Mul returns m·n: apply m first, then n. Mul and Apply round each
// product on its own (no fused multiply-add; see Vec3).
func (m Mat4) Mul(n Mat4) Mat4 {
	var r Mat4
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			r[i][j] = float32(m[i][0]*n[0][j]) + float32(m[i][1]*n[1][j]) + float32(m[i][2]*n[2][j]) + float32(m[i][3]*n[3][j])
		}
	}
	return r
}

// Apply transforms the point p (w = 1).
func (m Mat4) Apply(p Vec3) Vec3 {
	return Vec3{
		float32(p.X*m[0][0]) + float32(p.Y*m[1][0]) + float32(p.Z*m[2][0]) + m[3][0],
		float32(p.X*m[0][1]) + float32(p.Y*m[1][1]) + float32(p.Z*m[2][1]) + m[3][1],
		float32(p.X*m[0][2]) + float32(p.Y*m[1][2]) + float32(p.Z*m[2][2]) + m[3][2],
	}
}
