package collision

import (
	"math"

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
// from the positive side, and its plane. A one-sided polygon stops spheres
// only from its positive side.
type Poly struct {
	Verts    []physics.Vec3
	Plane    Plane
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
		n.X += (a.Y - b.Y) * (a.Z + b.Z)
		n.Y += (a.Z - b.Z) * (a.X + b.X)
		n.Z += (a.X - b.X) * (a.Y + b.Y)
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

// walkable reports whether the polygon faces up steeply enough to walk
// on (either face of a two-sided one).
func (p *Poly) walkable() bool {
	return p.Plane.N.Z >= FloorZ || (p.TwoSided && p.Plane.N.Z <= -FloorZ)
}

// valid reports whether the polygon has a plane.
func (p *Poly) valid() bool { return !p.Plane.N.IsZero() }

// inside reports whether q, a point on the polygon's plane, lies within it
// (edges count as inside, to a small tolerance).
func (p *Poly) inside(q vec) bool {
	n := p.Plane.N
	for i, a := range p.Verts {
		b := p.Verts[(i+1)%len(p.Verts)]
		if b.Sub(a).Cross(q.Sub(a)).Dot(n) < -1e-5 {
			return false
		}
	}
	return true
}

// Closest returns the point of the polygon nearest q.
func (p *Poly) Closest(q vec) vec {
	proj := q.Sub(p.Plane.N.Scale(p.Plane.Dist(q)))
	if p.inside(proj) {
		return proj
	}
	best, bd := vec{}, float32(math.MaxFloat32)
	for i, a := range p.Verts {
		c := closestOnSegment(a, p.Verts[(i+1)%len(p.Verts)], q)
		if d := c.Sub(q); d.Dot(d) < bd {
			best, bd = c, d.Dot(d)
		}
	}
	return best
}

func closestOnSegment(a, b, q vec) vec {
	e := b.Sub(a)
	ee := e.Dot(e)
	if ee == 0 {
		return a
	}
	t := min(max(q.Sub(a).Dot(e)/ee, 0), 1)
	return a.Add(e.Scale(t))
}

// Overlap reports whether a sphere (centre c, radius r) overlaps the
// polygon, with the push-out normal (from the polygon towards the centre)
// and the depth. A one-sided polygon is touched only from its front: a
// centre behind its plane does not overlap it.
func (p *Poly) Overlap(c vec, r float32) (n vec, depth float32, ok bool) {
	if !p.valid() {
		return vec{}, 0, false
	}
	s := p.Plane.Dist(c)
	if !p.TwoSided && s < 0 {
		return vec{}, 0, false
	}
	if s >= r || s <= -r {
		return vec{}, 0, false
	}
	q := p.Closest(c)
	d := c.Sub(q)
	l := d.Len()
	if l >= r {
		return vec{}, 0, false
	}
	if l < 1e-6 {
		n = p.Plane.N
		if s < 0 {
			n = n.Scale(-1)
		}
	} else {
		n = d.Scale(1 / l)
	}
	return n, r - l, true
}

// Sweep finds when a sphere of radius r moving from c by d first touches
// the polygon: t in [0, 1] and the contact normal (from the polygon
// towards the sphere). A sphere already overlapping it hits at t = 0 only
// when the move goes further in; moving out, along or away is free. A
// one-sided polygon is hit only from its front.
func (p *Poly) Sweep(c, d vec, r float32) (t float32, n vec, ok bool) {
	return p.sweepBefore(c, d, r, 2)
}

// sweepBefore is Sweep looking only for a touch earlier than limit: a
// sphere that reaches r of the plane no earlier than limit cannot touch
// the polygon (face, edge or vertex) before it, and is not tested further.
func (p *Poly) sweepBefore(c, d vec, r, limit float32) (t float32, n vec, ok bool) {
	if !p.valid() {
		return 0, vec{}, false
	}
	s0 := p.Plane.Dist(c)
	dn := p.Plane.N.Dot(d)
	if !p.TwoSided && (s0 < 0 || (s0 >= r && dn >= 0)) {
		return 0, vec{}, false
	}
	if limit <= 1 && s0 > r && dn < 0 && (s0-r) >= -dn*limit {
		return 0, vec{}, false
	}
	if s1, lim := s0+dn, r-Epsilon; (s0 >= lim && s1 >= lim) || (s0 <= -lim && s1 <= -lim) {
		// The sphere never comes within r of the plane (to Epsilon: a
		// sphere gliding along a plane it rests on, its step snapped to
		// the plane up to rounding, does not touch its edges either).
		return 0, vec{}, false
	}
	if n, _, in := p.Overlap(c, r); in {
		if d.Dot(n) < 0 {
			return 0, n, true
		}
		return 0, vec{}, false
	}
	// The face: the sphere's leading point meets the plane inside.
	face := func(side float32) (float32, bool) {
		sd, dd := s0*side, dn*side
		if sd < r || dd >= 0 {
			return 0, false
		}
		t := (sd - r) / -dd
		if t > 1 {
			return 0, false
		}
		hit := c.Add(d.Scale(t)).Sub(p.Plane.N.Scale(side * r))
		return t, p.inside(hit)
	}
	if t, hit := face(1); hit {
		return t, p.Plane.N, true
	}
	if p.TwoSided {
		if t, hit := face(-1); hit {
			return t, p.Plane.N.Scale(-1), true
		}
	}
	// Edges and vertices: the earliest touch of any edge capsule.
	best := float32(2)
	for i, a := range p.Verts {
		if tt, hit := sweepCapsule(c, d, a, p.Verts[(i+1)%len(p.Verts)], r); hit && tt < best {
			best = tt
		}
	}
	if best > 1 {
		return 0, vec{}, false
	}
	at := c.Add(d.Scale(best))
	n = at.Sub(p.Closest(at)).Normalize()
	if d.Dot(n) >= 0 {
		return 0, vec{}, false
	}
	return best, n, true
}

// sweepCapsule is the first t in [0, 1] at which c + t·d comes within r of
// the segment ab.
func sweepCapsule(c, d, a, b vec, r float32) (float32, bool) {
	e := b.Sub(a)
	m := c.Sub(a)
	ee := e.Dot(e)
	best, found := float32(2), false
	if ee > 1e-12 {
		// Infinite cylinder about ab, then clip to the segment.
		md, nd, dd := m.Dot(e), d.Dot(e), d.Dot(d)
		qa := ee*dd - nd*nd
		qb := ee*m.Dot(d) - md*nd
		qc := ee*(m.Dot(m)-r*r) - md*md
		if qa > 1e-12 {
			disc := qb*qb - qa*qc
			if disc >= 0 {
				t := (-qb - float32(math.Sqrt(float64(disc)))) / qa
				if t >= 0 && t <= 1 {
					if u := (md + t*nd) / ee; u >= 0 && u <= 1 {
						best, found = t, true
					}
				}
			}
		}
	}
	for _, v := range [2]vec{a, b} {
		if t, ok := sweepPoint(c, d, v, r); ok && t < best {
			best, found = t, true
		}
	}
	return best, found
}

// sweepPoint is the first t in [0, 1] at which c + t·d comes within r of q
// (moving towards it).
func sweepPoint(c, d, q vec, r float32) (float32, bool) {
	m := c.Sub(q)
	a := d.Dot(d)
	b := m.Dot(d)
	cc := m.Dot(m) - r*r
	if a < 1e-12 || b >= 0 {
		return 0, false
	}
	if cc <= 0 {
		return 0, true
	}
	disc := b*b - a*cc
	if disc < 0 {
		return 0, false
	}
	t := (-b - float32(math.Sqrt(float64(disc)))) / a
	if t < 0 || t > 1 {
		return 0, false
	}
	return t, true
}

// SweepSphere is when a sphere of radius r moving from c by d first touches
// a fixed sphere (centre q, radius rq), with the normal from q.
func SweepSphere(c, d vec, r float32, q vec, rq float32) (float32, vec, bool) {
	t, ok := sweepPoint(c, d, q, r+rq)
	if !ok {
		return 0, vec{}, false
	}
	return t, c.Add(d.Scale(t)).Sub(q).Normalize(), true
}

func finite(f float32) bool {
	return !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0)
}

// SweepCylinder is when a sphere of radius r moving from c by d first
// touches an upright cylinder (CylSphere: its low point, radius and
// height), with the contact normal: the side's horizontal normal, or
// straight up or down at the caps. The rims are taken square (the
// cylinder grown by r in the ground plane and r above and below), a
// little wider than the rounded shape. A sphere already touching it hits
// at t = 0 only when moving further in.
func SweepCylinder(c, d vec, r float32, low vec, radius, height float32) (float32, vec, bool) {
	rr := radius + r
	z0, z1 := low.Z-r, low.Z+height+r
	dx, dy := c.X-low.X, c.Y-low.Y
	in2 := dx*dx + dy*dy
	if in2 <= rr*rr && c.Z >= z0 && c.Z <= z1 {
		// Touching: the nearest face's normal, hit if moving into it.
		side, top, bottom := rr-float32(math.Sqrt(float64(in2))), z1-c.Z, c.Z-z0
		n := vec{Z: 1}
		switch {
		case side <= top && side <= bottom && in2 > 1e-12:
			l := float32(math.Sqrt(float64(in2)))
			n = vec{X: dx / l, Y: dy / l}
		case bottom < top:
			n = vec{Z: -1}
		}
		if d.Dot(n) < 0 {
			return 0, n, true
		}
		return 0, vec{}, false
	}
	best, bn := float32(2), vec{}
	// The side: |c.xy + t d.xy - low.xy| = rr, entering.
	if a := d.X*d.X + d.Y*d.Y; a > 1e-12 {
		b := dx*d.X + dy*d.Y
		if disc := b*b - a*(in2-rr*rr); b < 0 && disc >= 0 {
			if t := (-b - float32(math.Sqrt(float64(disc)))) / a; t >= 0 && t <= 1 {
				if z := c.Z + t*d.Z; z >= z0 && z <= z1 {
					px, py := dx+t*d.X, dy+t*d.Y
					l := float32(math.Sqrt(float64(px*px + py*py)))
					best, bn = t, vec{X: px / l, Y: py / l}
				}
			}
		}
	}
	// The caps: the planes z1 from above and z0 from below.
	for _, cp := range [2]struct {
		z  float32
		nz float32
	}{{z1, 1}, {z0, -1}} {
		if dz := d.Z * cp.nz; dz < 0 && (c.Z-cp.z)*cp.nz >= 0 {
			t := (cp.z - c.Z) / d.Z
			if t < 0 || t > 1 || t >= best {
				continue
			}
			px, py := dx+t*d.X, dy+t*d.Y
			if px*px+py*py <= rr*rr {
				best, bn = t, vec{Z: cp.nz}
			}
		}
	}
	if best > 1 {
		return 0, vec{}, false
	}
	return best, bn, true
}
