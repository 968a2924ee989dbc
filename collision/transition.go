package collision

import (
	"math"
	"unsafe"

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
	// skin is how far a stopped sphere stays off what it hit, so the next
	// sub-step starts clear of it.
	skin = 0.002
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

	// moveLen is the length of the move gather was last asked for.
	moveLen float32

	// epochs is env when it tells when its heights change; epoch is its
	// epoch the blocks were looked up in (epochSet: any).
	epochs epochs
	// bp is env when it is a Broadphase (its Epoch is its epoch field).
	bp       *Broadphase
	epoch    uint64
	epochSet bool
	obs      []Obstacle
	res      Result
	reachOf  reachMemo
	// cells caches built LandCell triangles (cellPolys).
	cells []cellEntry
	// blocksGen counts the times blocks was emptied; lastCell is the
	// cell terrainPoly last looked up, in blocks generation lastCellGen
	// (within one, the same landblock's heights are the same pointer).
	blocksGen   uint64
	lastCell    *cellEntry
	lastCellGen uint64
	// env cells the move can touch, and whether it can touch the outdoor
	// cells (terrain, objects, buildings).
	envCells []*Cell
	outdoor  bool
	// tr is the retail transition's state (Transition).
	tr trans
}

// NewResolver returns a resolver over env.
func NewResolver(env Env) *Resolver {
	r := &Resolver{env: env}
	r.epochs, _ = env.(epochs)
	r.bp, _ = env.(*Broadphase)
	return r
}

// epochs is an Env whose terrain heights stay as they are (the same
// LandHeights answer for each landblock) while its Epoch does not change;
// the Broadphase is one. A resolver over it keeps the heights it looked
// up across moves of the same epoch.
type epochs interface {
	Epoch() uint64
}

// maxBlocks bounds the landblock heights a resolver keeps: a move needs
// at most four.
const maxBlocks = 8

// startBlocks forgets the landblock heights looked up before, unless the
// Env says they still hold.
func (r *Resolver) startBlocks() {
	if bp := r.bp; bp != nil && bp.epoch == r.epoch && r.epochSet {
		return // (the Broadphase's epoch, read without a call)
	}
	r.startBlocksSlow()
}

// startBlocksSlow is startBlocks past its shortcut.
func (r *Resolver) startBlocksSlow() {
	if r.epochs != nil {
		e := r.epochs.Epoch()
		if e == r.epoch && r.epochSet {
			return
		}
		r.epoch, r.epochSet = e, true
	}
	r.blocks = r.blocks[:0]
	r.blocksGen++
}

// finish names the end's cell and makes the origin local to it: an
// indoor cell of the move containing the first sphere's centre, else,
// where the move could reach the outdoors, the outdoor cell
// (AdjustToOutside; off the world nothing moves), else the begin cell.
func (r *Resolver) finish(pos vec) *Result {
	var centre vec
	for i := 0; i < len(r.envCells); i++ {
		c := r.envCells[i]
		if i == 0 {
			centre = pos.Add(r.m.Spheres[0].Origin)
		}
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

// gather asks the Env once for every obstacle the whole move can reach,
// and collects the indoor cells it can reach (CObjCell::find_cell_list's
// cell array): from the begin cell through every portal near the move,
// and outdoors through the portals of the buildings near it.
func (r *Resolver) gather(a, b vec) {
	// Slides and snaps keep every sub-step's path within the move's length
	// of its start; the spheres reach out of that by their offsets and
	// radii, and up and down by the step probes.
	l := b.Sub(a).Len()
	r.moveLen = l
	var hr, zlo, zhi float32
	if k, sp := &r.reachOf, r.m.Spheres; k.valid && len(sp) == k.n && (k.n < 1 || sameBits(&sp[0], &k.spheres[0])) &&
		(k.n < 2 || sameBits(&sp[1], &k.spheres[1])) {
		// reach's memo, inline (k.n is at most 2).
		hr, zlo, zhi = k.hr, k.zlo, k.zhi
	} else {
		hr, zlo, zhi = r.reach()
	}
	hr += l + skin
	// max(StepDownHeight, DefaultStepDown), NaN kept as max keeps it.
	down := float32(DefaultStepDown)
	if !(r.m.StepDownHeight <= down) {
		down = r.m.StepDownHeight
	}
	down = down + 2*l + skin
	up := r.m.StepUpHeight + r.m.Spheres[0].Radius + 2*l + skin
	lo := vec{X: a.X - hr, Y: a.Y - hr, Z: a.Z + zlo - down}
	hi := vec{X: a.X + hr, Y: a.Y + hr, Z: a.Z + zhi + up}
	if bp := r.bp; bp != nil {
		r.obs = bp.Obstacles(r.block, lo, hi, r.m.GUID, r.obs[:0]) // (no interface call)
	} else {
		r.obs = r.env.Obstacles(r.block, lo, hi, r.m.GUID, r.obs[:0])
	}
	if r.outdoor && len(r.obs) > 0 {
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

// reach is how far the mover's spheres reach from its origin: in the
// ground plane (hr), below (zlo) and above (zhi). The last mover's
// answer is kept for spheres equal to its own (at most two).
func (r *Resolver) reach() (hr, zlo, zhi float32) {
	sp := r.m.Spheres
	k := &r.reachOf
	if len(sp) <= len(k.spheres) && len(sp) == k.n && k.valid {
		same := true
		for i := range sp {
			if !sameBits(&sp[i], &k.spheres[i]) {
				same = false
				break
			}
		}
		if same {
			return k.hr, k.zlo, k.zhi
		}
	}
	for i, s := range sp {
		hr = max(hr, float32(math.Hypot(float64(s.Origin.X), float64(s.Origin.Y)))+s.Radius)
		if i == 0 || s.Origin.Z-s.Radius < zlo {
			zlo = s.Origin.Z - s.Radius
		}
		zhi = max(zhi, s.Origin.Z+s.Radius)
	}
	k.valid = len(sp) <= len(k.spheres)
	if k.valid {
		k.n = copy(k.spheres[:], sp)
		k.hr, k.zlo, k.zhi = hr, zlo, zhi
	}
	return hr, zlo, zhi
}

// A Sphere must be its four float32s for sameBits.
var _ = [1]struct{}{}[unsafe.Sizeof(dat.Sphere{})-16]

// sameBits reports whether two spheres are the same bit for bit.
func sameBits(a, b *dat.Sphere) bool {
	// A Sphere is four float32s, no padding: its 16 bytes.
	return *(*[16]byte)(unsafe.Pointer(a)) == *(*[16]byte)(unsafe.Pointer(b))
}

// reachMemo is the last mover's reach (Resolver.reach).
type reachMemo struct {
	valid        bool
	n            int
	spheres      [2]dat.Sphere
	hr, zlo, zhi float32
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

// snap keeps a walker's step in the contact plane without changing its
// ground-plane part (Plane::snap_to_plane in AdjustOffset).
func snap(d, n vec) vec {
	if n.Z > 0 {
		// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
		d.Z = -(float32(n.X*d.X) + float32(n.Y*d.Y)) / n.Z
	}
	return d
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
