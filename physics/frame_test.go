package physics

import (
	"math"
	"math/rand/v2"
	"testing"
)

func vecNear(a, b Vec3, eps float32) bool {
	d := a.Sub(b)
	return abs32(d.X) <= eps && abs32(d.Y) <= eps && abs32(d.Z) <= eps
}

func abs32(f float32) float32 {
	if f < 0 {
		return -f
	}
	return f
}

func TestQuatRotateQuarterTurnAboutZ(t *testing.T) {
	q := Heading(math.Pi / 2)
	got := q.Rotate(Vec3{1, 0, 0})
	if !vecNear(got, Vec3{0, 1, 0}, 1e-6) {
		t.Fatalf("rotate x by +90° about z = %v, want (0,1,0)", got)
	}
}

func TestCombineThenSubtractIsIdentity(t *testing.T) {
	cases := []struct{ a, b Frame }{
		{IdentityFrame, Frame{Vec3{1, 2, 3}, IdentityQuat}},
		{Frame{Vec3{5, -1, 0}, Heading(0.7)}, Frame{Vec3{0, 0.3, 0}, Heading(-1.2)}},
		{Frame{Vec3{0, 0, 9}, AxisAngle(Vec3{0.3, 0.2, 0.1})}, Frame{Vec3{1, 1, 1}, AxisAngle(Vec3{-0.5, 0, 0.4})}},
	}
	for i, c := range cases {
		got := Subtract(Combine(c.a, c.b), c.b)
		if !got.Equal(c.a) {
			t.Errorf("case %d: Subtract(Combine(a,b),b) = %+v, want %+v", i, got, c.a)
		}
	}
}

func TestCombineAppliesParentRotationToChildOrigin(t *testing.T) {
	a := Frame{Vec3{10, 0, 0}, Heading(math.Pi / 2)}
	b := Frame{Vec3{1, 0, 0}, IdentityQuat}
	got := Combine(a, b)
	if !vecNear(got.Origin, Vec3{10, 1, 0}, 1e-6) {
		t.Fatalf("origin = %v, want (10,1,0)", got.Origin)
	}
}

func TestFrameRotateMatchesAxisAngle(t *testing.T) {
	f := IdentityFrame
	f.Rotate(Vec3{0, 0, math.Pi})
	if got := f.Orientation.Rotate(Vec3{1, 0, 0}); !vecNear(got, Vec3{-1, 0, 0}, 1e-6) {
		t.Fatalf("half turn maps x to %v, want (-1,0,0)", got)
	}
}

func TestMat4MatchesFrameTransform(t *testing.T) {
	f := Frame{Vec3{1, 2, 3}, AxisAngle(Vec3{0.2, -0.4, 0.9})}
	m := RotateMat4(f.Orientation).Mul(TranslateMat4(f.Origin))
	p := Vec3{0.5, -2, 4}
	if a, b := m.Apply(p), f.LocalToGlobal(p); !vecNear(a, b, 1e-5) {
		t.Fatalf("matrix %v != frame %v", a, b)
	}
	s := ScaleMat4(Vec3{2, 3, 4}).Apply(Vec3{1, 1, 1})
	if s != (Vec3{2, 3, 4}) {
		t.Fatalf("scale = %v", s)
	}
}

// TestRotateMat4MatchesRotate: each row of RotateMat4 is q.Rotate of that
// axis, entry for entry, over many orientations.
func TestRotateMat4MatchesRotate(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	r := func() float32 { return float32(float32(rng.Float32())*2) - 1 } // rng.Float32() is a product (u·2⁻²⁴); ×2 is an add
	for i := 0; i < 50000; i++ {
		q := Quat{W: r(), X: r(), Y: r(), Z: r()}.Normalize()
		if i%10 == 0 {
			q = Heading(float64(r()) * 4)
		}
		m := RotateMat4(q)
		for k, axis := range []Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
			want := q.Rotate(axis)
			if got := (Vec3{m[k][0], m[k][1], m[k][2]}); got != want {
				t.Fatalf("q %+v row %d: %v, Rotate gives %v", q, k, got, want)
			}
		}
	}
}

// TestCombineIntoMatchesCombine: CombineInto writes exactly Combine's
// result, bit for bit, also when the destination is b, and reports the
// moved test (result != a) — for general rotations and for the identity
// delta's shortcut, with a's orientation holding −0, ±∞ or NaN components
// (where the shortcut must not apply) or not, and deltas that are the
// identity but for a −0 component or a W a little off 1.
func TestCombineIntoMatchesCombine(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	orients := []Quat{
		Heading(0.7), IdentityQuat, Heading(-2.1),
		Quat{W: 0.9, X: 0.1, Y: -0.3, Z: 0.2}.Normalize(),
		{W: negZero, X: -0.6, Y: 0.8}, {W: 0.6, X: negZero, Y: -0.8}, {W: 0.6, X: -0.8, Y: negZero}, {W: -0.6, X: 0.8, Z: negZero},
		{W: negZero, X: negZero, Y: negZero, Z: negZero}, {},
		{W: inf}, {W: 0.5, X: -inf}, {W: 1, Y: nan}, {W: 1, Z: inf},
		{W: 1e-40, X: -1e-40, Y: 3e-39, Z: 1},
	}
	deltas := []Quat{
		IdentityQuat, {W: 1, X: negZero}, {W: 1, Y: negZero}, {W: 1, Z: negZero}, {W: negZero, X: 1},
		{W: math.Nextafter32(1, 2)}, {W: math.Nextafter32(1, 0)},
		Heading(0.3), Quat{W: 0.9, X: 0.1, Y: -0.3, Z: 0.2}.Normalize(),
	}
	origins := []Vec3{{1.5, -2.25, 3}, {}, {negZero, 0, negZero}, {0.125, 3.12, -0.5}}
	bits := func(f Frame) [7]uint32 {
		return [7]uint32{math.Float32bits(f.Origin.X), math.Float32bits(f.Origin.Y), math.Float32bits(f.Origin.Z),
			math.Float32bits(f.Orientation.W), math.Float32bits(f.Orientation.X), math.Float32bits(f.Orientation.Y), math.Float32bits(f.Orientation.Z)}
	}
	shortcuts := 0
	for _, qa := range orients {
		for _, qb := range deltas {
			for _, oa := range origins {
				for _, ob := range origins {
					a := Frame{Origin: oa, Orientation: qa}
					b := Frame{Origin: ob, Orientation: qb}
					want := Combine(a, b)
					var got Frame
					moved := CombineInto(&got, &a, &b)
					if bits(got) != bits(want) {
						t.Fatalf("CombineInto(%+v, %+v) = %+v, want %+v", a, b, got, want)
					}
					if moved != (want != a) {
						t.Fatalf("CombineInto(%+v, %+v) moved %v, want %v", a, b, moved, want != a)
					}
					bb := b
					if CombineInto(&bb, &a, &bb); bits(bb) != bits(want) {
						t.Fatalf("CombineInto into b = %+v, want %+v", bb, want)
					}
					if r, q := quatBits(&b.Orientation), quatBits(&a.Orientation); *r == [4]uint32{0x3F800000} && plainBits(q[0]) && plainBits(q[1]) && plainBits(q[2]) && plainBits(q[3]) {
						shortcuts++
					}
				}
			}
		}
	}
	if shortcuts == 0 {
		t.Fatal("no case took the identity shortcut")
	}
}

// TestPoseMat4IntoMatchesRotateMat4: PoseMat4Into writes RotateMat4's
// rotation rows bit for bit, and the translation row, over whatever the
// destination held.
func TestPoseMat4IntoMatchesRotateMat4(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	r := func() float32 { return float32(float32(rng.Float32())*2) - 1 } // rng.Float32() is a product (u·2⁻²⁴); ×2 is an add
	dst := Mat4{{9, 9, 9, 9}, {9, 9, 9, 9}, {9, 9, 9, 9}, {9, 9, 9, 9}}
	for i := 0; i < 50000; i++ {
		q := Quat{W: r(), X: r(), Y: r(), Z: r()}.Normalize()
		if i%10 == 0 {
			q = Heading(float64(r()) * 4)
		}
		tr := Vec3{r() * 100, r() * 100, r() * 100}
		want := RotateMat4(q)
		want[3] = [4]float32{tr.X, tr.Y, tr.Z, 1}
		PoseMat4Into(&dst, q, tr)
		for k := range dst {
			for j := range dst[k] {
				if math.Float32bits(dst[k][j]) != math.Float32bits(want[k][j]) {
					t.Fatalf("q %+v t %v: [%d][%d] = %v, RotateMat4 gives %v", q, tr, k, j, dst[k][j], want[k][j])
				}
			}
		}
	}
}

// TestPlainBits: plainBits is "finite and not −0" at every edge of those
// two conditions and on a spread of other values.
func TestPlainBits(t *testing.T) {
	want := func(u uint32) bool { return u&0x7FFFFFFF < 0x7F800000 && u != 1<<31 }
	edges := []uint32{0, 1, 1<<31 - 1, 1 << 31, 1<<31 + 1, 0x7F7FFFFF, 0x7F800000, 0x7F800001,
		0xFF7FFFFF, 0xFF800000, 0xFF800001, 0x7FC00000, 0xFFC00000, 0x3F800000, 0xBF800000, 0xFFFFFFFF, 0xFFFFFFFE}
	for _, u := range edges {
		if got := plainBits(u); got != want(u) {
			t.Errorf("plainBits(%#08x) = %v, want %v", u, got, want(u))
		}
	}
	for u := uint64(0); u < 1<<32; u += 0x10001 {
		if got := plainBits(uint32(u)); got != want(uint32(u)) {
			t.Fatalf("plainBits(%#08x) = %v, want %v", u, got, want(uint32(u)))
		}
	}
	if plainBits(math.Float32bits(float32(math.Copysign(0, -1)))) || !plainBits(math.Float32bits(0)) ||
		plainBits(math.Float32bits(float32(math.Inf(1)))) || plainBits(math.Float32bits(float32(math.NaN()))) {
		t.Error("plainBits: −0, +0, +Inf or NaN misjudged")
	}
}
