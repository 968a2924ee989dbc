package motion

import (
	"math"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// TestTurnedSpheresFollowTheirInputs: the spheres are the Setup's, scaled
// and turned (q.Rotate(origin·scale), radius·scale, bit for bit), and a
// new orientation, scale, Setup or sphere slice gives the new spheres,
// not the kept ones; the same inputs give the kept slice, for two spheres
// (kept inline) and for three (kept in a slice).
func TestTurnedSpheresFollowTheirInputs(t *testing.T) {
	a := &dat.Setup{Spheres: []dat.Sphere{{Origin: physics.Vec3{X: 0.3, Z: 0.45}, Radius: 0.45}, {Origin: physics.Vec3{Y: -0.2, Z: 1.3}, Radius: 0.4}}}
	b := &dat.Setup{Spheres: []dat.Sphere{{Origin: physics.Vec3{X: 1, Z: 2}, Radius: 1}}}
	want := func(s *dat.Setup, scale float32, q physics.Quat) []dat.Sphere {
		var out []dat.Sphere
		for _, sp := range s.Spheres {
			out = append(out, dat.Sphere{Origin: q.Rotate(sp.Origin.Scale(scale)), Radius: sp.Radius * scale})
		}
		return out
	}
	check := func(name string, got, want []dat.Sphere) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d spheres, want %d", name, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: sphere %d = %+v, want %+v", name, i, got[i], want[i])
			}
		}
	}
	var ts TurnedSpheres
	q1 := physics.AxisAngle(physics.Vec3{Z: 0.7})
	q2 := physics.AxisAngle(physics.Vec3{Z: -2.1})
	first := ts.Of(a, 1, q1)
	check("first", first, want(a, 1, q1))
	if again := ts.Of(a, 1, q1); &again[0] != &first[0] {
		t.Fatal("the same inputs turned the spheres again")
	}
	check("turned", ts.Of(a, 1, q2), want(a, 1, q2))
	check("scaled", ts.Of(a, 1.5, q2), want(a, 1.5, q2))
	check("other setup", ts.Of(b, 1.5, q2), want(b, 1.5, q2))
	b.Spheres = []dat.Sphere{{Origin: physics.Vec3{Y: 3}, Radius: 0.2}, {Radius: 0.1}}
	check("spheres replaced", ts.Of(b, 1.5, q2), want(b, 1.5, q2))
	neg := q2
	neg.W, neg.X, neg.Y, neg.Z = -neg.W, -neg.X, -neg.Y, -neg.Z
	check("the same turn, negated", ts.Of(b, 1.5, neg), want(b, 1.5, neg))
	// More than the two kept inline: a slice of their own, kept too.
	c := &dat.Setup{Spheres: []dat.Sphere{{Origin: physics.Vec3{Z: 0.5}, Radius: 0.5}, {Origin: physics.Vec3{X: 0.1, Z: 1.2}, Radius: 0.4}, {Origin: physics.Vec3{Z: 2}, Radius: 0.3}}}
	three := ts.Of(c, 2, q1)
	check("three spheres", three, want(c, 2, q1))
	if again := ts.Of(c, 2, q1); &again[0] != &three[0] {
		t.Fatal("three spheres: the same inputs turned the spheres again")
	}
	check("three, turned", ts.Of(c, 2, q2), want(c, 2, q2))
	check("two after three", ts.Of(a, 2, q2), want(a, 2, q2))
	check("three after two", ts.Of(c, 2, q1), want(c, 2, q1))
	if got := ts.Kept(c, 2, &q1); got != nil {
		t.Fatal("Kept returned three spheres (it answers for those kept inline only)")
	}
}

// TestTurnedSpheresKeptIsOfsKey: Kept returns Of's kept slice exactly when
// Of would not turn the spheres again (the same sphere slice, scale and
// orientation bits, whichever Setup holds the slice), and nil after any
// change of them and before the first Of.
func TestTurnedSpheresKeptIsOfsKey(t *testing.T) {
	a := &dat.Setup{Spheres: []dat.Sphere{{Origin: physics.Vec3{X: 0.3, Z: 0.45}, Radius: 0.45}}}
	b := &dat.Setup{Spheres: []dat.Sphere{{Origin: physics.Vec3{X: 0.3, Z: 0.45}, Radius: 0.45}}}
	var ts TurnedSpheres
	q := physics.AxisAngle(physics.Vec3{Z: 0.7})
	if got := ts.Kept(a, 1, &q); got != nil {
		t.Fatal("Kept before any Of returned spheres")
	}
	first := ts.Of(a, 1, q)
	if got := ts.Kept(a, 1, &q); len(got) != 1 || &got[0] != &first[0] {
		t.Fatal("Kept did not return Of's slice for Of's inputs")
	}
	same := *a // another Setup with the same spheres' slice: the key is the slice
	if got := ts.Kept(&same, 1, &q); len(got) != 1 || &got[0] != &first[0] {
		t.Fatal("Kept did not return Of's slice for a Setup sharing the spheres")
	}
	neg := q
	neg.Z = -neg.Z
	zero := physics.Quat{W: 1, X: float32(math.Copysign(0, -1))}
	for name, miss := range map[string]func() []dat.Sphere{
		"other setup": func() []dat.Sphere { return ts.Kept(b, 1, &q) },
		"other scale": func() []dat.Sphere { return ts.Kept(a, 1.5, &q) },
		"other turn":  func() []dat.Sphere { return ts.Kept(a, 1, &neg) },
		"-0 for +0":   func() []dat.Sphere { ts.Of(a, 1, physics.Quat{W: 1}); return ts.Kept(a, 1, &zero) },
	} {
		if got := miss(); got != nil {
			t.Fatalf("%s: Kept returned the kept spheres", name)
		}
	}
	ts.Of(a, 1, q)
	a.Spheres = append([]dat.Sphere(nil), a.Spheres...) // replaced, equal
	if got := ts.Kept(a, 1, &q); got != nil {
		t.Fatal("replaced spheres: Kept returned the kept spheres")
	}
	a.Spheres = a.Spheres[:0]
	if got := ts.Kept(a, 1, &q); got != nil {
		t.Fatal("no spheres: Kept returned spheres")
	}
}
