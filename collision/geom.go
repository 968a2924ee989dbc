package collision

import (
	"github.com/dereth/dereth/physics"
)

type vec = physics.Vec3

// Epsilon is the retail PhysicsGlobals.EPSILON used for contact tolerances.
const Epsilon = physics.FrameEpsilon32

// Plane is N·p + D = 0 with N of unit length; the positive side is where
// N points.
type Plane struct {
	N physics.Vec3
	D float32
}

// Dist is the signed distance of p from the plane.
func (p Plane) Dist(v physics.Vec3) float32 { return p.N.Dot(v) + p.D }

// Poly is one convex collision polygon: its vertices counter-clockwise seen
// from the positive side, and its plane.
type Poly struct {
	Verts []physics.Vec3
	Plane Plane
	// TwoSided marks a two-sided polygon (a dat polygon of SidesType
	// none, a cell's portal); the transition's queries (retail_bsp.go)
	// meet a sphere on either face of every polygon and do not read it.
	TwoSided bool
}

// NewPoly builds a polygon over verts (at least three, convex,
// counter-clockwise from the side its plane faces); the normal is Newell's,
// robust to slightly non-planar input. A degenerate polygon has a zero
// normal and never collides.
func NewPoly(verts []physics.Vec3, twoSided bool) Poly {
	var n vec
	for i, a := range verts {
		b := verts[(i+1)%len(verts)]
		// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
		n.X += float32((a.Y - b.Y) * (a.Z + b.Z))
		n.Y += float32((a.Z - b.Z) * (a.X + b.X))
		n.Z += float32((a.X - b.X) * (a.Y + b.Y))
	}
	l := n.Len()
	if l < 1e-12 || !finite(l) || len(verts) < 3 {
		return Poly{Verts: verts, TwoSided: twoSided}
	}
	n = n.Scale(1 / l)
	var c vec
	for _, v := range verts {
		c = c.Add(v)
	}
	c = c.Scale(1 / float32(len(verts)))
	return Poly{Verts: verts, Plane: Plane{N: n, D: -n.Dot(c)}, TwoSided: twoSided}
}

// valid reports whether the polygon has a plane.
func (p *Poly) valid() bool { return !p.Plane.N.IsZero() }

// finite reports whether f is neither NaN nor infinite.
func finite(f float32) bool {
	// f − f is 0 for every finite f, NaN for ±Inf and NaN.
	return f-f == 0
}
