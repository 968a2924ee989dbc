package collision

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// TransitionState is the result of one insertion of a SpherePath's check
// position (CTransition's TransitionState).
type TransitionState uint8

// The transition states.
const (
	StateInvalid TransitionState = iota
	StateOK
	StateCollided
	StateAdjusted
	StateSlid
)

// String names the state as retail does.
func (s TransitionState) String() string {
	switch s {
	case StateOK:
		return "OK"
	case StateCollided:
		return "Collided"
	case StateAdjusted:
		return "Adjusted"
	case StateSlid:
		return "Slid"
	}
	return "Invalid"
}

// Contact is what an object keeps between transitions: its contact
// plane (TransientState Contact with ContactPlane), its sliding normal
// (Sliding) and its stationary-fall count (StationaryFall/Stop/Stuck as
// 1/2/3).
type Contact struct {
	Valid          bool
	Plane          Plane
	Sliding        bool
	SlidingNormal  physics.Vec3
	StationaryFall uint8
}

// tsphere is a sphere: centre and radius.
type tsphere struct {
	c vec
	r float32
}

func (s tsphere) intersects(o tsphere) bool {
	d := o.c.Sub(s.c)
	rs := s.r + o.r
	return d.Dot(d) < rs*rs
}

// spherePath is SpherePath over landblock-local coordinates of the begin
// landblock: the mover's (at most two) spheres at the current and the
// check position, and the flags the insertion modes read. A transition
// sets startState up (start), starts with pathState zeroed, and writes
// localSpace before it reads it (cacheLocal, setWalkable); the second
// sphere's fields are read only with two spheres.
type spherePath struct {
	startState
	pathState
	localSpace
}

// startState is the part of spherePath start sets.
type startState struct {
	// n is how many of the mover's spheres the path carries: 1 or 2 (a
	// mover without a sphere starts no path: TransitionContact and Place
	// return before), so the first sphere's fields are always set.
	n          int
	local      [2]tsphere
	localLow   vec
	curr       [2]vec // GlobalCurrCenter
	cur        vec
	walkInterp float32
}

// pathState is the part of spherePath a transition starts from zero.
type pathState struct {
	global [2]tsphere
	low    vec // GlobalLowPoint

	check, backup vec
	// checked is set once setCheck has placed global and low at check:
	// from then on they are check plus the local spheres (only setCheck
	// writes check, global and low).
	checked bool

	placement, stepUp, stepDown, collide, checkWalkable bool
	// initial is InsertType InitialPlacement: the terrain, and the
	// indoor cells by placement_insert; objects are not tested.
	initial                        bool
	negPolyHit, negStepUp          bool
	stepUpNormal, negNormal        vec
	walkableAllowance, stepDownAmt float32

	// the walkable polygon last adjusted onto, in its own space (its
	// check sphere, up and placement in localSpace)
	walkable *Poly
}

// localSpace is the part of spherePath each transition writes before it
// reads it: the local space of the obstacle being tested (cacheLocal;
// its second sphere only with two) and the walkable polygon's (setWalkable,
// read while walkable is set).
type localSpace struct {
	walkCheck tsphere
	walkUp    vec
	walkFrame physics.Frame
	walkScale float32

	// the local space of the obstacle being tested
	lsSphere [2]tsphere
	lsCurr   [2]vec
	lsFrame  physics.Frame
	lsScale  float32
	lsZ      vec
}

// start sets the path up for mover m at pos: its first two spheres
// (SpherePath's local spheres), the low point of the first, the walk
// interpolation at 1, and the spheres' centres at pos (cacheCurr).
func (p *spherePath) start(m *Mover, pos vec) {
	p.n = min(len(m.Spheres), 2)
	p.local[0] = tsphere{c: m.Spheres[0].Origin, r: m.Spheres[0].Radius}
	if p.n > 1 {
		p.local[1] = tsphere{c: m.Spheres[1].Origin, r: m.Spheres[1].Radius}
	}
	p.localLow = p.local[0].c.Sub(vec{Z: p.local[0].r})
	p.cur = pos
	p.walkInterp = 1
	// (cacheCurr.)
	p.curr[0] = pos.Add(p.local[0].c)
	if p.n > 1 {
		p.curr[1] = pos.Add(p.local[1].c)
	}
}

// collisionInfo is CollisionInfo.
type collisionInfo struct {
	lastValid            bool
	last                 Plane
	contactValid         bool
	contact              Plane
	slidingValid         bool
	sliding              vec
	normalValid          bool
	normal               vec
	collidedWithEnv      bool
	framesStationaryFall uint8
}

func (c *collisionInfo) setContact(p Plane) { c.contactValid, c.contact = true, p }

func (c *collisionInfo) setCollisionNormal(n vec) {
	c.normalValid = true
	c.normal = n
	if normCheckSmall(&n) {
		c.normal = vec{}
	}
}

func (c *collisionInfo) setSlidingNormal(n vec) {
	c.slidingValid = true
	c.sliding = vec{X: n.X, Y: n.Y}
	if normCheckSmall(&c.sliding) {
		c.sliding = vec{}
	}
}

// normCheckSmall is Vec::normalize_check_small: true (and v unchanged)
// when v is shorter than Epsilon, else v is made unit.
func normCheckSmall(v *vec) bool {
	l := v.Len()
	if l < Epsilon {
		return true
	}
	*v = v.Scale(1 / l)
	return false
}

// objectInfo is ObjectInfo: the mover's contact state during the
// transition.
type objectInfo struct {
	contact, onWalkable, edgeSlide, gravity bool
	stepUpHeight, stepDownHeight            float32
}

// trans is the retail transition's state for one move. reset zeroes
// each field but path.localSpace and obj (its callers set obj whole): a
// field added here is zeroed there.
type trans struct {
	r    *Resolver
	m    *Mover
	path spherePath
	ci   collisionInfo
	obj  objectInfo
	// outcome is the strongest state an insertion of the move's steps
	// met (Collided over Slid over Adjusted over OK); depth is the nesting
	// of TransitionalInsert (the steps' own insertions are depth 1).
	outcome TransitionState
	depth   int
	// hp is the polygon that decided the last BSP test (hit, stepped on
	// or landed on), for the contact's record; nil for none.
	hp *Poly
}

// reset starts the state of a transition of m by r: everything zero but
// the path's localSpace (as a fresh trans would have it, for what is
// read) and obj, which each caller sets whole next.
func (t *trans) reset(r *Resolver, m *Mover) {
	t.r, t.m = r, m
	t.path.pathState = pathState{}
	t.ci = collisionInfo{}
	t.outcome, t.depth, t.hp = 0, 0, nil
}

// ranks orders the states by strength for the outcome: OK, Adjusted,
// Slid, then Collided and Invalid.
var ranks = [...]int8{StateInvalid: 3, StateOK: 0, StateCollided: 3, StateAdjusted: 1, StateSlid: 2}

// rank orders the states by strength for the outcome (an unknown state
// ranks as OK).
func rank(s TransitionState) int8 {
	if int(s) < len(ranks) {
		return ranks[s]
	}
	return 0
}

// note keeps s as the outcome when it is stronger.
func (t *trans) note(s TransitionState) {
	if rank(s) > rank(t.outcome) {
		t.outcome = s
	}
}

// Transition carries m from begin towards end as CTransition does
// (FindTransitionalPosition): the move is cut in CalcNumSteps steps of at
// most the first sphere's radius; each step's offset goes through
// AdjustOffset (the contact plane and the sliding normal of the step
// before), the check position is inserted (TransitionalInsert: the
// terrain under the low point through ValidateWalkable, each physics
// BSP's find_collisions with its placement, check-walkable, step-down,
// collide and contact modes, other creatures' spheres) and validated
// (ValidateTransition, with FramesStationaryFall). c is the contact the
// object kept from its last transition; the result's Contact is the one
// to keep. The move is over the outdoor landblocks and the obstacles the
// Env gives, and the indoor cells reached through the portals near the
// move (gather); the end's cell is the indoor cell containing the first
// sphere's centre, else the outdoor cell under it (finish). The result is
// valid until the next call.
func (r *Resolver) Transition(m *Mover, begin physics.Position, end physics.Vec3, c Contact) (*Result, Contact) {
	res := r.TransitionContact(m, &begin, end, &c)
	return res, c
}

// TransitionContact is Transition with the contact kept in place: c is
// the contact the object kept from its last transition, and becomes the
// one to keep.
func (r *Resolver) TransitionContact(m *Mover, begin *physics.Position, end physics.Vec3, c *Contact) *Result {
	r.m = m
	r.block = begin.Cell & 0xFFFF0000
	r.bx, r.by = dat.BlockXY(begin.Cell)
	r.startBlocks()
	// r.res = Result{Hits: r.res.Hits[:0], OnWalkable: m.OnWalkable,
	// Cell: begin.Cell}, field by field
	// (TestResultFieldsAreReset counts the fields):
	r.res.Cell, r.res.Origin, r.res.OnWalkable, r.res.Landed, r.res.Blocked = begin.Cell, vec{}, m.OnWalkable, false, false
	r.res.OffWorld, r.res.State, r.res.Failed, r.res.StopVelocity = false, 0, false, false
	r.res.Hits = r.res.Hits[:0]
	r.envCells = r.envCells[:0]
	r.outdoor = dat.IsOutdoorCell(begin.Cell)
	pos := begin.Frame.Origin
	if len(m.Spheres) == 0 || !(m.Spheres[0].Radius > 0) || !bothFinite(end, pos) {
		r.res.Origin = pos
		return &r.res
	}
	if !r.outdoor {
		cl := r.env.EnvCell(begin.Cell)
		if cl == nil {
			// An indoor cell the Env does not know: accepted there.
			r.res.Origin = end
			return &r.res
		}
		r.envCells = append(r.envCells, cl)
	}
	t := &r.tr
	t.reset(r, m)
	t.obj = objectInfo{edgeSlide: m.EdgeSlide, gravity: m.Gravity, stepUpHeight: m.StepUpHeight, stepDownHeight: m.StepDownHeight}
	if c.Valid {
		t.ci.lastValid, t.ci.last = true, c.Plane
		t.ci.contactValid, t.ci.contact = true, c.Plane
		t.obj.contact = true
		t.obj.onWalkable = m.OnWalkable
	}
	if c.Sliding {
		t.ci.slidingValid = true
		t.ci.sliding = c.SlidingNormal
		if normCheckSmall(&t.ci.sliding) {
			t.ci.sliding = vec{}
		}
	}
	t.ci.framesStationaryFall = c.StationaryFall
	p := &t.path
	// p.start(m, pos), inline (m has a sphere, tested above):
	sp := m.Spheres
	p.n = min(len(sp), 2)
	p.local[0] = tsphere{c: sp[0].Origin, r: sp[0].Radius}
	p.localLow = p.local[0].c.Sub(vec{Z: p.local[0].r})
	p.cur = pos
	p.walkInterp = 1
	p.curr[0] = pos.Add(p.local[0].c)
	if p.n > 1 {
		p.local[1] = tsphere{c: sp[1].Origin, r: sp[1].Radius}
		p.curr[1] = pos.Add(p.local[1].c)
	}
	r.gather(pos, end)
	r.res.Failed = !t.findTransitionalPosition(pos, end, r.moveLen)

	pos = p.cur
	r.res.OnWalkable = t.obj.onWalkable
	r.res.Landed = !m.OnWalkable && t.obj.onWalkable
	r.res.State = t.outcome
	c.Valid, c.Plane = t.ci.contactValid, t.ci.contact
	if !t.ci.contactValid && t.ci.lastValid {
		c.Plane = t.ci.last
	}
	c.Sliding, c.SlidingNormal, c.StationaryFall = t.ci.slidingValid, t.ci.sliding, t.ci.framesStationaryFall
	if len(r.envCells) == 0 && r.outdoor {
		// finish's commonest case, inline: the outdoor cell.
		r.res.Origin = pos
		nc, ok := dat.AdjustToOutside(r.res.Cell, &r.res.Origin)
		if !ok {
			r.res.OffWorld = true
			r.res.Origin = pos
			return &r.res
		}
		r.res.Cell = nc
		return &r.res
	}
	return r.finish(pos)
}

// bothFinite is a.Finite() && b.Finite() in one test: a finite f's f−f
// is 0 and a sum of zeros is 0, while an infinite or NaN component's
// difference, and so the sum, is NaN.
func bothFinite(a, b vec) bool {
	return (a.X-a.X)+(a.Y-a.Y)+(a.Z-a.Z)+(b.X-b.X)+(b.Y-b.Y)+(b.Z-b.Z) == 0
}

func (t *trans) cacheCurr() {
	p := &t.path
	p.curr[0] = p.cur.Add(p.local[0].c)
	if p.n > 1 {
		p.curr[1] = p.cur.Add(p.local[1].c)
	}
}

// setCheck is SetCheckPos.
func (t *trans) setCheck(o vec) {
	p := &t.path
	p.check = o
	p.global[0] = tsphere{c: o.Add(p.local[0].c), r: p.local[0].r}
	if p.n > 1 {
		p.global[1] = tsphere{c: o.Add(p.local[1].c), r: p.local[1].r}
	}
	p.low = o.Add(p.localLow)
	p.checked = true
}

// addOffset is AddOffsetToCheckPos.
func (t *trans) addOffset(d vec) { t.setCheck(t.path.check.Add(d)) }

func (t *trans) saveCheck()    { t.path.backup = t.path.check }
func (t *trans) restoreCheck() { t.setCheck(t.path.backup) }

// MaxTransitionSteps is the most steps a transition takes: a longer move
// finds no position (ACE's FindTransitionalPosition refuses more than
// 1000).
const MaxTransitionSteps = 1000

// findTransitionalPosition is FindTransitionalPosition with CalcNumSteps;
// dist is the move's length (end−begin's, as gather took it).
func (t *trans) findTransitionalPosition(begin, end vec, dist float32) bool {
	p := &t.path
	offset := end.Sub(begin) // dist is its length, gather's
	step := dist / p.local[0].r
	var numSteps int
	var per vec
	switch {
	case !(step <= MaxTransitionSteps):
		return false
	case step > 1:
		numSteps = int(math.Ceil(float64(step)))
		per = offset.Scale(1 / float32(numSteps))
	case !offset.IsZero():
		numSteps, per = 1, offset
	}
	// SetCheckPos(cur): until the first step's AddOffsetToCheckPos sets
	// the whole check, only the first sphere is read (AdjustOffset's
	// contact-plane distance; its own AddOffsetToCheckPos sets the whole
	// check too), so the rest is not placed yet.
	p.check = p.cur
	p.checked = false
	p.global[0] = tsphere{c: p.cur.Add(p.local[0].c), r: p.local[0].r}
	state := StateOK
	t.outcome = StateOK
	for s := range numSteps {
		g := t.adjustOffset(per)
		if g.Dot(g) < Epsilon*Epsilon {
			return s != 0 && state == StateOK
		}
		t.ci.slidingValid = false
		t.ci.contactValid = false
		// t.setCheck(p.check.Add(g)) (addOffset(g)), inline:
		o := p.check.Add(g)
		p.check = o
		p.global[0] = tsphere{c: o.Add(p.local[0].c), r: p.local[0].r}
		if p.n > 1 {
			p.global[1] = tsphere{c: o.Add(p.local[1].c), r: p.local[1].r}
		}
		p.low = o.Add(p.localLow)
		p.checked = true
		ins := t.transitionalInsert(3)
		t.note(ins)
		state = t.validateTransition(ins)
		if t.ci.framesStationaryFall > 0 {
			break
		}
	}
	return state == StateOK
}

// adjustOffset is AdjustOffset: the step's offset turned along the
// sliding normal and the contact plane, and the check position lifted out
// of the contact plane.
func (t *trans) adjustOffset(off vec) vec {
	ci := &t.ci
	checkSlide := false
	var angle float32 // (read only with a sliding normal, as is slide below)
	if ci.slidingValid {
		if angle = off.Dot(ci.sliding); angle < 0 {
			checkSlide = true
		} else {
			ci.slidingValid = false
		}
	}
	if !ci.contactValid {
		if checkSlide {
			off = off.Sub(ci.sliding.Scale(angle))
		}
		return off
	}
	n := ci.contact.N
	cangle := off.Dot(n)
	switch {
	case checkSlide:
		if slide := n.Cross(ci.sliding); normCheckSmall(&slide) {
			off = vec{}
		} else {
			off = slide.Scale(slide.Dot(off))
		}
	case cangle <= 0:
		off = off.Sub(n.Scale(cangle))
	default:
		off = snap(off, n)
	}
	g := &t.path.global[0] // (read before addOffset moves it)
	d := ci.contact.Dist(g.c)
	if d >= g.r-Epsilon {
		return off
	}
	if zd := (g.r - d) / n.Z; g.r > float32(math.Abs(float64(zd))) {
		t.addOffset(vec{Z: zd})
	}
	return off
}

// transitionalInsert is TransitionalInsert.
func (t *trans) transitionalInsert(attempts int) TransitionState {
	if attempts <= 0 {
		return StateInvalid
	}
	t.depth++
	st := t.insertAttempts(attempts)
	t.depth--
	return st
}

// insertAttempts is TransitionalInsert's loop, at depth t.depth.
func (t *trans) insertAttempts(attempts int) TransitionState {
	p := &t.path
	st := StateInvalid
	// The commonest insertion first: the first test finds nothing and
	// nothing is left to do (the loops below return OK at once after it;
	// note(OK) keeps the outcome). Else the loops go on from its result.
	pending := false
	if attempts > 0 {
		if st = t.findCollisions(); st == StateOK && !p.collide && !(p.negPolyHit && !p.stepDown && !p.stepUp) &&
			(t.ci.contactValid || !t.obj.contact || p.stepDown) {
			return StateOK
		}
		pending = true
	}
	for range attempts {
		// st = t.insertIntoCell(attempts), inline:
		if !pending {
			st = StateOK
		}
		for range attempts {
			if !pending {
				st = t.findCollisions()
			}
			pending = false
			if t.depth == 1 {
				t.note(st)
			}
			if st == StateOK || st == StateCollided {
				break
			}
			if st == StateSlid {
				t.ci.contactValid = false
			}
		}
		switch st {
		case StateOK:
		case StateCollided:
			return st
		case StateAdjusted:
			p.negPolyHit = false
		case StateSlid:
			t.ci.contactValid = false
			p.negPolyHit = false
		}
		if st != StateOK {
			continue
		}
		if !p.collide {
			if p.negPolyHit && !p.stepDown && !p.stepUp {
				p.negPolyHit = false
				if p.negStepUp {
					if !t.stepUpTo(p.negNormal) {
						st = t.stepUpSlide()
					}
				} else {
					st = t.slideSphere(p.negNormal, p.curr[0])
				}
				continue
			}
			if t.ci.contactValid || !t.obj.contact || p.stepDown {
				return StateOK
			}
			z, h := float32(LandingZ), float32(DefaultStepDown)
			if t.obj.onWalkable {
				z, h = FloorZ, t.obj.stepDownHeight
			}
			p.walkableAllowance = z
			t.saveCheck()
			radsum := p.global[0].r * 2
			if p.n < 2 && radsum < h {
				h = p.global[0].r * 0.5
			}
			if radsum >= h {
				if t.stepDownBy(h, z) {
					p.walkable = nil
					return StateOK
				}
			} else {
				h *= 0.5
				if t.stepDownBy(h, z) || t.stepDownBy(h, z) {
					p.walkable = nil
					return StateOK
				}
			}
			done, s := t.edgeSlide(h, z)
			if t.depth == 1 {
				// the edge slide of the step itself, not of a probe
				t.note(s)
				if s == StateSlid || s == StateCollided {
					t.r.res.Blocked = true
				}
			}
			if done {
				return s
			}
			st = s
			continue
		}
		reset := false
		p.collide = false
		if t.ci.contactValid && t.checkWalkable(LandingZ) {
			was := p.placement
			p.placement = true
			st = t.transitionalInsert(attempts)
			p.placement = was
			if st != StateOK {
				st, reset = StateOK, true
			}
		} else {
			reset = true
		}
		p.walkable = nil
		if !reset {
			return st
		}
		t.restoreCheck()
		t.ci.contactValid = false
		if t.ci.lastValid {
			t.ci.lastValid = false
		} else {
			t.ci.setCollisionNormal(p.stepUpNormal)
		}
		return StateCollided
	}
	return st
}

// insertIntoCell is InsertIntoCell over the one cell of this port: the
// terrain and every obstacle of the move.
func (t *trans) insertIntoCell(attempts int) TransitionState {
	st := StateOK
	for range attempts {
		st = t.findCollisions()
		if t.depth == 1 {
			t.note(st)
		}
		switch st {
		case StateOK, StateCollided:
			return st
		case StateSlid:
			t.ci.contactValid = false
		}
	}
	return st
}

// findCollisions is CObjCell::FindCollisions over the cells of the move
// (the contacts of a step's own insertion are recorded, not those of the
// probes inside it: step up and down, placement, walkable checks):
// the terrain under the low point where the move reaches the outdoors,
// each indoor cell's physics BSP, then the objects (a building's shell
// only where the move reaches the outdoors).
func (t *trans) findCollisions() TransitionState {
	r := t.r
	if r.outdoor {
		// LandCell::FindEnvCollisions: the terrain polygon under the low
		// point, through ValidateWalkable.
		if poly := t.terrainPoly(t.path.low); poly != nil {
			if st := t.validateWalkable(&t.path.global[0], poly); st != StateOK {
				return st
			}
		}
	}
	for _, cl := range r.envCells {
		if cl.Shape == nil {
			continue
		}
		f := cl.Frame
		f.Origin = f.Origin.Add(dat.BlockOffset(r.block, cl.ID))
		t.hp = nil
		if t.path.initial {
			if st := t.placementInsert(cl.Shape, f); st != StateOK {
				return st
			}
			continue
		}
		if st := t.bspCollisions(cl.Shape, f, 1); st != StateOK {
			if !t.obj.contact {
				t.ci.collidedWithEnv = true
			}
			if t.depth == 1 && !t.path.stepDown {
				r.record(&contact{kind: HitCell, cell: cl.ID, normal: t.ci.normal, poly: t.hp, frame: f, scale: 1})
				if st == StateSlid || st == StateCollided {
					r.res.Blocked = true
				}
			}
			return st
		}
	}
	if t.path.initial {
		// CObjCell::FindObjCollisions: nothing for InitialPlacement.
		return StateOK
	}
	for i := range r.obs {
		o := &r.obs[i]
		if !r.outdoor && len(o.Cells) > 0 {
			continue
		}
		var st TransitionState
		t.hp = nil
		switch {
		case o.Shape != nil:
			st = t.bspCollisions(o.Shape, o.Frame, o.scale())
		case len(o.Cyls) > 0:
			st = t.cylCollisions(o)
		default:
			st = t.sphereCollisions(o)
		}
		if st != StateOK {
			if t.depth == 1 && !t.path.stepDown {
				c := contact{kind: HitObject, guid: o.GUID, model: o.Model, normal: t.ci.normal, body: o.body(), poly: t.hp, frame: o.Frame, scale: o.scale()}
				if !o.body() && !t.obj.contact {
					t.ci.collidedWithEnv = true
				}
				r.record(&c)
				if st == StateSlid || st == StateCollided {
					r.res.Blocked = true
				}
			}
			return st
		}
	}
	return StateOK
}

// terrainPoly is find_terrain_poly: the LandCell triangle under q (begin
// landblock coordinates), by the cell's split; nil where there is none.
func (t *trans) terrainPoly(q vec) *Poly {
	r := t.r
	gx := r.bx*dat.CellsPerBlockSide + floorInt(q.X/dat.CellLength)
	gy := r.by*dat.CellsPerBlockSide + floorInt(q.Y/dat.CellLength)
	const landCells = 255 * dat.CellsPerBlockSide
	if uint(gx) >= landCells || uint(gy) >= landCells { // (or below 0)
		return nil
	}
	e := r.lastCell
	// (The key's four compares as one test: which of them differs is
	// the walkers' data, a branch apiece would guess it.)
	if e == nil || r.lastCellGen != r.blocksGen || (e.gx^gx)|(e.gy^gy)|(e.bx^r.bx)|(e.by^r.by) != 0 {
		// Not the cell looked up last (with the heights it was built
		// from: the same generation of blocks gives the same pointer).
		z := r.heights(gx/dat.CellsPerBlockSide, gy/dat.CellsPerBlockSide)
		if z == nil {
			return nil
		}
		e = r.cellPolys(z, gx, gy)
		r.lastCell, r.lastCellGen = e, r.blocksGen
	}
	// The first triangle holding q, else nil. A triangle facing up holds
	// q seen from above on its three edges' (point_in_poly2D: q on the
	// left of each edge a→b, or on it; the closing edge first, the order
	// does not change the answer). Both triangles' tests are 0/1 flags,
	// without a branch on which triangle q is in (the walkers' data) nor
	// on which edge leaves it out: out is 1 when an edge does.
	es := &e.edges[0]
	// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
	out0 := b2u(float32(es[0].dx*(q.Y-es[0].ay))-float32(es[0].dy*(q.X-es[0].ax)) < 0) |
		b2u(float32(es[1].dx*(q.Y-es[1].ay))-float32(es[1].dy*(q.X-es[1].ax)) < 0) |
		b2u(float32(es[2].dx*(q.Y-es[2].ay))-float32(es[2].dy*(q.X-es[2].ax)) < 0)
	es = &e.edges[1]
	out1 := b2u(float32(es[0].dx*(q.Y-es[0].ay))-float32(es[0].dy*(q.X-es[0].ax)) < 0) |
		b2u(float32(es[1].dx*(q.Y-es[1].ay))-float32(es[1].dy*(q.X-es[1].ax)) < 0) |
		b2u(float32(es[2].dx*(q.Y-es[2].ay))-float32(es[2].dy*(q.X-es[2].ax)) < 0)
	if out0&out1 != 0 {
		return nil
	}
	return &e.polys[out0&1]
}

// b2u is 1 for true, 0 for false, without a branch.
func b2u(b bool) uint {
	var u uint
	if b {
		u = 1
	}
	return u
}

// floorInt is int(math.Floor(float64(v))), without the call where
// truncation is the floor.
func floorInt(v float32) int {
	if v >= 0 && v < 1<<30 {
		return int(v)
	}
	return int(math.Floor(float64(v)))
}

// validateWalkable is ObjectInfo::ValidateWalkable for a non-viewer
// against the terrain plane (no water). The sphere s is read only before
// the check position moves (it may be the path's own).
func (t *trans) validateWalkable(s *tsphere, poly *Poly) TransitionState {
	p, ci := &t.path, &t.ci
	pl := poly.Plane
	dist := pl.Dist(s.c.Sub(vec{Z: s.r}))
	accept := p.stepDown || !t.obj.onWalkable || pl.N.Z >= FloorZ
	if dist >= -Epsilon {
		if dist > Epsilon {
			return StateOK
		}
		if accept {
			ci.setContact(pl)
		}
		if !t.obj.contact && !p.stepDown {
			ci.setCollisionNormal(pl.N)
			ci.collidedWithEnv = true
		}
		return StateOK
	}
	if p.checkWalkable {
		return StateCollided
	}
	zd := dist / pl.N.Z
	if accept {
		ci.setContact(pl)
		if p.stepDown {
			interp := (1 - float32(-1/(p.stepDownAmt*p.walkInterp)*zd)) * p.walkInterp
			if interp >= p.walkInterp || interp < -0.1 {
				return StateCollided
			}
			p.walkInterp = interp
		}
		t.addOffset(vec{Z: -zd})
	}
	if !t.obj.contact && !p.stepDown {
		ci.setCollisionNormal(pl.N)
		ci.collidedWithEnv = true
		if t.depth == 1 {
			t.r.record(&contact{kind: HitTerrain, normal: pl.N, poly: poly, frame: physics.IdentityFrame, scale: 1})
		}
	}
	return StateAdjusted
}

// validateTransition is ValidateTransition: a failed insertion goes back
// to the current position (keeping the last known contact plane when the
// sphere still touches it), the sliding normal becomes the collision
// normal, FramesStationaryFall counts frames without progress, and the
// object's Contact and OnWalkable follow the contact plane.
func (t *trans) validateTransition(st TransitionState) TransitionState {
	p, ci := &t.path, &t.ci
	redo := true
	if st != StateOK || p.check == p.cur {
		redo = false
		if st != StateOK {
			if st != StateInvalid {
				if ci.lastValid {
					t.r.res.StopVelocity = true
					a := ci.last.Dist(p.curr[0])
					if p.global[0].r+Epsilon > float32(math.Abs(float64(a))) {
						ci.setContact(ci.last)
						if t.obj.onWalkable {
							redo = true
						}
					}
				}
				if !ci.normalValid {
					ci.setCollisionNormal(vec{Z: 1})
				}
				t.r.res.Blocked = true
				t.setCheck(p.cur)
				st = StateOK
			}
		} else {
			t.setCurrent()
		}
	} else if p.checked {
		// setCurrent's commonest case, inline: cur is check, whose
		// spheres are the current ones.
		p.cur = p.check
		p.curr[0] = p.global[0].c
		if p.n > 1 {
			p.curr[1] = p.global[1].c
		}
	} else {
		t.setCurrent()
	}
	if ci.normalValid {
		ci.setSlidingNormal(ci.normal)
	}
	if t.obj.gravity {
		switch {
		case redo:
			ci.framesStationaryFall = 0
		case ci.framesStationaryFall > 1:
			ci.framesStationaryFall = 3
			g := p.global[0]
			ci.setContact(Plane{N: vec{Z: 1}, D: g.r - g.c.Z})
			if !t.obj.contact {
				ci.setCollisionNormal(vec{Z: 1})
				ci.collidedWithEnv = true
			}
		case ci.framesStationaryFall == 1:
			ci.framesStationaryFall = 2
		default:
			ci.framesStationaryFall = 1
		}
	}
	ci.lastValid = ci.contactValid
	if ci.contactValid {
		ci.last = ci.contact
		t.obj.contact = true
		t.obj.onWalkable = ci.contact.N.Z >= FloorZ
	} else {
		t.obj.contact, t.obj.onWalkable = false, false
	}
	return st
}

// setCurrent is SetCurrentCheckPos.
func (t *trans) setCurrent() {
	p := &t.path
	p.cur = p.check
	if !p.checked {
		t.cacheCurr()
		t.setCheck(p.cur)
		return
	}
	// cur is check: its spheres are the check's (the same sums), and
	// setting the check to itself would compute global and low again,
	// bit for bit as they are.
	p.curr[0] = p.global[0].c
	if p.n > 1 {
		p.curr[1] = p.global[1].c
	}
}

// stepDownBy is Transition::StepDown: the check position is lowered by
// h (unless stepping up, where the raised position is the probe) and
// inserted in step-down mode, which adjusts it up onto walkable ground;
// it succeeds when a contact plane of normal z ≥ z was found, an
// edge-sliding walker still has walkable ground under it, and the
// position is clear (a placement insertion).
func (t *trans) stepDownBy(h, z float32) bool {
	p := &t.path
	p.negPolyHit = false
	p.stepDown = true
	p.stepDownAmt = h
	p.walkInterp = 1
	if !p.stepUp {
		t.addOffset(vec{Z: -h})
	}
	st := t.transitionalInsert(5)
	p.stepDown = false
	if st == StateOK && t.ci.contactValid && t.ci.contact.N.Z >= z && (!t.obj.edgeSlide || p.stepUp || t.checkWalkable(z)) {
		was := p.placement
		p.placement = true
		st = t.transitionalInsert(1)
		p.placement = was
		return st == StateOK
	}
	return false
}

// stepUpTo is Transition::StepUp after a collision with normal n: a
// step-down probe of StepUpHeight from the check position.
func (t *trans) stepUpTo(n vec) bool {
	p := &t.path
	t.ci.contactValid = false
	p.stepUp = true
	p.stepUpNormal = n
	h, z := float32(DefaultStepDown), float32(LandingZ)
	if t.obj.onWalkable {
		z, h = FloorZ, t.obj.stepUpHeight
	}
	p.walkableAllowance = z
	t.saveCheck()
	ok := t.stepDownBy(h, z)
	p.stepUp = false
	p.walkable = nil
	if !ok {
		t.restoreCheck()
	}
	return ok
}

// stepUpSlide is SpherePath::StepUpSlide.
func (t *trans) stepUpSlide() TransitionState {
	t.ci.contactValid = false
	return t.slideSphere(t.path.stepUpNormal, t.path.curr[0])
}

// slideSphere is CSphere::slide_sphere for the first sphere: the check
// position is moved so that the step from curr keeps only its part along
// the crease of the collision and contact planes (or along the plane of
// the collision, on flat contact).
func (t *trans) slideSphere(n, curr vec) TransitionState {
	p, ci := &t.path, &t.ci
	g := p.global[0]
	if n.IsZero() {
		t.addOffset(curr.Sub(g.c).Scale(0.5))
		return StateAdjusted
	}
	ci.setCollisionNormal(n)
	delta := g.c.Sub(curr)
	cp := ci.last
	if ci.contactValid {
		cp = ci.contact
	}
	dir := n.Cross(cp.N)
	if l2 := dir.Dot(dir); l2 >= Epsilon {
		off := dir.Scale(dir.Dot(delta) / l2)
		if off.Dot(off) < Epsilon {
			return StateCollided
		}
		t.addOffset(off.Sub(delta))
		return StateSlid
	}
	if n.Dot(cp.N) >= 0 {
		t.addOffset(n.Scale(-n.Dot(delta)))
		return StateSlid
	}
	back := delta.Scale(-1)
	if !normCheckSmall(&back) {
		ci.setCollisionNormal(back)
	}
	return StateOK
}

// checkWalkable is Transition::CheckWalkable: an object on walkable ground
// whose sphere has left the polygon it stood on probes down by its step
// height for walkable ground.
func (t *trans) checkWalkable(z float32) bool {
	p := &t.path
	if !t.obj.onWalkable || t.walkablesHold() {
		return true
	}
	bak := p.check
	h := t.obj.stepDownHeight
	p.walkableAllowance = z
	p.checkWalkable = true
	g := p.global[0]
	if p.n < 2 && h > g.r*2 {
		h = g.r * 0.5
	}
	if h > g.r*2 {
		h *= 0.5
	}
	t.addOffset(vec{Z: -h})
	st := t.transitionalInsert(1)
	p.checkWalkable = false
	t.setCheck(bak)
	return st != StateOK
}

// walkablesHold is SpherePath::CheckWalkables: no walkable polygon, or
// the half-radius check sphere still over it.
func (t *trans) walkablesHold() bool {
	p := &t.path
	if p.walkable == nil {
		return true
	}
	return polyCheckWalkable(p.walkable, tsphere{c: p.walkCheck.c, r: p.walkCheck.r * 0.5}, p.walkUp, false)
}

// edgeSlide is Transition::EdgeSlide after a failed step down: true
// with the state when the insertion is over.
func (t *trans) edgeSlide(h, z float32) (bool, TransitionState) {
	p, ci := &t.path, &t.ci
	if !t.obj.onWalkable || !t.obj.edgeSlide {
		return true, t.setEdgeSlide(true, StateOK)
	}
	if ci.contactValid && ci.contact.N.Z < z {
		s := t.cliffSlide(ci.contact)
		t.setEdgeSlide(true, s)
		return false, s
	}
	if p.walkable != nil {
		t.setEdgeSlide(false, StateOK)
		s := t.precipiceSlide()
		return s == StateCollided, s
	}
	if ci.contactValid {
		return true, t.setEdgeSlide(true, StateOK)
	}
	t.addOffset(p.curr[0].Sub(p.global[0].c))
	t.stepDownBy(h, z)
	ci.contactValid = false
	t.restoreCheck()
	if p.walkable != nil {
		t.cacheLocal(p.walkFrame, p.walkScale)
		p.walkCheck = p.lsSphere[0]
		s := t.precipiceSlide()
		return s == StateCollided, s
	}
	return true, StateCollided
}

// setEdgeSlide is Transition::SetEdgeSlide.
func (t *trans) setEdgeSlide(unwalkable bool, st TransitionState) TransitionState {
	if unwalkable {
		t.path.walkable = nil
	}
	t.restoreCheck()
	t.ci.contactValid = false
	return st
}

// cliffSlide is Transition::CliffSlide: a step that found only too steep
// ground slides along the crease of it and the last walkable plane.
func (t *trans) cliffSlide(cp Plane) TransitionState {
	p, ci := &t.path, &t.ci
	cn := cp.N.Cross(ci.last.N)
	cn.Z = 0
	n := vec{X: cn.Z - cn.Y, Y: cn.X - cn.Z}
	if normCheckSmall(&n) {
		return StateOK
	}
	off := p.global[0].c.Sub(p.curr[0])
	if a := n.Dot(off); a <= 0 {
		t.addOffset(n.Scale(a))
		ci.setCollisionNormal(n)
	} else {
		t.addOffset(n.Scale(-a))
		ci.setCollisionNormal(n.Scale(-1))
	}
	return StateAdjusted
}

// precipiceSlide is SpherePath::PrecipiceSlide: slide along the edge of
// the walkable polygon the check sphere crossed.
func (t *trans) precipiceSlide() TransitionState {
	p := &t.path
	n, ok := polyCrossedEdge(p.walkable, p.walkCheck, p.walkUp)
	if !ok {
		p.walkable = nil
		return StateCollided
	}
	p.walkable = nil
	p.stepUp = false
	n = p.walkFrame.LocalToGlobalVec(n)
	if n.Dot(p.global[0].c.Sub(p.curr[0])) > 0 {
		n = n.Scale(-1)
	}
	return t.slideSphere(n, p.curr[0])
}

// cacheLocal is CacheLocalSpaceSphere: the spheres at the current and
// the check position in the space of frame, scaled by 1/scale.
func (t *trans) cacheLocal(f physics.Frame, scale float32) {
	p := &t.path
	inv := 1 / scale
	for i := range p.n {
		p.lsCurr[i] = f.GlobalToLocalVec(p.curr[i].Sub(f.Origin)).Scale(inv)
		p.lsSphere[i] = tsphere{c: f.GlobalToLocalVec(p.global[i].c.Sub(f.Origin)).Scale(inv), r: p.local[i].r * inv}
	}
	p.lsFrame, p.lsScale = f, scale
	p.lsZ = f.GlobalToLocalVec(vec{Z: 1})
}

// globalPlane places a polygon's plane of the local space in the begin
// landblock.
func (t *trans) globalPlane(pl Plane) Plane {
	p := &t.path
	n := p.lsFrame.LocalToGlobalVec(pl.N)
	q := p.lsFrame.LocalToGlobal(pl.N.Scale(-pl.D * p.lsScale))
	return Plane{N: n, D: -n.Dot(q)}
}

// bspCollisions is CPhysicsPart::find_obj_collisions (an object's part)
// or CEnvCell::find_env_collisions (a cell's CellStruct at scale 1):
// BSPTREE::find_collisions over the physics BSP sh placed by f and scale.
func (t *trans) bspCollisions(sh *Shape, f physics.Frame, s float32) TransitionState {
	p, ci := &t.path, &t.ci
	t.cacheLocal(f, s)
	ls := p.lsSphere[0]
	// The BSP's root sphere: a sphere that meets no node meets nothing.
	b := tsphere{c: sh.Bound.Origin, r: sh.Bound.Radius + Epsilon}
	if !b.intersects(ls) && (p.n < 2 || !b.intersects(p.lsSphere[1])) {
		return StateOK
	}
	move := ls.c.Sub(p.lsCurr[0])
	if p.placement {
		if sh.hitsSolid(ls) || (p.n > 1 && sh.hitsSolid(p.lsSphere[1])) {
			return StateCollided
		}
		return StateOK
	}
	if p.checkWalkable {
		if sh.hitsWalkable(p, ls, p.lsZ) {
			return StateCollided
		}
		return StateOK
	}
	if p.stepDown {
		down := p.lsZ.Scale(-(p.stepDownAmt * p.walkInterp) / s)
		valid := ls
		if poly := sh.findWalkable(p, &valid, down, p.lsZ); poly != nil {
			t.hp = poly
			off := p.lsFrame.LocalToGlobalVec(valid.c.Sub(ls.c)).Scale(s)
			t.addOffset(off)
			ci.setContact(t.globalPlane(poly.Plane))
			t.setWalkable(valid, poly)
			return StateAdjusted
		}
		return StateOK
	}
	if p.collide {
		valid := ls
		if poly := sh.findWalkable(p, &valid, move, p.lsZ); poly != nil {
			t.hp = poly
			off := p.lsFrame.LocalToGlobalVec(valid.c.Sub(ls.c)).Scale(s)
			t.addOffset(off)
			ci.setContact(t.globalPlane(poly.Plane))
			t.setWalkable(valid, poly)
			return StateAdjusted
		}
		return StateOK
	}
	if t.obj.contact {
		hit, hp := sh.intersectsPoly(ls, move)
		if hit {
			st := t.stepSphereUp(p.lsFrame.LocalToGlobalVec(hp.Plane.N))
			t.hp = hp
			return st
		}
		if p.n > 1 {
			hit2, hp2 := sh.intersectsPoly(p.lsSphere[1], move)
			if hit2 {
				t.hp = hp2
				return t.slideSphere(p.lsFrame.LocalToGlobalVec(hp2.Plane.N), p.curr[0])
			}
			if hp2 != nil {
				return t.negPolyHit(hp2, false)
			}
			if hp != nil {
				return t.negPolyHit(hp, true)
			}
		}
		return StateOK
	}
	hit, hp := sh.intersectsPoly(ls, move)
	if hit || hp != nil {
		t.hp = hp
		p.walkableAllowance = LandingZ
		t.setCollide(p.lsFrame.LocalToGlobalVec(hp.Plane.N))
		return StateAdjusted
	}
	if p.n > 1 {
		hit, hp = sh.intersectsPoly(p.lsSphere[1], move)
		if hit || hp != nil {
			t.hp = hp
			ci.setCollisionNormal(p.lsFrame.LocalToGlobalVec(hp.Plane.N))
			return StateCollided
		}
	}
	return StateOK
}

// setWalkable is SpherePath::SetWalkable in the current local space.
func (t *trans) setWalkable(s tsphere, poly *Poly) {
	p := &t.path
	p.walkCheck, p.walkable, p.walkUp, p.walkFrame, p.walkScale = s, poly, p.lsZ, p.lsFrame, p.lsScale
}

// setCollide is SpherePath::SetCollide.
func (t *trans) setCollide(n vec) {
	p := &t.path
	p.collide = true
	t.saveCheck()
	p.stepUpNormal = n
	p.walkInterp = 1
}

// negPolyHit is BSPTREE::NegPolyHit.
func (t *trans) negPolyHit(hp *Poly, stepUp bool) TransitionState {
	p := &t.path
	p.negStepUp = stepUp
	p.negPolyHit = true
	p.negNormal = p.lsFrame.LocalToGlobalVec(hp.Plane.N).Scale(-1)
	return StateOK
}

// stepSphereUp is BSPTREE::step_sphere_up.
func (t *trans) stepSphereUp(n vec) TransitionState {
	if t.stepUpTo(n) {
		return StateOK
	}
	return t.stepUpSlide()
}

// sphereCollisions is CSphere::intersects_sphere over another creature's
// spheres: blocked, slid along, stepped up onto, landed on, never stood
// on (a creature is skipped by the step down).
func (t *trans) sphereCollisions(o *Obstacle) TransitionState {
	s := o.scale()
	for _, sp := range o.Spheres {
		c := o.Frame.LocalToGlobal(sp.Origin.Scale(s))
		if st := t.intersectsSphere(c, sp.Radius*s, true); st != StateOK {
			return st
		}
	}
	return StateOK
}

// collidesWithSphere is CSphere::CollidesWithSphere.
func collidesWithSphere(d vec, radsum float32) bool { return d.Dot(d) <= radsum*radsum }

// intersectsSphere is CSphere::IntersectsSphere for another object's
// sphere at centre c.
func (t *trans) intersectsSphere(c vec, rad float32, creature bool) TransitionState {
	p, ci := &t.path, &t.ci
	g := p.global[0]
	disp := g.c.Sub(c)
	var disp2 vec
	if p.n > 1 {
		disp2 = p.global[1].c.Sub(c)
	}
	radsum := g.r + rad - Epsilon
	if p.placement {
		if collidesWithSphere(disp, radsum) || (p.n > 1 && collidesWithSphere(disp2, radsum)) {
			return StateCollided
		}
		return StateOK
	}
	if p.stepDown {
		if creature {
			return StateOK
		}
		return t.stepSphereDown(c, rad, disp, radsum)
	}
	if p.checkWalkable {
		if collidesWithSphere(disp, radsum) || (p.n > 1 && collidesWithSphere(disp2, radsum)) {
			return StateCollided
		}
		return StateOK
	}
	if !p.collide {
		if t.obj.contact || t.obj.onWalkable {
			if collidesWithSphere(disp, radsum) {
				radsum += Epsilon
				if t.obj.stepUpHeight < radsum-disp.Z {
					return t.slideFromPoint(c, 0)
				}
				return t.stepSphereUp(p.curr[0].Sub(c))
			}
			if p.n > 1 && collidesWithSphere(disp2, radsum) {
				return t.slideFromPoint(c, 1)
			}
			return StateOK
		}
		if collidesWithSphere(disp, radsum) {
			n := p.curr[0].Sub(c)
			if normCheckSmall(&n) {
				return StateCollided
			}
			t.setCollide(n)
			p.walkableAllowance = LandingZ
			return StateAdjusted
		}
		if p.n > 1 && collidesWithSphere(disp2, radsum) {
			n := p.curr[1].Sub(c)
			if !normCheckSmall(&n) {
				ci.setCollisionNormal(n)
			}
			return StateCollided
		}
		return StateOK
	}
	if creature {
		return StateOK
	}
	return StateOK
}

// slideFromPoint is CSphere::SlideSphere from another sphere's centre
// c: the collision normal is from c to the sphere's current centre.
func (t *trans) slideFromPoint(c vec, i int) TransitionState {
	p := &t.path
	n := p.curr[i].Sub(c)
	if normCheckSmall(&n) {
		return StateCollided
	}
	return t.slideSphere(n, p.curr[0])
}

// stepSphereDown is CSphere::StepSphereDown onto a non-creature sphere.
func (t *trans) stepSphereDown(c vec, rad float32, disp vec, radsum float32) TransitionState {
	p, ci := &t.path, &t.ci
	if !collidesWithSphere(disp, radsum) {
		if p.n <= 1 {
			return StateOK
		}
		if !collidesWithSphere(p.global[1].c.Sub(c), radsum) {
			return StateOK
		}
	}
	step := p.stepDownAmt * p.walkInterp
	if float32(math.Abs(float64(step))) < Epsilon {
		return StateCollided
	}
	radsum += Epsilon
	v := float32(math.Sqrt(float64(float32(radsum*radsum) - (float32(disp.X*disp.X) + float32(disp.Y*disp.Y)))))
	scaled := (v - disp.Z) / step
	tc := (1 - scaled) * p.walkInterp
	if tc >= p.walkInterp || tc < -0.1 {
		return StateCollided
	}
	interp := float32(step * scaled)
	d := vec{X: disp.X, Y: disp.Y, Z: disp.Z + interp}.Scale(1 / radsum)
	if d.Z <= p.walkableAllowance {
		return StateOK
	}
	q := d.Scale(rad).Add(c)
	ci.setContact(Plane{N: d, D: -d.Dot(q)})
	p.walkInterp = tc
	t.addOffset(vec{Z: interp})
	return StateAdjusted
}

// cylCollisions is CCylSphere::intersects_sphere over an object's
// CylSpheres (an object with neither a physics BSP nor spheres).
func (t *trans) cylCollisions(o *Obstacle) TransitionState {
	s := o.scale()
	for _, cy := range o.Cyls {
		low := o.Frame.LocalToGlobal(cy.Origin.Scale(s))
		if st := t.cylIntersects(low, cy.Height*s, cy.Radius*s); st != StateOK {
			return st
		}
	}
	return StateOK
}

// cylCollides is CCylSphere::CollidesWithSphere: within radsum of the
// axis and overlapping the cylinder's height.
func cylCollides(r float32, disp vec, radsum, h float32) bool {
	return float32(disp.X*disp.X)+float32(disp.Y*disp.Y) <= radsum*radsum && r-Epsilon+float32(h*0.5) >= float32(math.Abs(float64(float32(h*0.5)-disp.Z)))
}

// cylNormal is CCylSphere::CollisionNormal for sphere i: sideways from
// the axis when its current centre is outside radsum of it (definite when
// it also overlapped the height, or did not move up or down), else up or
// down.
func (t *trans) cylNormal(i int, low vec, h, radsum float32, checkDisp vec) (vec, bool) {
	p := &t.path
	d := p.curr[i].Sub(low)
	if radsum*radsum < float32(d.X*d.X)+float32(d.Y*d.Y) {
		return vec{X: d.X, Y: d.Y}, p.global[i].r-Epsilon+float32(h*0.5) >= float32(math.Abs(float64(float32(h*0.5)-d.Z))) ||
			float32(math.Abs(float64(d.Z-checkDisp.Z))) <= Epsilon
	}
	if checkDisp.Z-d.Z <= 0 {
		return vec{Z: 1}, true
	}
	return vec{Z: -1}, true
}

// cylIntersects is CCylSphere::IntersectsSphere for an upright cylinder
// standing at low (its bottom centre) of height h and radius rad.
func (t *trans) cylIntersects(low vec, h, rad float32) TransitionState {
	p := &t.path
	g := p.global[0]
	disp := g.c.Sub(low)
	var disp2 vec
	if p.n > 1 {
		disp2 = p.global[1].c.Sub(low)
	}
	radsum := rad - Epsilon + g.r
	hit0 := cylCollides(g.r, disp, radsum, h)
	hit1 := p.n > 1 && cylCollides(p.global[1].r, disp2, radsum, h)
	switch {
	case p.placement:
		if hit0 || hit1 {
			return StateCollided
		}
		return StateOK
	case p.stepDown:
		if !hit0 && !hit1 {
			return StateOK
		}
		step := p.stepDownAmt * p.walkInterp
		if float32(math.Abs(float64(step))) < Epsilon {
			return StateCollided
		}
		dz := h + g.r - disp.Z
		interp := (1 - dz/step) * p.walkInterp
		if interp >= p.walkInterp || interp < -0.1 {
			return StateCollided
		}
		t.ci.setContact(Plane{N: vec{Z: 1}, D: -(g.c.Z + dz - g.r)})
		p.walkInterp = interp
		t.addOffset(vec{Z: dz})
		return StateAdjusted
	case p.checkWalkable:
		if hit0 || hit1 {
			return StateCollided
		}
		return StateOK
	case !p.collide:
		if t.obj.contact || t.obj.onWalkable {
			if hit0 {
				if t.obj.stepUpHeight < g.r+h-disp.Z {
					return t.cylSlide(0, low, h, radsum, disp)
				}
				n, _ := t.cylNormal(0, low, h, radsum, disp)
				if normCheckSmall(&n) {
					return StateCollided
				}
				return t.stepSphereUp(n)
			}
			if hit1 {
				return t.cylSlide(1, low, h, radsum, disp)
			}
			return StateOK
		}
		if hit0 {
			n, _ := t.cylNormal(0, low, h, radsum, disp)
			if normCheckSmall(&n) {
				return StateCollided
			}
			t.setCollide(n)
			p.walkableAllowance = LandingZ
			return StateAdjusted
		}
		if hit1 {
			n, _ := t.cylNormal(1, low, h, radsum, disp2)
			if normCheckSmall(&n) {
				return StateCollided
			}
			t.ci.setCollisionNormal(n)
			return StateCollided
		}
		return StateOK
	}
	if !hit0 && !hit1 {
		return StateOK
	}
	move := p.curr[0].Sub(g.c)
	if float32(math.Abs(float64(move.Z))) < Epsilon {
		return StateCollided
	}
	tc := (h + g.r - disp.Z) / move.Z
	off := move.Scale(tc)
	if od := off.Add(disp); radsum*radsum < float32(od.X*od.X)+float32(od.Y*od.Y) {
		return StateOK
	}
	interp := (1 - tc) * p.walkInterp
	if interp >= p.walkInterp || interp < -0.1 {
		return StateCollided
	}
	t.ci.setContact(Plane{N: vec{Z: 1}, D: -(g.c.Z + off.Z - g.r)})
	p.walkInterp = interp
	t.addOffset(off)
	return StateAdjusted
}

// cylSlide is CCylSphere::SlideSphere for sphere i.
func (t *trans) cylSlide(i int, low vec, h, radsum float32, disp vec) TransitionState {
	n, _ := t.cylNormal(i, low, h, radsum, disp)
	if normCheckSmall(&n) {
		return StateCollided
	}
	return t.slideSphere(n, t.path.curr[0])
}
