package collision

import "math"

// The BSP queries of the retail transition (BSPNODE/BSPLEAF and CPolygon),
// over a Shape's physics BSP, or every polygon of a Shape without one.
// Spheres are in the shape's own space.

// nodeReaches is CSphere::intersects of a node's bounding sphere.
func nodeReaches(n *node, s tsphere) bool {
	if n.radius <= 0 {
		return true
	}
	return tsphere{c: n.center, r: n.radius}.intersects(s)
}

// visitBSP walks the tree as the retail node queries do: a node whose
// bounding sphere the sphere misses is skipped; a splitting plane the
// sphere is clear of (by its radius less Epsilon) sends it to one side
// only; a leaf's polygons go to leaf, which returns true to stop.
func (s *Shape) visitBSP(sp tsphere, reach float32, leaf func(polys []int32) bool) bool {
	if s.root == nil {
		all := s.all
		if len(all) != len(s.Polys) {
			all = make([]int32, len(s.Polys))
			for i := range all {
				all[i] = int32(i)
			}
		}
		return leaf(all)
	}
	return visitNode(s.root, sp, reach, leaf, 0)
}

func visitNode(n *node, sp tsphere, reach float32, leaf func([]int32) bool, depth int) bool {
	if n == nil || depth > maxDepth || !nodeReaches(n, sp) {
		return false
	}
	if n.leaf {
		return len(n.polys) > 0 && leaf(n.polys)
	}
	d := n.plane.Dist(sp.c)
	r := reach - Epsilon
	if d >= r {
		return visitNode(n.pos, sp, reach, leaf, depth+1)
	}
	if d <= -r {
		return visitNode(n.neg, sp, reach, leaf, depth+1)
	}
	if visitNode(n.pos, sp, reach, leaf, depth+1) {
		return true
	}
	return visitNode(n.neg, sp, reach, leaf, depth+1)
}

// intersectsPoly is BSPNODE::sphere_intersects_poly: true with the
// polygon when the sphere touches one that the movement goes into
// (pos_hits_sphere); a polygon touched that the movement leaves is
// returned with false (the NegPolyHit case).
func (s *Shape) intersectsPoly(sp tsphere, move vec) (bool, *Poly) {
	var hp *Poly
	hit := s.visitBSP(sp, sp.r, func(ps []int32) bool {
		for _, i := range ps {
			p := &s.Polys[i]
			if !p.valid() {
				continue
			}
			if h, _ := polyHitsSpherePrecise(p, sp); h {
				hp = p
				if move.Dot(p.Plane.N) < 0 {
					return true
				}
			}
		}
		return false
	})
	return hit, hp
}

// findWalkable is BSPNODE::find_walkable: every walkable polygon the
// sphere touches adjusts it back along movement onto its plane
// (adjust_sphere_to_plane, shortening path.walkInterp); the last one that
// did is returned, nil when none.
func (s *Shape) findWalkable(p *spherePath, valid *tsphere, move, up vec) *Poly {
	var hp *Poly
	s.visitAll(*valid, func(poly *Poly) {
		if walkableHitsSphere(p, poly, *valid, up) && adjustSphereToPlane(p, poly, valid, move) {
			hp = poly
		}
	})
	return hp
}

// visitAll visits every polygon of the leaves the sphere reaches (the
// sphere is read once per node, as it stands when the node is reached).
func (s *Shape) visitAll(sp tsphere, f func(*Poly)) {
	s.visitBSP(sp, sp.r, func(ps []int32) bool {
		for _, i := range ps {
			if p := &s.Polys[i]; p.valid() {
				f(p)
			}
		}
		return false
	})
}

// hitsWalkable is BSPNODE::hits_walkable: a walkable polygon touching the
// sphere whose small check holds.
func (s *Shape) hitsWalkable(p *spherePath, sp tsphere, up vec) bool {
	return s.visitBSP(sp, sp.r, func(ps []int32) bool {
		for _, i := range ps {
			poly := &s.Polys[i]
			if poly.valid() && walkableHitsSphere(p, poly, sp, up) && polyCheckWalkable(poly, sp, up, true) {
				return true
			}
		}
		return false
	})
}

// hitsSolid is BSPNODE::sphere_intersects_solid by the polygons only: a
// polygon within the sphere (the leaves' solid flag, which catches a
// sphere wholly inside a solid, is not kept by Shape).
func (s *Shape) hitsSolid(sp tsphere) bool {
	return s.visitBSP(sp, sp.r, func(ps []int32) bool {
		for _, i := range ps {
			if p := &s.Polys[i]; p.valid() {
				if h, _ := polyHitsSpherePrecise(p, sp); h {
					return true
				}
			}
		}
		return false
	})
}

// walkableHitsSphere is CPolygon::walkable_hits_sphere.
func walkableHitsSphere(p *spherePath, poly *Poly, sp tsphere, up vec) bool {
	if up.Dot(poly.Plane.N) <= p.walkableAllowance {
		return false
	}
	h, _ := polyHitsSpherePrecise(poly, sp)
	return h
}

// adjustSphereToPlane is CPolygon::adjust_sphere_to_plane: the sphere is
// moved back along movement until it rests on the plane, if that is
// within the part of the movement not yet used (path.walkInterp) and not
// more than half a movement behind.
func adjustSphereToPlane(p *spherePath, poly *Poly, valid *tsphere, move vec) bool {
	dpPos := poly.Plane.Dist(valid.c)
	dpMove := move.Dot(poly.Plane.N)
	var dist float32
	switch {
	case dpMove > Epsilon:
		dist = -valid.r - dpPos
	case dpMove >= -Epsilon:
		return false
	default:
		dist = dpPos - valid.r
	}
	iDist := dist / dpMove
	interp := (1 - iDist) * p.walkInterp
	if interp >= p.walkInterp || interp < -0.5 {
		return false
	}
	valid.c = valid.c.Sub(move.Scale(iDist))
	p.walkInterp = interp
	return true
}

// polyHitsSpherePrecise is CPolygon::polygon_hits_sphere_precise: the
// sphere (radius less Epsilon) meets the polygon's plane within the
// polygon, or within reach of one of its edges or vertices; with the
// centre's projection on the plane.
func polyHitsSpherePrecise(poly *Poly, sp tsphere) (bool, vec) {
	n := poly.Plane.N
	dp := poly.Plane.Dist(sp.c)
	rad := sp.r - Epsilon
	if float32(math.Abs(float64(dp))) > rad {
		return false, vec{}
	}
	// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
	diff := float32(rad*rad) - float32(dp*dp)
	cp := sp.c.Sub(n.Scale(dp))
	vs := poly.Verts
	prev := len(vs) - 1
	for i := range vs {
		edge := vs[i].Sub(vs[prev])
		disp := cp.Sub(vs[prev])
		prev = i
		if disp.Dot(n.Cross(edge)) >= 0 {
			continue
		}
		// outside this edge: within reach of some edge or vertex?
		pj := len(vs) - 1
		for j := range vs {
			e := vs[j].Sub(vs[pj])
			d := cp.Sub(vs[pj])
			pj = j
			cr := n.Cross(e)
			if dd := d.Dot(cr); dd < 0 {
				if cr.Dot(cr)*diff < dd*dd {
					return false, cp
				}
				if de := d.Dot(e); de >= 0 && de <= e.Dot(e) {
					return true, cp
				}
			}
			if d.Dot(d) <= diff {
				return true, cp
			}
		}
		return false, cp
	}
	return true, cp
}

// polyCheckWalkable is CPolygon::check_walkable: the sphere's centre,
// dropped along up onto the plane, is inside the polygon or within its
// radius (a quarter of its area when small) of an edge.
func polyCheckWalkable(poly *Poly, sp tsphere, up vec, small bool) bool {
	n := poly.Plane.N
	au := n.Dot(up)
	if au < Epsilon {
		return false
	}
	c := sp.c.Sub(up.Scale(poly.Plane.Dist(sp.c) / au))
	rs := sp.r * sp.r
	if small {
		rs *= 0.25
	}
	vs := poly.Verts
	prev := len(vs) - 1
	for i := range vs {
		edge := vs[i].Sub(vs[prev])
		disp := c.Sub(vs[prev])
		prev = i
		cr := n.Cross(edge)
		if d := disp.Dot(cr); d < 0 {
			if cr.Dot(cr)*rs < d*d {
				return false
			}
			de := disp.Dot(edge)
			return de >= 0 && de <= edge.Dot(edge)
		}
		if disp.Dot(disp) <= rs {
			return true
		}
	}
	return true
}

// polyCrossedEdge is CPolygon::find_crossed_edge: the outward normal of
// the first edge the sphere's centre, dropped along up, lies outside.
func polyCrossedEdge(poly *Poly, sp tsphere, up vec) (vec, bool) {
	n := poly.Plane.N
	au := n.Dot(up)
	if float32(math.Abs(float64(au))) < Epsilon {
		return vec{}, false
	}
	c := sp.c.Sub(up.Scale(poly.Plane.Dist(sp.c) / au))
	vs := poly.Verts
	prev := len(vs) - 1
	for i := range vs {
		edge := vs[i].Sub(vs[prev])
		disp := c.Sub(vs[prev])
		prev = i
		cr := n.Cross(edge)
		if disp.Dot(cr) < 0 {
			return cr.Scale(1 / cr.Len()), true
		}
	}
	return vec{}, false
}
