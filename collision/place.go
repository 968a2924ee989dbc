package collision

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// The placement search (CTransition::FindPlacementPosition and
// FindPlacementPos, SpherePath's InitialPlacement and Placement insert
// types), read from ACE's port (Physics/Transition.cs, BSP/BSPTree.cs
// placement_insert, Polygon.cs adjust_to_placement_poly, PhysicsObj.cs
// CheckPositionInternal).

// Placement search constants (Transition::FindPlacementPos).
const (
	// placeReach is how far the search looks from the wanted position
	// (adjustDist, 4 units; 2 for a sphere under placeSmall).
	placeReach = 4.0
	// placeSmall is the radius under which a sphere is searched with
	// half the steps over half the reach ("fake sphere").
	placeSmall = 0.125
	// placeMinRadius is the least radius the search's steps are made for.
	placeMinRadius = 0.48
	// placeNear is how close a placement without sliding must stay to
	// the wanted position (CPhysicsObj::CheckPositionInternal).
	placeNear = 0.05
	// maxPlacementAdjust is how many pushes out of a cell's polygons the
	// initial placement tries (BSPTREE::placement_insert's 20).
	maxPlacementAdjust = 20
)

// Place is CPhysicsObj::SetPosition's placement (CheckPositionInternal →
// Transition::FindPlacementPosition) for an object put at pos: its
// spheres are first pushed out of the terrain and of the walls of the
// indoor cell it is in (InitialPlacement: objects are not tested), then
// inserted as they stand against everything (Placement). If that
// collides and slide is set (SetPositionFlags Slide), the search tries
// rings around pos, nearest first: ring i lies i·d from it (d = 4/n, n =
// ⌈4/max(r, 0.48)⌉ rings, r the first sphere's radius; a sphere under
// 0.125 searches half as many rings within 2 units), each ring split in
// 2·⌈Σ π·d/max(r, 0.48)⌉ headings clockwise from north, and the first
// spot where the spheres go in is taken. The placed object is then
// stepped down onto what lies within its step-down height under it
// (LandingZ ground; half its radius for one sphere whose step down is
// over its diameter), else left where it was placed. Without slide the
// placement must stay within 0.05 of pos in x and y (ACE's reading: the
// differences are signed) and pos is returned unchanged but for that
// adjustment.
//
// The result's Cell and Origin are the placement (Failed when there is
// none: the caller leaves the object where the server put it);
// OnWalkable is whether it stands on walkable ground. The mover's
// OnWalkable, EdgeSlide and Gravity are not read (ObjectInfo's Default
// state). Hits are left empty. The result is valid until the next call.
func (r *Resolver) Place(m *Mover, pos physics.Position, slide bool) *Result {
	r.m = m
	r.block = pos.Cell & 0xFFFF0000
	r.bx, r.by = dat.BlockXY(pos.Cell)
	r.startBlocks()
	r.res = Result{Hits: r.res.Hits[:0], Cell: pos.Cell}
	r.envCells = r.envCells[:0]
	r.outdoor = dat.IsOutdoorCell(pos.Cell)
	at := pos.Frame.Origin
	r.res.Origin = at
	if len(m.Spheres) == 0 || !(m.Spheres[0].Radius > 0) || !at.Finite() {
		r.res.Failed = true
		return &r.res
	}
	if !r.outdoor {
		cl := r.env.EnvCell(pos.Cell)
		if cl == nil {
			// An indoor cell the Env does not know: accepted there.
			return &r.res
		}
		r.envCells = append(r.envCells, cl)
	}
	t := &r.tr
	t.reset(r, m)
	t.obj = objectInfo{stepUpHeight: m.StepUpHeight, stepDownHeight: m.StepDownHeight}
	p := &t.path
	p.start(m, at)
	// The search reaches placeReach from pos; the step down its height.
	r.gather(at, at.Add(vec{X: placeReach}))
	ok := t.findPlacementPosition(slide)
	if ok && !slide {
		d := p.cur.Sub(at)
		// ACE compares the signed differences ("should be using
		// Math.Abs(), bug in original?").
		ok = d.X < placeNear && d.Y < placeNear
	}
	r.res.Hits = r.res.Hits[:0]
	r.res.State = StateOK
	r.res.Blocked = false
	if !ok {
		r.res.Failed = true
		return &r.res
	}
	r.res.OnWalkable = t.ci.contactValid && t.ci.contact.N.Z >= FloorZ
	res := r.finish(p.cur)
	if res.OffWorld {
		res.Failed = true
		res.Origin = at
		res.Cell = pos.Cell
	}
	return res
}

// findPlacementPosition is Transition::FindPlacementPosition.
func (t *trans) findPlacementPosition(slide bool) bool {
	p := &t.path
	t.setCheck(p.cur)
	p.initial = true
	st := t.insertIntoCell(3)
	if st == StateAdjusted || st == StateSlid {
		// ValidatePlacement(adjust): PlacementInsert once more.
		st = t.insertIntoCell(3)
	}
	p.initial = false
	if st != StateOK {
		return false
	}
	t.setCurrent()
	if !t.findPlacementPos(slide) {
		return false
	}
	// ObjectInfo::StepDown (every object that is not a missile).
	p.walkableAllowance = LandingZ
	t.saveCheck()
	g := p.global[0]
	h := t.obj.stepDownHeight
	if p.n < 2 && g.r*2 < h {
		h = g.r * 0.5
	}
	if h <= g.r*2 {
		if !t.stepDownBy(h, LandingZ) {
			t.restoreCheck()
			t.ci.contactValid = false
		}
	} else {
		h *= 0.5
		if !t.stepDownBy(h, LandingZ) && !t.stepDownBy(h, LandingZ) {
			t.restoreCheck()
			t.ci.contactValid = false
		}
	}
	p.walkable = nil
	t.setCurrent()
	return true
}

// findPlacementPos is Transition::FindPlacementPos: the spheres inserted
// where they stand in Placement mode, then, when sliding is allowed,
// around the rings of the search.
func (t *trans) findPlacementPos(slide bool) bool {
	p := &t.path
	t.setCheck(p.cur)
	t.ci.slidingValid, t.ci.contactValid = false, false
	p.placement = true
	defer func() { p.placement = false }()
	if t.validatePlacement(t.transitionalInsert(3), slide) {
		return true
	}
	if !slide {
		return false
	}
	reach := float32(placeReach)
	r := p.local[0].r
	small := false
	switch {
	case r < placeSmall:
		small, reach = true, placeReach/2
	case r < placeMinRadius:
		r = placeMinRadius
	}
	fsteps := placeReach / r
	if small {
		fsteps *= 0.5
	}
	if fsteps <= 1 {
		return false
	}
	steps := int(math.Ceil(float64(fsteps)))
	per := reach / float32(steps)
	radPer := float32(math.Pi) * per / r
	var dist, rad float32
	for range steps {
		dist += per
		rad += radPer
		n := 2 * int(math.Ceil(float64(rad)))
		angle := 360 / float32(n)
		for j := range n {
			t.setCheck(p.cur)
			h := float64(angle*float32(j)) * math.Pi / 180
			off := t.adjustOffset(vec{X: float32(math.Sin(h)), Y: float32(math.Cos(h))}.Scale(dist))
			if off.Len() < Epsilon {
				continue
			}
			t.addOffset(off)
			t.ci.slidingValid, t.ci.contactValid = false, false
			if t.validatePlacement(t.transitionalInsert(3), slide) {
				return true
			}
		}
	}
	return false
}

// validatePlacement is ValidatePlacementTransition: an insertion that
// went in makes the check position current; one that did not forgets
// what it found (CollisionInfo::Init) when sliding is allowed.
func (t *trans) validatePlacement(st TransitionState, slide bool) bool {
	if st == StateOK {
		t.setCurrent()
		return true
	}
	if slide {
		t.ci = collisionInfo{}
	}
	return false
}

// placementInsert is BSPTREE::placement_insert for an indoor cell's
// CellStruct (InitialPlacement): while a sphere touches a polygon it is
// pushed along the polygon's normal to lie its radius off the plane on
// the side its centre is on (CPolygon::adjust_to_placement_poly, the
// other sphere moved with it), at most 20 times; clear after a push, the
// check position takes it (Adjusted); clear at once, OK; never clear,
// Collided. The leaves' Solid flag is not kept (divergence TR-01), so a
// sphere wholly inside a solid with no polygon in reach is not pushed.
func (t *trans) placementInsert(sh *Shape, f physics.Frame) TransitionState {
	p := &t.path
	t.cacheLocal(f, 1)
	valid := p.lsSphere[0]
	other := p.lsSphere[1]
	for i := range maxPlacementAdjust {
		if hp := sh.solidPoly(valid); hp != nil {
			pushOut(hp, &valid, &other, p.n > 1)
			continue
		}
		if p.n > 1 {
			if hp := sh.solidPoly(other); hp != nil {
				pushOut(hp, &other, &valid, true)
				continue
			}
		}
		if i == 0 {
			return StateOK
		}
		t.addOffset(f.LocalToGlobalVec(valid.c.Sub(p.lsSphere[0].c)))
		return StateAdjusted
	}
	return StateCollided
}

// pushOut is CPolygon::adjust_to_placement_poly with the solid check
// (clearCell): hit is moved along the plane's normal to lie its radius
// off the plane, on the negative side when its centre is on or behind
// it; the other sphere (when there is one) moves with it.
func pushOut(poly *Poly, hit, other *tsphere, both bool) {
	dp := poly.Plane.Dist(hit.c)
	rad := hit.r
	if dp <= 0 {
		rad = -rad
	}
	adj := poly.Plane.N.Scale(rad - dp)
	hit.c = hit.c.Add(adj)
	if both {
		other.c = other.c.Add(adj)
	}
}

// solidPoly is BSPNODE::sphere_intersects_solid_poly by the polygons
// only: the first polygon the sphere touches, nil for none.
func (s *Shape) solidPoly(sp tsphere) *Poly {
	var hp *Poly
	s.visitBSP(sp, sp.r, func(ps []int32) bool {
		for _, i := range ps {
			if p := &s.Polys[i]; p.valid() {
				if h, _ := polyHitsSpherePrecise(p, sp); h {
					hp = p
					return true
				}
			}
		}
		return false
	})
	return hp
}
