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

// RotateMat4 returns the rotation q as a row-vector matrix.
func RotateMat4(q Quat) Mat4 {
	x, y, z := q.Rotate(Vec3{1, 0, 0}), q.Rotate(Vec3{0, 1, 0}), q.Rotate(Vec3{0, 0, 1})
	return Mat4{{x.X, x.Y, x.Z, 0}, {y.X, y.Y, y.Z, 0}, {z.X, z.Y, z.Z, 0}, {0, 0, 0, 1}}
}

// Mul returns m·n: apply m first, then n.
func (m Mat4) Mul(n Mat4) Mat4 {
	var r Mat4
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			r[i][j] = m[i][0]*n[0][j] + m[i][1]*n[1][j] + m[i][2]*n[2][j] + m[i][3]*n[3][j]
		}
	}
	return r
}

// Apply transforms the point p (w = 1).
func (m Mat4) Apply(p Vec3) Vec3 {
	return Vec3{
		p.X*m[0][0] + p.Y*m[1][0] + p.Z*m[2][0] + m[3][0],
		p.X*m[0][1] + p.Y*m[1][1] + p.Z*m[2][1] + m[3][1],
		p.X*m[0][2] + p.Y*m[1][2] + p.Z*m[2][2] + m[3][2],
	}
}
