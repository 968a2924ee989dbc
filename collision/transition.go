package collision

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Retail walkable constants (PhysicsGlobals).
const (
	// FloorZ is the least normal z of a walkable surface (about 48.4°).
	FloorZ = 0.66417414618662751
	// LandingZ is the least normal z a falling object lands on.
	LandingZ = 0.0871557
	// DefaultStepDown is the step-down probe of an object not on
	// walkable ground (Transition's 0.04).
	DefaultStepDown = 0.039999999
	// MaxSteps bounds the sub-steps of one move: a longer move takes
	// longer sub-steps (each is still swept continuously, so nothing is
	// passed through).
	MaxSteps = 64
	// skin is how far a stopped sphere stays off what it hit, so the next
	// sub-step starts clear of it.
	skin = 0.002
	// slideIterations is how many times one sub-step may slide.
	slideIterations = 4
)

// Env is the world around a move: the terrain and the obstacles near it.
// Broadphase implements it over the resident landblocks and the world's
// bodies.
type Env interface {
	// LandHeights returns the vertex heights of landblock block
	// (0xXXYY0000), false when it is not loaded.
	LandHeights(block uint32) (*Heights, bool)
	// Obstacles appends to out the obstacles that may touch the box lo..hi
	// (coordinates local to landblock block), leaving out self.
	Obstacles(block uint32, lo, hi physics.Vec3, self uint32, out []Obstacle) []Obstacle
	// EnvCell returns the indoor cell with the id (0xXXYYnnnn, nnnn ≥
	// 0x0100), nil when it is not loaded or has no collision.
	EnvCell(id uint32) *Cell
}

// Obstacle is something a moving sphere can hit: a placed physics shape
// (a static object's part) or a set of spheres (a creature).
type Obstacle struct {
	GUID uint32
	// Model is a static object's Setup or GfxObj id (it has no GUID).
	Model uint32
	// Frame places the obstacle, local to the queried landblock.
	Frame physics.Frame
	// Scale is the obstacle's uniform scale.
	Scale float32
	// Shape is the part's physics geometry, nil for a sphere body.
	Shape *Shape
	// Spheres are a sphere body's spheres in its own space (unscaled).
	Spheres []dat.Sphere
	// Cyls are an object's CylSpheres in its own space (unscaled), for an
	// object with neither a physics BSP nor spheres: upright cylinders
	// that can be stood on.
	Cyls []dat.CylSphere
	// Cells are the EnvCells a building's portals open into (full ids):
	// a move near the building also sweeps them and may end in one.
	Cells []uint32
}

// sweep is the obstacle's earliest touch by a sphere moving from c by d,
// with the polygon touched (nil for a sphere body).
func (o *Obstacle) sweep(c, d vec, r float32, skipWalkable bool) (float32, vec, *Poly, bool) {
	s := o.scale()
	if len(o.Cyls) > 0 && o.Shape == nil {
		best, bn := float32(2), vec{}
		for _, cy := range o.Cyls {
			low := o.Frame.LocalToGlobal(cy.Origin.Scale(s))
			if t, n, ok := SweepCylinder(c, d, r, low, cy.Radius*s, cy.Height*s); ok && t < best {
				best, bn = t, n
			}
		}
		return best, bn, nil, best <= 1
	}
	if o.Shape == nil {
		best, bn := float32(2), vec{}
		for _, sp := range o.Spheres {
			q := o.Frame.LocalToGlobal(sp.Origin.Scale(s))
			if t, n, ok := SweepSphere(c, d, r, q, sp.Radius*s); ok && t < best {
				best, bn = t, n
			}
		}
		return best, bn, nil, best <= 1
	}
	inv := 1 / s
	cl := o.Frame.GlobalToLocalVec(c.Sub(o.Frame.Origin)).Scale(inv)
	dl := o.Frame.GlobalToLocalVec(d).Scale(inv)
	t, n, i, ok := o.Shape.sweep(cl, dl, r*inv, skipWalkable)
	if !ok {
		return 0, vec{}, nil, false
	}
	return t, o.Frame.LocalToGlobalVec(n), &o.Shape.Polys[i], true
}

// body reports whether the obstacle is another creature's spheres: it
// blocks, but is neither stood on nor stepped up.
func (o *Obstacle) body() bool { return o.Shape == nil && len(o.Cyls) == 0 }

func (o *Obstacle) scale() float32 {
	if o.Scale <= 0 {
		return 1
	}
	return o.Scale
}

// Mover is the object a transition carries: its spheres relative to its
// origin (already scaled and turned to its orientation), its step heights and whether it stands on walkable
// ground.
type Mover struct {
	GUID           uint32
	Spheres        []dat.Sphere
	StepUpHeight   float32
	StepDownHeight float32
	OnWalkable     bool
	// Gravity is PhysicsState Gravity: the retail transition counts its
	// frames without progress (FramesStationaryFall).
	Gravity bool
	// EdgeSlide is PhysicsState EdgeSlide (ObjectInfo's EdgeSlide): a
	// walker with it does not walk off a precipice but slides along its
	// edge (Transition::EdgeSlide).
	EdgeSlide bool
}

// HitKind says what a sphere hit.
type HitKind uint8

// The hit kinds.
const (
	HitTerrain HitKind = iota + 1
	HitObject
	HitCell
)

// String names the kind.
func (k HitKind) String() string {
	switch k {
	case HitTerrain:
		return "terrain"
	case HitObject:
		return "object"
	case HitCell:
		return "cell"
	}
	return "none"
}

// MaxHitVerts is how many of a hit polygon's vertices a Hit keeps.
const MaxHitVerts = 8

// Hit is one contact of a move: what was hit, the contact normal and the
// polygon touched.
type Hit struct {
	Kind HitKind
	// GUID is the object hit (HitObject); a static object of the DATs
	// has none and is named by its Model (Setup or GfxObj id).
	GUID  uint32
	Model uint32
	// Cell is the indoor cell whose geometry was hit (HitCell).
	Cell   uint32
	Normal physics.Vec3
	// Poly holds the first NVerts vertices of the polygon hit, local to
	// the begin landblock (none for a sphere body).
	Poly   [MaxHitVerts]physics.Vec3
	NVerts uint8
}

// Result is the accepted end of a move.
type Result struct {
	// Cell is the cell the move ends in: the indoor cell that contains
	// the first sphere's centre, else the outdoor cell
	// (LandDefs.AdjustToOutside), else the begin cell.
	Cell uint32
	// Origin is the end, local to Cell's landblock.
	Origin     physics.Vec3
	OnWalkable bool
	// Landed is set when a falling object reached walkable ground.
	Landed bool
	// Blocked is set when a wall or body shortened the move.
	Blocked bool
	// OffWorld is set when the end left the world: nothing moved.
	OffWorld bool
	// State is the retail transition's last insertion state that was not
	// OK (OK when every step went in; Resolver.Transition only).
	State TransitionState
	// Failed is set when the retail transition found no valid position
	// (FindTransitionalPosition false: the first step's offset was cut to
	// nothing): the caller keeps the object as it was (Transition only).
	Failed bool
	// StopVelocity is set when a failed step kept the last contact plane
	// (ObjectInfo::StopVelocity; Resolver.Transition only).
	StopVelocity bool
	// Hits are the move's contacts (walls, bodies, landings), in order;
	// resting on the ground is not a hit.
	Hits []Hit
}

// contact is a cast's earliest touch: what was hit and where its polygon
// is (its own space, placed by frame and scale).
type contact struct {
	kind   HitKind
	guid   uint32
	model  uint32
	cell   uint32
	normal vec
	body   bool
	poly   *Poly
	frame  physics.Frame
	scale  float32
}

// maxCells bounds the indoor cells one move considers.
const maxCells = 16

type blockHeights struct {
	id uint32
	z  *Heights
}

// Resolver runs transitions; its scratch is reused between moves, so one
// Resolver serves one goroutine.
type Resolver struct {
	// Mover is scratch for the caller to describe the object it moves.
	Mover  Mover
	env    Env
	m      *Mover
	bx, by int
	block  uint32
	blocks []blockHeights
	obs    []Obstacle
	res    Result
	ground vec
	// cells caches built LandCell triangles (sweepTerrain).
	cells    []cellEntry
	nextCell int
	lastCell int
	// env cells the move can touch, and whether it can touch the outdoor
	// cells (terrain, objects, buildings).
	envCells []*Cell
	outdoor  bool
	// walk is the walkable polygon the walker last stood on (SpherePath's
	// walkable), landblock-local, for the edge slide.
	walk  [MaxHitVerts]physics.Vec3
	walkN int
	// tr is the retail transition's state (Transition).
	tr trans
}

// NewResolver returns a resolver over env.
func NewResolver(env Env) *Resolver { return &Resolver{env: env} }

// Resolve carries m from begin towards the candidate origin end (local to
// begin's landblock, possibly beyond it) as CTransition does: the move is
// cut in sub-steps no longer than the first sphere's radius; each
// sub-step is swept against what the move can touch — outdoors the
// terrain and the obstacles, indoors the physics BSPs of the cells the
// move reaches through portals (and the outdoors again through a portal
// that opens to it), and near a building the cells its portals open into
// — stops at the first contact, slides along it at the tangential
// component (walls in the ground plane while walking), steps up onto a
// ledge no higher than StepUpHeight and, on walkable ground, steps down at
// most StepDownHeight to stay on it; a walker that finds no walkable
// ground below leaves it, and a faller that meets a surface with normal
// z ≥ FloorZ lands. The end's cell is the indoor cell containing the
// first sphere's centre, else the outdoor cell under it
// (CObjCell::find_cell_list). An indoor begin cell the Env does not know
// is not swept: the candidate is accepted there. A mover without a sphere
// of positive radius, or a non-finite begin or end, stays where it is.
// The result is valid until the next call.
func (r *Resolver) Resolve(m *Mover, begin physics.Position, end physics.Vec3) *Result {
	r.m = m
	r.block = begin.Cell & 0xFFFF0000
	bx, by := dat.BlockXY(begin.Cell)
	r.bx, r.by = bx, by
	r.blocks = r.blocks[:0]
	r.res = Result{Hits: r.res.Hits[:0], OnWalkable: m.OnWalkable, Cell: begin.Cell}
	r.ground = vec{Z: 1}
	r.walkN = 0
	r.envCells = r.envCells[:0]
	r.outdoor = dat.IsOutdoorCell(begin.Cell)
	pos := begin.Frame.Origin
	if len(m.Spheres) == 0 || !(m.Spheres[0].Radius > 0) || !end.Finite() || !pos.Finite() {
		// Nothing to sweep, or nowhere finite to go: it stays.
		r.res.Origin = pos
		return &r.res
	}
	if !r.outdoor {
		c := r.env.EnvCell(begin.Cell)
		if c == nil {
			r.res.Origin = end
			return &r.res
		}
		r.envCells = append(r.envCells, c)
	} else if z, ok := r.terrainZ(pos); ok && pos.Z < z {
		// Below the terrain (placed there): it stands on it first, as
		// placement would put it.
		end.Z += z - pos.Z
		pos.Z = z
	}
	offset := end.Sub(pos)
	rad := m.Spheres[0].Radius
	dist := offset.Len()
	steps := 1
	if s := dist / rad; s > 1 {
		if !finite(s) {
			return r.finish(pos)
		}
		steps = int(math.Ceil(float64(min(s, MaxSteps))))
	}
	r.gather(pos, end)
	if r.res.OnWalkable {
		// A walker rests on its contact plane: from a sphere radius up,
		// down onto what is under it (this also lifts a foot placed at the
		// terrain height on a slope, where the sphere would sink in).
		lift := vec{Z: rad}
		from := pos.Add(lift)
		down := vec{Z: -(rad + 4*skin)}
		if t, c, hit := r.groundCast(from, down); hit && c.normal.Z >= FloorZ {
			r.stand(&c)
			if at := from.Add(down.Scale(t)); at.Z > pos.Z {
				end.Z += at.Z - pos.Z
				pos = at
			}
		}
	}
	per := offset.Scale(1 / float32(steps))
	for range steps {
		move := per
		if r.res.OnWalkable {
			move = snap(move, r.ground)
		}
		start := pos
		pos = r.slide(pos, move)
		if r.res.OnWalkable {
			var ok bool
			if pos, ok = r.stepDown(pos); !ok && r.m.EdgeSlide {
				pos = r.edgeSlide(start, move)
			}
		}
	}
	return r.finish(pos)
}

// finish names the end's cell and makes the origin local to it: an
// indoor cell of the move containing the first sphere's centre, else,
// where the move could reach the outdoors, the outdoor cell
// (AdjustToOutside; off the world nothing moves), else the begin cell.
func (r *Resolver) finish(pos vec) *Result {
	centre := pos.Add(r.m.Spheres[0].Origin)
	for _, c := range r.envCells {
		if c.Contains(centre) {
			r.res.Cell = c.ID
			r.res.Origin = pos.Sub(dat.BlockOffset(r.block, c.ID))
			return &r.res
		}
	}
	r.res.Origin = pos
	if !r.outdoor {
		return &r.res
	}
	nc, ok := dat.AdjustToOutside(r.res.Cell, &r.res.Origin)
	if !ok {
		r.res.OffWorld = true
		r.res.Origin = pos
		return &r.res
	}
	r.res.Cell = nc
	return &r.res
}

// terrainZ is the terrain height under a point inside the begin landblock.
func (r *Resolver) terrainZ(p vec) (float32, bool) {
	if p.X < 0 || p.Y < 0 || p.X >= dat.BlockLength || p.Y >= dat.BlockLength {
		return 0, false
	}
	z := r.heights(r.bx, r.by)
	if z == nil {
		return 0, false
	}
	return dat.TerrainHeight(r.block, z, p.X, p.Y), true
}

// gather asks the Env once for every obstacle the whole move can reach,
// and collects the indoor cells it can reach (CObjCell::find_cell_list's
// cell array): from the begin cell through every portal near the move,
// and outdoors through the portals of the buildings near it.
func (r *Resolver) gather(a, b vec) {
	// Slides and snaps keep every sub-step's path within the move's length
	// of its start; the spheres reach out of that by their offsets and
	// radii, and up and down by the step probes.
	l := b.Sub(a).Len()
	var hr, zlo, zhi float32
	for i, s := range r.m.Spheres {
		hr = max(hr, float32(math.Hypot(float64(s.Origin.X), float64(s.Origin.Y)))+s.Radius)
		if i == 0 || s.Origin.Z-s.Radius < zlo {
			zlo = s.Origin.Z - s.Radius
		}
		zhi = max(zhi, s.Origin.Z+s.Radius)
	}
	hr += l + skin
	down := max(r.m.StepDownHeight, DefaultStepDown) + 2*l + skin
	up := r.m.StepUpHeight + r.m.Spheres[0].Radius + 2*l + skin
	lo := vec{X: a.X - hr, Y: a.Y - hr, Z: a.Z + zlo - down}
	hi := vec{X: a.X + hr, Y: a.Y + hr, Z: a.Z + zhi + up}
	r.obs = r.env.Obstacles(r.block, lo, hi, r.m.GUID, r.obs[:0])
	if r.outdoor {
		r.addBuildingCells(lo, hi)
	}
	for i := 0; i < len(r.envCells); i++ {
		c := r.envCells[i]
		for k := range c.Portals {
			p := &c.Portals[k]
			if !c.portalNear(p, lo, hi) {
				continue
			}
			if p.Outside() {
				if !r.outdoor {
					r.outdoor = true
					r.addBuildingCells(lo, hi)
				}
				continue
			}
			r.addCell(p.Other, lo, hi)
		}
	}
}

// addBuildingCells adds the cells the portals of the buildings near the
// move open into (BldPortal::find_building_transit_cells).
func (r *Resolver) addBuildingCells(lo, hi vec) {
	for i := range r.obs {
		for _, id := range r.obs[i].Cells {
			r.addCell(id, lo, hi)
		}
	}
}

// addCell adds a loaded indoor cell whose geometry the box meets, once.
func (r *Resolver) addCell(id uint32, lo, hi vec) {
	if len(r.envCells) >= maxCells || dat.IsOutdoorCell(id) {
		return
	}
	for _, c := range r.envCells {
		if c.ID == id {
			return
		}
	}
	off := dat.BlockOffset(r.block, id)
	if c := r.env.EnvCell(id); c != nil && c.near(lo.Sub(off), hi.Sub(off)) {
		r.envCells = append(r.envCells, c)
	}
}

// cast sweeps every sphere of the mover at pos by d: the earliest contact.
func (r *Resolver) cast(pos, d vec) (float32, contact, bool) {
	return r.castAgainst(pos, d, true, false)
}

// walkCast is cast for a walker's move: walkable polygons do not stop it
// (it adjusts onto them afterwards, as find_walkable does).
func (r *Resolver) walkCast(pos, d vec) (float32, contact, bool) {
	return r.castAgainst(pos, d, true, true)
}

// groundCast is cast against what can be stood on: the terrain, the cells
// and physics shapes, not other bodies.
func (r *Resolver) groundCast(pos, d vec) (float32, contact, bool) {
	return r.castAgainst(pos, d, false, false)
}

func (r *Resolver) castAgainst(pos, d vec, bodies, skipWalkable bool) (t float32, c contact, ok bool) {
	t = 2
	for _, s := range r.m.Spheres {
		at := pos.Add(s.Origin)
		if r.outdoor {
			if tt, nn, p, hit := r.sweepTerrain(at, d, s.Radius, skipWalkable); hit && tt < t {
				t, c = tt, contact{kind: HitTerrain, normal: nn, poly: p, frame: physics.IdentityFrame, scale: 1}
			}
		}
		for _, cl := range r.envCells {
			off := dat.BlockOffset(r.block, cl.ID)
			if tt, nn, p, hit := cl.sweep(at.Sub(off), d, s.Radius, skipWalkable); hit && tt < t {
				f := cl.Frame
				f.Origin = f.Origin.Add(off)
				t, c = tt, contact{kind: HitCell, cell: cl.ID, normal: nn, poly: p, frame: f, scale: 1}
			}
		}
		for i := range r.obs {
			o := &r.obs[i]
			if (!bodies && o.body()) || (!r.outdoor && len(o.Cells) > 0) {
				continue
			}
			if tt, nn, p, hit := o.sweep(at, d, s.Radius, skipWalkable); hit && tt < t {
				t, c = tt, contact{kind: HitObject, guid: o.GUID, model: o.Model, normal: nn, body: o.body(), poly: p, frame: o.Frame, scale: o.scale()}
			}
		}
	}
	return t, c, t <= 1
}

// record appends the contact to the result's hits, its polygon placed in
// the begin landblock; the same polygon (or object without one) touched
// again in a later sub-step is one contact (CollisionInfo keeps each
// object once).
func (r *Resolver) record(c *contact) {
	h := Hit{Kind: c.kind, GUID: c.guid, Model: c.model, Cell: c.cell, Normal: c.normal}
	if !h.Normal.IsZero() {
		// the retail collision normal is not always unit (step_sphere_up
		// passes the centres' difference)
		h.Normal = h.Normal.Normalize()
	}
	h.NVerts = uint8(c.placePoly(&h.Poly))
	for i := range r.res.Hits {
		if o := &r.res.Hits[i]; o.Kind == h.Kind && o.GUID == h.GUID && o.Model == h.Model && o.Cell == h.Cell && o.NVerts == h.NVerts && o.Poly == h.Poly {
			return
		}
	}
	r.res.Hits = append(r.res.Hits, h)
}

// advance moves pos by t of d, stopping skin short of the contact.
func advance(pos, d vec, t float32) vec {
	l := d.Len()
	if l == 0 {
		return pos
	}
	t = max(t-skin/l, 0)
	return pos.Add(d.Scale(t))
}

// slide is one sub-step with up to slideIterations slides. A walker's
// sweep passes through walkable polygons and is then adjusted up onto
// them (BSPNode::find_walkable: a walker meeting walkable ground is
// Adjusted onto it, not stopped); walls stop it, and it steps up or
// slides along them. A faller is stopped by anything and lands on a
// walkable surface.
func (r *Resolver) slide(pos, move vec) vec {
	walking := r.res.OnWalkable
	for range slideIterations {
		if move.Dot(move) < Epsilon*Epsilon {
			break
		}
		var t float32
		var c contact
		var hit bool
		if walking {
			t, c, hit = r.walkCast(pos, move)
		} else {
			t, c, hit = r.cast(pos, move)
		}
		if !hit {
			pos = pos.Add(move)
			break
		}
		n := c.normal
		walkable := n.Z >= FloorZ && !c.body
		if !walkable && walking && r.m.StepUpHeight > 0 && !c.body {
			if up, ok := r.stepUp(pos, move); ok {
				return up
			}
		}
		pos = advance(pos, move, t)
		rest := move.Scale(1 - t)
		switch {
		case walkable && !walking && move.Z <= 0:
			r.res.OnWalkable, r.res.Landed = true, true
			r.stand(&c)
			r.record(&c)
			rest = rest.Sub(n.Scale(rest.Dot(n)))
		case walkable && !walking:
			rest = rest.Sub(n.Scale(rest.Dot(n)))
		case walkable:
			// A walkable edge met while walking: adjusted onto below.
			pos = pos.Add(rest)
			rest = vec{}
		default:
			r.res.Blocked = true
			r.record(&c)
			wn := n
			if walking {
				wn.Z = 0
				if wn.Len() < 1e-4 {
					return pos
				}
				wn = wn.Normalize()
			}
			rest = rest.Sub(wn.Scale(rest.Dot(wn)))
		}
		move = rest
	}
	return pos
}

// snap keeps a walker's step in the contact plane without changing its
// ground-plane part (Plane::snap_to_plane in AdjustOffset).
func snap(d, n vec) vec {
	if n.Z > 0 {
		d.Z = -(n.X*d.X + n.Y*d.Y) / n.Z
	}
	return d
}

// stepUp tries to climb what blocked move: up by StepUpHeight, the whole
// move across, then down onto walkable ground no lower than where it
// started. It fails when the raised move is blocked too (the ledge is
// higher than the step) or nothing walkable is under it.
func (r *Resolver) stepUp(pos, move vec) (vec, bool) {
	h := r.m.StepUpHeight
	up := vec{Z: h}
	if t, _, hit := r.cast(pos, up); hit {
		up = up.Scale(max(t-skin/h, 0))
	}
	raised := pos.Add(up)
	if _, _, hit := r.cast(raised, move); hit {
		return pos, false
	}
	across := raised.Add(move)
	down := vec{Z: -(up.Z + skin)}
	t, c, hit := r.groundCast(across, down)
	if !hit || c.normal.Z < FloorZ {
		return pos, false
	}
	r.stand(&c)
	return across.Add(down.Scale(t)), true
}

// stepDown keeps a walker on walkable ground (find_walkable and
// step_sphere_down in one cast): from its first sphere's radius up it
// probes down to StepDownHeight below (DefaultStepDown without one; a
// single sphere probes at most half its radius when the step is over its
// diameter, as TransitionalInsert limits it) and settles on the walkable
// surface it meets, which lifts a sphere that sank into walkable ground
// during its move back onto it; one too steep, or nothing, and it leaves
// the ground (false).
func (r *Resolver) stepDown(pos vec) (vec, bool) {
	h := r.m.StepDownHeight
	if h <= 0 {
		h = DefaultStepDown
	}
	if rad := r.m.Spheres[0].Radius; len(r.m.Spheres) < 2 && 2*rad < h {
		h = rad * 0.5
	}
	lift := r.m.Spheres[0].Radius
	from := pos.Add(vec{Z: lift})
	down := vec{Z: -(lift + h + skin)}
	t, c, hit := r.groundCast(from, down)
	if hit && t == 0 {
		// Raised into something: probe from where it is.
		from, down = pos, vec{Z: -(h + skin)}
		t, c, hit = r.groundCast(from, down)
	}
	if !hit || c.normal.Z < FloorZ || (r.m.EdgeSlide && !r.overPoly(&c, pos)) {
		r.res.OnWalkable = false
		return pos, false
	}
	r.stand(&c)
	return from.Add(down.Scale(t)), true
}

// overPoly reports whether the first sphere's centre at pos lies over the
// contact's walkable polygon (an edge-sliding walker stands only where
// its centre is over walkable ground: Transition::CheckWalkable).
func (r *Resolver) overPoly(c *contact, pos vec) bool {
	p := c.poly
	if p == nil || !p.walkable() {
		return false
	}
	centre := pos.Add(r.m.Spheres[0].Origin)
	l := c.frame.GlobalToLocalVec(centre.Sub(c.frame.Origin)).Scale(1 / c.scale)
	return p.inside(l.Sub(p.Plane.N.Scale(p.Plane.Dist(l))))
}

// stand takes a walkable contact as the ground: its plane for the moves
// and its polygon for the edge slide.
func (r *Resolver) stand(c *contact) {
	r.ground = c.normal
	r.walkN = c.placePoly(&r.walk)
}

// placePoly writes the first MaxHitVerts vertices of the contact's
// polygon, placed in the begin landblock, to out: how many (none without
// a polygon).
func (c *contact) placePoly(out *[MaxHitVerts]vec) int {
	if c.poly == nil {
		return 0
	}
	n := min(len(c.poly.Verts), MaxHitVerts)
	for i, v := range c.poly.Verts[:n] {
		out[i] = c.frame.LocalToGlobal(v.Scale(c.scale))
	}
	return n
}

// edgeSlide is Transition::EdgeSlide for a walker with EdgeSlide whose
// sub-step from start found no ground (SpherePath::PrecipiceSlide): the
// step is taken back, and the part of it along the edge of the walkable
// polygon its first sphere's centre crossed is taken instead, if that
// keeps it on walkable ground; otherwise it stays at start. Either way it
// stays on the ground, and the move counts as blocked.
func (r *Resolver) edgeSlide(start, move vec) vec {
	r.res.OnWalkable, r.res.Blocked = true, true
	off := r.m.Spheres[0].Origin
	wn, ok := r.crossedEdge(start.Add(off), start.Add(off).Add(move))
	if !ok {
		return start
	}
	along := move
	if a := along.Dot(wn); a > 0 {
		along = along.Sub(wn.Scale(a))
	}
	if along.Dot(along) < Epsilon*Epsilon {
		return start
	}
	pos := r.slide(start, along)
	if !r.res.OnWalkable {
		r.res.OnWalkable = true
		return start
	}
	if pos, ok = r.stepDown(pos); !ok {
		r.res.OnWalkable = true
		return start
	}
	return pos
}

// crossedEdge is Polygon::find_crossed_edge over the walkable polygon in
// the ground plane: the outward normal (horizontal, unit) of the edge the
// path a→b leaves it through, or of the edge b lies furthest outside;
// false when b is inside it or there is no polygon.
func (r *Resolver) crossedEdge(a, b vec) (vec, bool) {
	if r.walkN < 3 {
		return vec{}, false
	}
	var area float32 // twice the signed area seen from above
	for i := range r.walkN {
		p, q := r.walk[i], r.walk[(i+1)%r.walkN]
		area += p.X*q.Y - q.X*p.Y
	}
	side := float32(1) // outward is right of each edge counter-clockwise
	if area < 0 {
		side = -1
	}
	best, bestOut, found := vec{}, float32(0), false
	for i := range r.walkN {
		p, q := r.walk[i], r.walk[(i+1)%r.walkN]
		e := vec{X: q.X - p.X, Y: q.Y - p.Y}
		l := e.Len()
		if l < 1e-6 {
			continue
		}
		n := vec{X: side * e.Y / l, Y: -side * e.X / l}
		out := (b.X-p.X)*n.X + (b.Y-p.Y)*n.Y
		if out <= 0 {
			continue
		}
		if in := (a.X-p.X)*n.X + (a.Y-p.Y)*n.Y; in <= 0 {
			// The path crosses this edge's line; inside the edge?
			f := in / (in - out)
			x, y := a.X+(b.X-a.X)*f, a.Y+(b.Y-a.Y)*f
			if u := ((x-p.X)*e.X + (y-p.Y)*e.Y) / (l * l); u >= -1e-4 && u <= 1+1e-4 {
				return n, true
			}
		}
		if !found || out > bestOut {
			best, bestOut, found = n, out, true
		}
	}
	return best, found
}
