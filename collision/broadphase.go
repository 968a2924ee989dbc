package collision

import (
	"math"
	"unsafe"

	"github.com/solarlune/resolv"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Assets resolve the DAT objects obstacles are built from: Setups (their
// spheres, CylSpheres and parts), GfxObjs (their physics BSPs) and
// Environments (the CellStructs of indoor cells).
type Assets interface {
	Setup(id uint32) (*dat.Setup, error)
	GfxObj(id uint32) (*dat.GfxObj, error)
	Environment(id uint32) (*dat.Environment, error)
}

// Land gives the broad phase the resident landblocks, as package stream
// built them: nil for one that is not resident.
type Land interface {
	Landblock(block uint32) *Landblock
}

// CellSize is the broad phase's cell size: a sixth of an outdoor cell,
// about one creature and its neighbours' footprints per cell in a crowd 3
// units apart.
const CellSize = dat.CellLength / 6

// slack is how much wider than its footprint a body's circle is
// registered: the body is registered again only when its footprint (at
// its current position, which Obstacles tests) reaches a cell the
// circle was not registered in, so a walker re-registers when it crosses
// a cell line, not every tick.
const slack = 0.25

// cellCap is the capacity each resolv cell's list and a crowded cell's
// more are made with, so that bodies moving between cells do not grow
// them in steady state.
const cellCap = 8

// Broadphase is the world's collision state outside the transition: one
// resolv space per landblock holding each collidable object's
// ground-plane footprint (a circle), the shapes built from GfxObjs (once
// per GfxObj), each resident landblock's static bodies and indoor cells
// (taken from its Landblock, republished when the landblock's build
// changes), and the moving bodies the world hands it. It is the Env of
// the transitions it serves. It knows no ECS.
type Broadphase struct {
	Land   Land
	Assets Assets

	shapes map[uint32]*Shape
	setups map[uint32]*setupShapes
	spaces map[uint32]*space
	bodies map[uint32]*Body
	// list holds the moving bodies (each at its idx), for EndSync.
	list   []*Body
	blocks map[uint32]*landState
	// last is blocks[lastBlock] (nil: look it up).
	last      *landState
	lastBlock uint32
	built     map[uint32]*Cell
	gen       int
	epoch     uint64
	// query numbers the Obstacles queries (nextQuery).
	query   uint32
	maxFoot float32
	// hint is the moving body the last query skipped as its own (the
	// mover's, which the transition's Place moves next), next the index
	// in list after the body last found (a sync walks the objects in the
	// order their bodies were added): both are tried before the map.
	hint *Body
	next int
	// stills counts the bodies Still found since BeginSync, each at its
	// own index of list while next only grows and no Drop reorders the
	// list: a find through the map or a Drop makes it noStills.
	stills int
	// lastSpace is spaces[lastSpaceID] (spaces are never removed), nil
	// for none yet.
	lastSpace   *space
	lastSpaceID uint32
	// Watch is the guid whose queries are kept (Tested): the F8 overlay
	// draws what the resolver tested for it; 0 keeps none.
	Watch       uint32
	tested      []Obstacle
	testedBlock uint32
	// store holds the bodies.
	store bodyStore
}

// landState is what the broad phase published of one landblock: the
// build it came from, its static bodies and its indoor cells' collision.
type landState struct {
	from    *Landblock
	statics []*Body
	cells   map[uint32]*Cell
	// seen is the sync in which the land was last asked for the block.
	seen int
}

// setupShapes are a Setup's collision shapes, built once: its parts'
// physics BSPs at rest, else its spheres, else its CylSpheres.
type setupShapes struct {
	parts   []partShape
	spheres []dat.Sphere
	cyls    []dat.CylSphere
}

// Body is one collidable object in the broad phase: its first line,
// what a sync reads and writes of every body (pos, scale, guid, gen),
// what a query reads of every body it looks at (query, pos, reach, guid)
// and what a move within the body's cells reads (pos, scale, reach, in).
// The rest is its bodyCold. The broad phase's bodyStore keeps both,
// bodies made one after another a line after another (bodies.go).
type Body struct {
	pos   physics.Position
	scale float32
	guid  uint32
	// reach is foot at the body's scale.
	reach float32
	// gen is the broad phase's gen (truncated) at the sync that last
	// placed the body.
	gen uint32
	// in are the broad-phase cells the circle is registered in (x0, y0,
	// x1, y1, clamped to the space; reg gives them as ints).
	in [4]uint8
	// query is the last Obstacles query that gathered the body (the
	// broad phase's query; 0 for none).
	query uint32
	*bodyCold
}

// bodyCold is the rest of a body: what an obstacle adds (shapes, model)
// and what place reads of a body that turns, rescales or crosses a cell
// line in its first 64 bytes, the rest after them; padded to two lines.
type bodyCold struct {
	// model names a static of the DATs (its Setup or GfxObj id).
	model uint32
	// foot is the body's reach in the ground plane at orientation turned
	// (an upright creature's spheres stacked on its axis reach only their
	// radius).
	foot   float32
	block  uint32
	turned physics.Quat
	// radius is circle's radius (its Radius, kept here).
	radius float64
	shapes *setupShapes
	// circle is the body's footprint in its landblock's resolv space
	// (nil until its first place). Its position is where it was last
	// registered: a move within its cells leaves it there.
	circle *resolv.Circle
	// exact: in are exactly the cells resolv registered the circle in.
	exact bool

	idx int
	// cells are the EnvCells a building's portals open into.
	cells []uint32
	_     [coldPad]byte
}

// coldPad pads bodyCold to 128 bytes (cells end at 96).
const coldPad = 32

// partShape is a part with a physics BSP and its rest frame.
type partShape struct {
	shape *Shape
	frame physics.Frame
}

// NewBroadphase returns a broad phase over the resident landblocks and
// the assets.
func NewBroadphase(land Land, assets Assets) *Broadphase {
	return &Broadphase{Land: land, Assets: assets, shapes: map[uint32]*Shape{}, setups: map[uint32]*setupShapes{},
		spaces: map[uint32]*space{}, bodies: map[uint32]*Body{}, blocks: map[uint32]*landState{},
		built: map[uint32]*Cell{}}
}

// BeginSync starts bringing the moving bodies in step with the world's
// objects: every Place until EndSync marks its body as seen.
func (b *Broadphase) BeginSync() { b.gen++; b.epoch++; b.next, b.stills = 0, 0 }

// Epoch changes whenever the landblocks' heights may: at each sync (the
// land is asked again for changed builds) and when a landblock is
// forgotten. Within one epoch LandHeights gives the same answer for each
// landblock.
func (b *Broadphase) Epoch() uint64 { return b.epoch }

// find returns object guid's moving body: the hint, else the body after
// the one last found, else the map's.
func (b *Broadphase) find(guid uint32) (*Body, bool) {
	if bd := b.hint; bd != nil && bd.guid == guid {
		return bd, true
	}
	if i := b.next; i < len(b.list) {
		if bd := b.list[i]; bd.guid == guid {
			b.next = i + 1
			return bd, true
		}
	}
	bd, ok := b.bodies[guid]
	if ok {
		// (next may go back: Still could find a body again.)
		b.next, b.stills = bd.idx+1, noStills
	}
	return bd, ok
}

// noStills is a count of Still's finds that no number of them makes the
// list's length.
const noStills = math.MinInt / 2

// samePos reports whether the body is at pos at scale (Position's ==,
// field by field).
func (bd *Body) samePos(pos *physics.Position, scale float32) bool {
	// (The origin first: what a moved body's test fails on.)
	return bd.pos.Frame.Origin == pos.Frame.Origin && bd.scale == scale && bd.pos.Cell == pos.Cell &&
		bd.pos.Frame.Orientation == pos.Frame.Orientation
}

// A Position must be its 32 bytes (a cell id and seven float32s, no
// padding) for samePosBits.
var _ = [1]struct{}{}[unsafe.Sizeof(physics.Position{})-32]

// samePosBits reports whether the body is at pos at scale bit for bit
// (which implies samePos; only a NaN makes them differ the other way).
func (bd *Body) samePosBits(pos *physics.Position, scale float32) bool {
	return *(*[4]uint64)(unsafe.Pointer(&bd.pos)) == *(*[4]uint64)(unsafe.Pointer(pos)) &&
		math.Float32bits(bd.scale) == math.Float32bits(scale)
}

// EndSync drops every moving body not placed since BeginSync.
func (b *Broadphase) EndSync() {
	if b.stills == len(b.list) {
		// Still found every body, each once, in a list no Drop changed.
		return
	}
	for i := len(b.list) - 1; i >= 0; i-- {
		if bd := b.list[i]; bd.gen != uint32(b.gen) {
			b.Drop(bd.guid)
		}
	}
}

// Place adds or moves the body of object guid, shaped by its Setup as
// CPhysicsObj::FindObjCollisions picks shapes: with bsp (HasPhysicsBSP)
// its parts' physics BSPs at their rest placement, else its Setup's
// spheres, else its CylSpheres. An object with none of them has no body.
func (b *Broadphase) Place(guid uint32, pos *physics.Position, scale float32, s *dat.Setup, bsp bool) {
	bd, ok := b.find(guid)
	if !ok {
		sh := b.shapesOf(s, bsp)
		if sh == nil {
			return
		}
		bd = b.store.alloc()
		bd.guid, bd.shapes, bd.idx = guid, sh, len(b.list)
		b.bodies[guid] = bd
		b.list = append(b.list, bd)
	}
	bd.gen = uint32(b.gen)
	if !ok {
		bd.pos, bd.scale = *pos, scale
		b.place(bd)
		return
	}
	if !bd.samePos(pos, scale) {
		b.moveTo(bd, pos, scale)
	}
}

// Still reports whether object guid's body is the one after the body
// last found (the sync walks the objects in the order their bodies were
// added) and at pos at scale, bit for bit, marking it seen; false: Move
// finds and moves it. It is Move's commonest case, small enough to be
// inlined.
func (b *Broadphase) Still(guid uint32, pos *physics.Position, scale float32) bool {
	if i := b.next; i < len(b.list) {
		if bd := b.list[i]; bd.guid == guid && bd.samePosBits(pos, scale) {
			bd.gen, b.next, b.stills = uint32(b.gen), i+1, b.stills+1
			return true
		}
	}
	return false
}

// Move moves object guid's body to pos at scale as Place does, and
// reports whether it has one (false: Place adds it).
func (b *Broadphase) Move(guid uint32, pos *physics.Position, scale float32) bool {
	bd, ok := b.find(guid)
	if !ok {
		return false
	}
	bd.gen = uint32(b.gen)
	// At a sync most bodies are where the last transition put them:
	// the same bits, compared as four words.
	if bd.samePosBits(pos, scale) || bd.samePos(pos, scale) {
		return true
	}
	b.moveTo(bd, pos, scale)
	return true
}

// moveTo moves a placed body to pos at scale, as place does. Its
// commonest case — a move within the body's landblock, at the same scale
// and orientation bits, whose footprint stays within the cells its circle
// is registered in — only writes the position, reading the body's first
// line alone: place would find the footprint, reach and radius as they
// are (the body was placed at its last orientation, scale and landblock:
// turned is its orientation's bits, block its landblock, radius its
// reach's circle, unless the reach is 0 — place works the footprint out
// again — or NaN — no radius equals it) and leave the registration as it
// is.
func (b *Broadphase) moveTo(bd *Body, pos *physics.Position, scale float32) {
	if pos.Cell&^0xFFFF == bd.pos.Cell&^0xFFFF && math.Float32bits(scale) == math.Float32bits(bd.scale) && bd.reach > 0 &&
		*(*[2]uint64)(unsafe.Pointer(&pos.Frame.Orientation)) == *(*[2]uint64)(unsafe.Pointer(&bd.pos.Frame.Orientation)) {
		// (place's test: bd.reach is bd.foot·scaleOr1 as place takes it.)
		if !bd.leaves(float64(pos.Frame.Origin.X), float64(pos.Frame.Origin.Y), float64(bd.reach)) {
			bd.pos = *pos
			return
		}
	}
	bd.pos, bd.scale = *pos, scale
	b.place(bd)
}

// Drop removes object guid's body.
func (b *Broadphase) Drop(guid uint32) {
	if bd, ok := b.bodies[guid]; ok {
		b.unplace(bd)
		delete(b.bodies, guid)
		if b.hint == bd {
			b.hint = nil
		}
		last := b.list[len(b.list)-1]
		b.list[bd.idx], last.idx = last, bd.idx
		b.stills = noStills
		b.list[len(b.list)-1] = nil
		b.list = b.list[:len(b.list)-1]
		b.store.release(bd)
	}
}

// Placed returns object guid's body's position and scale, and whether
// it has a body; at reports whether Move would leave that body where it
// is for pos at scale (the same bits, or equal field by field). It
// changes nothing (the body sync's check, systems.checkBodies).
func (b *Broadphase) Placed(guid uint32, pos *physics.Position, scale float32) (body physics.Position, bodyScale float32, ok, at bool) {
	bd, ok := b.bodies[guid]
	if !ok {
		return physics.Position{}, 0, false, false
	}
	return bd.pos, bd.scale, true, bd.samePosBits(pos, scale) || bd.samePos(pos, scale)
}

// HasShapes reports whether Place would give an object with the Setup a
// body (with bsp, as Place takes it): whether the Setup has collision
// shapes.
func (b *Broadphase) HasShapes(s *dat.Setup, bsp bool) bool { return b.shapesOf(s, bsp) != nil }

// Bodies is how many moving bodies the broad phase holds.
func (b *Broadphase) Bodies() int { return len(b.bodies) }

// unplace takes the body's circle out of its space.
func (b *Broadphase) unplace(bd *Body) {
	if bd.circle != nil {
		if sp := b.spaces[bd.block]; sp != nil {
			sp.sp.Remove(bd.circle)
			sp.mirror(bd.reg())
		}
	}
}

// shapesOf returns the Setup's collision shapes (cached per Setup and
// bsp), nil when it has none. A Setup built in code without an id is not
// cached.
func (b *Broadphase) shapesOf(s *dat.Setup, bsp bool) *setupShapes {
	if s == nil {
		return nil
	}
	key := s.ID
	if bsp {
		key ^= 1 << 31
	}
	if sh, ok := b.setups[key]; ok && s.ID != 0 {
		return sh
	}
	sh := &setupShapes{}
	if bsp && b.Assets != nil {
		rest, _ := s.Placement(dat.PlacementDefault)
		for i, id := range s.Parts {
			f := physics.IdentityFrame
			if i < len(rest.Frames) {
				f = rest.Frames[i]
			}
			if p := b.shape(id); p != nil {
				sh.parts = append(sh.parts, partShape{shape: p, frame: f})
			}
		}
	}
	if len(sh.parts) == 0 {
		sh.spheres = s.Spheres
	}
	if len(sh.parts) == 0 && len(sh.spheres) == 0 {
		sh.cyls = s.CylSpheres
	}
	if sh.empty() {
		sh = nil
	}
	if s.ID != 0 {
		b.setups[key] = sh
	}
	return sh
}

// staticShapes are a static's shapes: a GfxObj's physics BSP, or a
// Setup's shapes (its parts' BSPs when it has HasPhysicsBSP).
func (b *Broadphase) staticShapes(id uint32) *setupShapes {
	if id>>24 == 0x01 {
		key := id
		if sh, ok := b.setups[key]; ok {
			return sh
		}
		var sh *setupShapes
		if p := b.shape(id); p != nil {
			sh = &setupShapes{parts: []partShape{{shape: p, frame: physics.IdentityFrame}}}
		}
		b.setups[key] = sh
		return sh
	}
	if b.Assets == nil {
		return nil
	}
	s, err := b.Assets.Setup(id)
	if err != nil || id>>24 != 0x02 {
		return nil
	}
	return b.shapesOf(s, s.Flags&dat.SetupHasPhysicsBSP != 0)
}

// empty reports whether there is nothing to collide with.
func (s *setupShapes) empty() bool {
	return len(s.parts) == 0 && len(s.spheres) == 0 && len(s.cyls) == 0
}

// shape returns the cached collision shape of a GfxObj, nil without one.
func (b *Broadphase) shape(id uint32) *Shape {
	if sh, ok := b.shapes[id]; ok {
		return sh
	}
	var sh *Shape
	if b.Assets != nil {
		if g, err := b.Assets.GfxObj(id); err == nil {
			sh = NewShape(g)
		}
	}
	b.shapes[id] = sh
	return sh
}

// footprint is the body's reach in the ground plane when turned by q: the
// furthest any sphere or part bound reaches from its axis.
func (s *setupShapes) footprint(q physics.Quat) float32 {
	var r float32
	flat := func(v physics.Vec3) float32 { return float32(math.Hypot(float64(v.X), float64(v.Y))) }
	for _, sp := range s.spheres {
		r = max(r, flat(q.Rotate(sp.Origin))+sp.Radius)
	}
	for _, p := range s.parts {
		c := q.Rotate(p.frame.LocalToGlobal(p.shape.Bound.Origin))
		r = max(r, flat(c)+p.shape.Bound.Radius)
	}
	for _, cy := range s.cyls {
		r = max(r, flat(q.Rotate(cy.Origin))+cy.Radius)
	}
	return r
}

func (bd *Body) scaleOr1() float32 {
	if bd.scale <= 0 {
		return 1
	}
	return bd.scale
}

// space is one landblock's resolv space, which registers the bodies'
// circles in its cells (a cell's list holds each circle as a
// resolv.IShape, its body behind the circle's Data), and, for each cell,
// the bodies of that cell's list in its order: the query reads these
// typed lists, resolv keeps the registration, and the typed lists follow
// each change resolv made (move, or mirror copies resolv's lists). A
// cell's length and its list's first cellInline bodies share one cache
// line.
type space struct {
	// cells are the typed lists of cell (gx, gy) at gy·gridSide+gx.
	cells [gridSide * gridSide]cellList
	// more holds the bodies of cell i's list past its first cellInline.
	more [gridSide * gridSide][]*Body
	// crowded counts the cells whose lists go on in more.
	crowded int
	sp      *resolv.Space
}

// cellInline is how many bodies of a list its cellList holds.
const cellInline = 7

// cellList is a cell's list: its length and its first bodies, in one line.
type cellList struct {
	n  int
	bd [cellInline]*Body
}

// space's cells start on a line (a cellList is one: layout64.go).
var _ = [1]struct{}{}[unsafe.Offsetof(space{}.cells)]

// parts returns cell i's list: its first bodies and the rest (nil for
// none).
func (s *space) parts(i int) (first, rest []*Body) {
	c := &s.cells[i]
	if c.n <= cellInline {
		return c.bd[:c.n], nil
	}
	return c.bd[:], s.more[i]
}

// at is the slot of the k-th body of cell i's list.
func (s *space) at(i, k int) **Body {
	if k < cellInline {
		return &s.cells[i].bd[k]
	}
	return &s.more[i][k-cellInline]
}

// mirror copies the lists of the cells in reg (x0, y0, x1, y1; a
// superset of those resolv changed) into the typed lists.
func (s *space) mirror(reg [4]int) {
	for gy := reg[1]; gy <= reg[3]; gy++ {
		for gx := reg[0]; gx <= reg[2]; gx++ {
			rc := s.sp.Cell(gx, gy)
			if rc == nil {
				continue
			}
			i := gy*gridSide + gx
			c := &s.cells[i]
			if was, n := c.n > cellInline, len(rc.Shapes) > cellInline; was != n {
				if n {
					s.crowded++
				} else {
					s.crowded--
				}
			}
			old := s.more[i]
			c.bd = [cellInline]*Body{}
			m := old[:0]
			for k, sh := range rc.Shapes {
				bd, _ := sh.Data().(*Body)
				if k < cellInline {
					c.bd[k] = bd
					continue
				}
				if m == nil {
					m = make([]*Body, 0, cellCap)
				}
				m = append(m, bd)
			}
			if len(m) < len(old) {
				clear(old[len(m):])
			}
			s.more[i], c.n = m, len(rc.Shapes)
		}
	}
}

// move does to the typed lists what resolv's SetPosition did to its
// cells' lists when it moved the body's circle from the cells old to the
// cells bd.reg(), both exact: the body taken out of each old cell's list
// (the list's last entry put in its place, as Cell.unregister) and
// appended to each new one's (Cell.register).
func (s *space) move(bd *Body, old [4]int) {
	for gy := old[1]; gy <= old[3]; gy++ {
		for gx := old[0]; gx <= old[2]; gx++ {
			i := gy*gridSide + gx
			c := &s.cells[i]
			for k := range c.n {
				if p := s.at(i, k); *p == bd {
					last := c.n - 1
					lp := s.at(i, last)
					*p, *lp = *lp, nil
					c.n = last
					if last >= cellInline {
						s.more[i] = s.more[i][:last-cellInline]
						if last == cellInline {
							s.crowded--
						}
					}
					break
				}
			}
		}
	}
	t := bd.reg()
	for gy := t[1]; gy <= t[3]; gy++ {
		for gx := t[0]; gx <= t[2]; gx++ {
			i := gy*gridSide + gx
			c := &s.cells[i]
			if c.n < cellInline {
				c.bd[c.n] = bd
			} else {
				if s.more[i] == nil {
					s.more[i] = make([]*Body, 0, cellCap)
				}
				s.more[i] = append(s.more[i], bd)
				if c.n == cellInline {
					s.crowded++
				}
			}
			c.n++
		}
	}
}

// union is the smallest cell range holding both ranges.
func union(a, b [4]int) [4]int {
	return [4]int{min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])}
}

// space returns the landblock's space, made on first use with every
// resolv cell's list preallocated.
func (b *Broadphase) space(block uint32) *space {
	s := b.spaces[block]
	if s == nil {
		sp := resolv.NewSpace(dat.BlockLength, dat.BlockLength, CellSize, CellSize)
		s = &space{sp: sp}
		// One backing array, row by row as the cells are read: a cell
		// that outgrows its share is given its own.
		all := make([]resolv.IShape, gridSide*gridSide*cellCap)
		i := 0
		for y := range gridSide {
			for x := range gridSide {
				if c := sp.Cell(x, y); c != nil {
					c.Shapes = all[i : i : i+cellCap]
				}
				i += cellCap
			}
		}
		b.spaces[block] = s
	}
	return s
}

// place puts the body's footprint into its landblock's space, or moves it
// there.
func (b *Broadphase) place(bd *Body) {
	block := bd.pos.Cell & 0xFFFF0000
	s := bd.scaleOr1()
	o := bd.pos.Frame.Origin
	x, y := float64(o.X), float64(o.Y)
	// (The orientation's bits: a turn to an equal quaternion of other
	// bits, ±0, gives the same footprint.)
	if q := &bd.pos.Frame.Orientation; *(*[2]uint64)(unsafe.Pointer(q)) != *(*[2]uint64)(unsafe.Pointer(&bd.turned)) || bd.foot == 0 {
		bd.turned, bd.foot = *q, bd.shapes.footprint(*q)
		b.maxFoot = max(b.maxFoot, bd.foot*s)
	}
	bd.reach = bd.foot * s
	// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
	r := float64(float32(bd.foot*s) + slack)
	if bd.circle == nil || block != bd.block {
		s := b.space(block)
		sp := s.sp
		if bd.circle == nil {
			// resolv grows a shape's list of the cells it touches the first
			// time it straddles more of them: added first where its box
			// straddles as many cells as it can, the list is full-sized
			// before the body moves, and a walking crowd does not allocate.
			w := CellSize - 1e-3 + r
			bd.circle, bd.radius = resolv.NewCircle(w, w, r), r
			bd.circle.SetData(bd)
			bd.block = block
			sp.Add(bd.circle)
			bd.circle.SetPosition(x, y)
			bd.register(x, y, r)
			s.mirror(bd.reg())
			return
		}
		// Into the next landblock's space: Add re-registers it there
		// (and out of the cells the moves below touch in the old one).
		// (Moving the circle while it is out of the old space adds it to
		// cells there and takes it out again, the last in each list: those
		// lists end as they were.)
		b.unplace(bd)
		bd.circle.SetPosition(x, y)
		if r != bd.radius {
			bd.circle.SetRadius(r)
			bd.radius = r
		}
		bd.block = block
		sp.Add(bd.circle)
		bd.register(x, y, r)
		s.mirror(bd.reg())
		return
	}
	if r != bd.radius {
		old := bd.reg()
		bd.circle.SetRadius(r)
		bd.radius = r
		bd.circle.SetPosition(x, y)
		bd.register(x, y, r)
		b.spaceOf(block).mirror(union(old, bd.reg()))
		return
	}
	// The footprint is found wherever it lies within the cells the circle
	// is registered in (Obstacles tests the body's current position): it
	// is registered again only when it reaches beyond them. (Until then
	// the circle stays where it was registered: nothing reads its
	// position, and SetPosition registers it from its new one.)
	if bd.leaves(x, y, float64(bd.foot*s)) {
		old, exact := bd.reg(), bd.exact
		bd.circle.SetPosition(x, y)
		bd.register(x, y, r)
		if s := b.spaceOf(block); exact && bd.exact {
			s.move(bd, old)
		} else {
			s.mirror(union(old, bd.reg()))
		}
	}
}

// reg are the cells the circle is registered in (in), as ints.
func (bd *Body) reg() [4]int {
	return [4]int{int(bd.in[0]), int(bd.in[1]), int(bd.in[2]), int(bd.in[3])}
}

// register records the cells the circle at x, y of radius r is
// registered in (in) and whether that is exactly resolv's
// registration: the circle's box lies within the space, so clamping
// changed nothing.
func (bd *Body) register(x, y, r float64) {
	reg := cellRange(x-r, y-r, x+r, y+r)
	bd.exact = x-r >= 0 && y-r >= 0 && x+r < dat.BlockLength && y+r < dat.BlockLength
	bd.in = [4]uint8{uint8(reg[0]), uint8(reg[1]), uint8(reg[2]), uint8(reg[3])}
}

// leaves reports whether the footprint box x−f..x+f, y−f..y+f needs cells
// its circle is not registered in (cellRange of it reaching out of reg):
// a box whose low corner floors to a cell below reg's (x0 < reg[0]·CellSize;
// CellSize is a power of two, so the quotient is exact) or whose high
// corner floors past reg's (x1 ≥ (reg[2]+1)·CellSize), unless reg reaches
// the space's edge there, where cellRange clamps (the bound is NaN: no
// comparison with it holds).
func (bd *Body) leaves(x, y, f float64) bool {
	in := &bd.in
	return x-f < lowBound[in[0]] || y-f < lowBound[in[1]] || x+f >= highBound[in[2]] || y+f >= highBound[in[3]]
}

// lowBound and highBound are the bounds leaves compares a footprint box
// with, by the registration's lowest and highest cell: the cell's low
// edge (NaN for cell 0) and its high edge (NaN for the last cell). (256
// entries: a byte indexes them without a bounds check.)
var lowBound, highBound = func() (lo, hi [256]float64) {
	for i := range lo {
		lo[i], hi[i] = math.NaN(), math.NaN()
	}
	for c := 1; c < gridSide; c++ {
		lo[c] = float64(c) * CellSize
	}
	for c := 0; c < gridSide-1; c++ {
		hi[c] = float64(c+1) * CellSize
	}
	return lo, hi
}()

// gridSide is how many broad-phase cells a landblock's space has along
// each side.
const gridSide = int(dat.BlockLength / CellSize)

// cellRange is the range of a space's cells the box x0..x1, y0..y1
// covers (as resolv registers a shape by its bounds, flooring), clamped
// to the space. Truncation is flooring once clamped at 0.
func cellRange(x0, y0, x1, y1 float64) [4]int {
	return [4]int{clampCell(x0), clampCell(y0), clampCell(x1), clampCell(y1)}
}

func clampCell(v float64) int { return min(max(int(v/CellSize), 0), gridSide-1) }

// landblock returns the published state of block, nil when it is not
// resident. The land is asked once per sync (BeginSync: landblocks are
// published between frames) whether the block's build changed; when it
// did (or left), its statics and scenery join the broad phase with their
// shapes, and its cells are built on demand.
func (b *Broadphase) landblock(block uint32) *landState {
	if st := b.last; st != nil && b.lastBlock == block && st.seen == b.gen && st.from != nil {
		// The last block, already asked for this sync (most calls).
		return st
	}
	return b.landblockSlow(block)
}

// landblockSlow is landblock past its shortcut.
func (b *Broadphase) landblockSlow(block uint32) *landState {
	st := b.last
	if st == nil || b.lastBlock != block {
		st = b.blocks[block]
		b.last, b.lastBlock = st, block
	}
	if st != nil && st.seen == b.gen {
		if st.from == nil {
			return nil
		}
		return st
	}
	var lb *Landblock
	if b.Land != nil {
		lb = b.Land.Landblock(block)
	}
	if st != nil && st.from == lb {
		st.seen = b.gen
		if lb == nil {
			return nil
		}
		return st
	}
	if st != nil {
		b.dropStatics(st)
	}
	st = &landState{from: lb, seen: b.gen}
	b.blocks[block] = st
	b.last, b.lastBlock = st, block
	if lb == nil {
		return nil
	}
	st.cells = map[uint32]*Cell{}
	for _, list := range [2][]Static{lb.Statics, lb.Scenery} {
		for i := range list {
			o := &list[i]
			sh := b.staticShapes(o.ID)
			if sh == nil {
				continue
			}
			bd := b.store.alloc()
			bd.model, bd.cells, bd.shapes, bd.scale = o.ID, o.Cells, sh, o.Scale
			bd.pos = physics.Position{Cell: o.Cell, Frame: o.Frame}
			if bd.pos.Cell&0xFFFF0000 != block {
				bd.pos.Cell = block | 1
			}
			b.place(bd)
			st.statics = append(st.statics, bd)
		}
	}
	return st
}

// Forget drops what the broad phase published of a landblock (its
// statics and cells), as when it leaves residency; it is published again
// from its build when a move next reaches it.
func (b *Broadphase) Forget(block uint32) {
	block &= 0xFFFF0000
	b.last = nil
	b.epoch++
	if st := b.blocks[block]; st != nil {
		b.dropStatics(st)
		delete(b.blocks, block)
	}
}

// dropStatics takes a published landblock's static bodies out of the
// broad phase.
func (b *Broadphase) dropStatics(st *landState) {
	for i, bd := range st.statics {
		b.unplace(bd)
		b.store.release(bd)
		st.statics[i] = nil
	}
	st.statics = nil
}

// LandHeights is Env's terrain: the resident landblock's heights.
func (b *Broadphase) LandHeights(block uint32) (*Heights, bool) {
	st := b.landblock(block & 0xFFFF0000)
	if st == nil {
		return nil, false
	}
	return &st.from.Heights, true
}

// AddCell publishes an indoor cell's collision built in code; it is
// answered before the resident landblocks' cells.
func (b *Broadphase) AddCell(c *Cell) { b.built[c.ID] = c }

// EnvCell is Env's indoor cells: a cell added with AddCell, else the
// resident landblock's EnvCell with its Environment's CellStruct, built
// once per build; nil when neither half is there.
func (b *Broadphase) EnvCell(id uint32) *Cell {
	if c, ok := b.built[id]; ok {
		return c
	}
	st := b.landblock(id & 0xFFFF0000)
	if st == nil {
		return nil
	}
	if c, ok := st.cells[id]; ok {
		return c
	}
	var c *Cell
	if ec := st.from.EnvCell(id); ec != nil && b.Assets != nil {
		if env, err := b.Assets.Environment(ec.EnvironmentID); err == nil {
			if cs, ok := env.Cells[uint32(ec.CellStructure)]; ok {
				c = NewCell(ec, &cs)
			}
		}
	}
	st.cells[id] = c
	return c
}

// Obstacles is Env's broad phase: the bodies whose footprints touch the
// box's ground-plane rectangle, in every landblock it overlaps, placed
// local to block. The landblocks it reaches are published from their
// builds first.
func (b *Broadphase) Obstacles(block uint32, lo, hi physics.Vec3, self uint32, out []Obstacle) []Obstacle {
	b.nextQuery()
	bx, by := dat.BlockXY(block)
	// A body registers only in its own landblock's space, its footprint
	// clipped there: a box within the widest footprint of a landblock's
	// edge searches that landblock too, from its edge cells. Publishing a
	// landblock may widen the widest footprint: the range is taken again.
	start := len(out)
	// Most queries lie inside the queried landblock, the widest footprint
	// and the slack with them: then only that landblock is asked for and
	// searched. (These tests imply the general loop's: (lo−m)/BlockLength
	// ≥ 0 and (hi+m)/BlockLength < 1 — the largest float32 below
	// BlockLength divides to below 1.)
	if foot := b.maxFoot; bx <= 0xFE && by <= 0xFE {
		m := foot + slack
		if lo.X-m >= 0 && hi.X+m < dat.BlockLength && lo.Y-m >= 0 && hi.Y+m < dat.BlockLength {
			id := uint32(bx)<<24 | uint32(by)<<16
			if st := b.last; st == nil || b.lastBlock != id || st.seen != b.gen || st.from == nil {
				b.landblockSlow(id) // landblock past its shortcut
			}
			if b.maxFoot == foot {
				sp := b.lastSpace
				if sp == nil || b.lastSpaceID != id {
					sp = b.spaceOf(id)
				}
				if sp != nil {
					b.scanBlock(sp, lo.X, lo.Y, hi.X, hi.Y, self, &out)
				}
				if self == b.Watch && self != 0 {
					b.tested, b.testedBlock = append(b.tested[:0], out[start:]...), block
				}
				return out
			}
			// Publishing the landblock widened the widest footprint: the
			// general loop takes the range again.
		}
	}
	return b.obstaclesWide(block, lo, hi, self, out)
}

// meets reports whether bd's footprint, its circle of radius reach about
// its origin, meets the rectangle lx..hx × ly..hy (the query's cell
// scan; small enough to inline there).
func (bd *Body) meets(lx, ly, hx, hy float32) bool {
	o := &bd.pos.Frame.Origin
	var dx, dy float32
	if o.X < lx {
		dx = lx - o.X
	} else if o.X > hx {
		dx = o.X - hx
	}
	if o.Y < ly {
		dy = ly - o.Y
	} else if o.Y > hy {
		dy = o.Y - hy
	}
	return float32(dx*dx)+float32(dy*dy) <= bd.reach*bd.reach
}

// scanBlock is the scan of the cells under the rectangle lx..hx, ly..hy
// of the queried landblock's own space (no offset), the rectangle at
// least the margin inside it: each cell index is its quotient truncated
// (the floor), within the space (the general loop's clamps change
// nothing). It is scan inline, in a function of its own so the loops
// keep their values in registers; the obstacles are appended to *out.
func (b *Broadphase) scanBlock(s *space, lx, ly, hx, hy float32, self uint32, out *[]Obstacle) {
	if s.crowded != 0 {
		b.scanCrowded(s, lx, ly, hx, hy, self, out)
		return
	}
	q := b.query
	gx0, gx1, gy0, gy1 := int(lx/CellSize), int(hx/CellSize), int(ly/CellSize), int(hy/CellSize)
	if gx0 == gx1 && gy0 == gy1 {
		// One cell (about half the queries): its list holds each body
		// once, so none is met twice and none needs the query's mark
		// (only this query compares its marks with its number).
		c := &s.cells[gy0*gridSide+gx0]
		for _, bd := range c.bd[:c.n] {
			if bd.meets(lx, ly, hx, hy) {
				if bd.guid == self && self != 0 {
					b.hint = bd
					continue
				}
				*out = bd.obstacles(physics.Vec3{}, *out)
			}
		}
		return
	}
	for gx := gx0; gx <= gx1; gx++ {
		for gy := gy0; gy <= gy1; gy++ {
			c := &s.cells[gy*gridSide+gx]
			for _, bd := range c.bd[:c.n] {
				if bd.query == q {
					continue
				}
				bd.query = q
				if bd.meets(lx, ly, hx, hy) {
					// (Self, met here, is kept as the hint, Place's
					// shortcut; elsewhere it is no obstacle either.)
					if bd.guid == self && self != 0 {
						b.hint = bd
						continue
					}
					*out = bd.obstacles(physics.Vec3{}, *out)
				}
			}
		}
	}
}

// scanCrowded is scanBlock in a space where a cell holds more bodies than
// its cellList (the rest in more): the general loop's scan of each cell's
// list, whole, in the same order.
func (b *Broadphase) scanCrowded(s *space, lx, ly, hx, hy float32, self uint32, out *[]Obstacle) {
	l, h := physics.Vec3{X: lx, Y: ly}, physics.Vec3{X: hx, Y: hy}
	for gx := int(lx / CellSize); gx <= int(hx/CellSize); gx++ {
		for gy := int(ly / CellSize); gy <= int(hy/CellSize); gy++ {
			first, rest := s.parts(gy*gridSide + gx)
			*out = b.scan(first, l, h, physics.Vec3{}, self, *out)
			*out = b.scan(rest, l, h, physics.Vec3{}, self, *out)
		}
	}
}

// obstaclesWide is Obstacles past its shortcut: every landblock the box
// (with the widest footprint and the slack) overlaps.
func (b *Broadphase) obstaclesWide(block uint32, lo, hi physics.Vec3, self uint32, out []Obstacle) []Obstacle {
	start := len(out)
	bx, by := dat.BlockXY(block)
	var bx0, bx1, by0, by1 int
	for foot := float32(-1); foot != b.maxFoot; {
		foot = b.maxFoot
		m := foot + slack
		x0, x1 := (lo.X-m)/dat.BlockLength, (hi.X+m)/dat.BlockLength
		y0, y1 := (lo.Y-m)/dat.BlockLength, (hi.Y+m)/dat.BlockLength
		if x0 >= 0 && x1 < 1 && y0 >= 0 && y1 < 1 {
			// Within the block (each floor is 0): most queries.
			bx0, bx1, by0, by1 = bx, min(bx, 0xFE), by, min(by, 0xFE)
		} else {
			bx0 = max(bx+int(math.Floor(float64(x0))), 0)
			bx1 = min(bx+int(math.Floor(float64(x1))), 0xFE)
			by0 = max(by+int(math.Floor(float64(y0))), 0)
			by1 = min(by+int(math.Floor(float64(y1))), 0xFE)
		}
		for x := bx0; x <= bx1; x++ {
			for y := by0; y <= by1; y++ {
				b.landblock(uint32(x)<<24 | uint32(y)<<16)
			}
		}
	}
	for x := bx0; x <= bx1; x++ {
		for y := by0; y <= by1; y++ {
			id := uint32(x)<<24 | uint32(y)<<16
			sp := b.spaceOf(id)
			if sp == nil {
				continue
			}
			off := dat.BlockOffset(block, id)
			l, h := lo.Sub(off), hi.Sub(off)
			cx0, cx1 := int(math.Floor(float64(l.X/CellSize))), int(math.Floor(float64(h.X/CellSize)))
			cy0, cy1 := int(math.Floor(float64(l.Y/CellSize))), int(math.Floor(float64(h.Y/CellSize)))
			const m = gridSide - 1
			for gx := min(max(cx0, 0), m); gx <= min(max(cx1, 0), m); gx++ {
				for gy := min(max(cy0, 0), m); gy <= min(max(cy1, 0), m); gy++ {
					first, rest := sp.parts(gy*gridSide + gx)
					out = b.scan(first, l, h, off, self, out)
					out = b.scan(rest, l, h, off, self, out)
				}
			}
		}
	}
	if self == b.Watch && self != 0 {
		b.tested, b.testedBlock = append(b.tested[:0], out[start:]...), block
	}
	return out
}

// spaceOf is spaces[id], the last one found kept.
func (b *Broadphase) spaceOf(id uint32) *space {
	if sp := b.lastSpace; sp != nil && b.lastSpaceID == id {
		return sp
	}
	sp := b.spaces[id]
	if sp != nil {
		b.lastSpace, b.lastSpaceID = sp, id
	}
	return sp
}

// Tested are the obstacles the last Obstacles query for Watch gathered,
// placed local to the landblock it was asked for: what the resolver
// tested, for the debug overlay. Valid until Watch's next query.
func (b *Broadphase) Tested() (block uint32, obs []Obstacle) { return b.testedBlock, b.tested }

// scan appends the obstacles of the bodies in one cell's list not yet
// looked at by this query whose footprints touch the rectangle l..h (the
// cell's landblock's coordinates; off places them local to the queried
// block), in the list's order, skipping self's (kept as the hint).
func (b *Broadphase) scan(bodies []*Body, l, h, off physics.Vec3, self uint32, out []Obstacle) []Obstacle {
	q := b.query
	for _, bd := range bodies {
		if bd.query == q {
			continue
		}
		bd.query = q
		if bd.guid == self && self != 0 {
			b.hint = bd
			continue
		}
		// Does the footprint circle meet the rectangle? The distance
		// from it along each axis (0 inside it).
		o := bd.pos.Frame.Origin
		var dx, dy float32
		if o.X < l.X {
			dx = l.X - o.X
		} else if o.X > h.X {
			dx = o.X - h.X
		}
		if o.Y < l.Y {
			dy = l.Y - o.Y
		} else if o.Y > h.Y {
			dy = o.Y - h.Y
		}
		if r := bd.reach; float32(dx*dx)+float32(dy*dy) <= r*r {
			out = bd.obstacles(off, out)
		}
	}
	return out
}

// obstacles appends the body's obstacles, its position moved by -off.
func (bd *Body) obstacles(off physics.Vec3, out []Obstacle) []Obstacle {
	f := bd.pos.Frame
	f.Origin = f.Origin.Add(off)
	s := bd.scaleOr1()
	sh := bd.shapes
	if len(sh.parts) == 0 {
		return append(out, Obstacle{GUID: bd.guid, Model: bd.model, Frame: f, Scale: s, Spheres: sh.spheres, Cyls: sh.cyls, Cells: bd.cells})
	}
	for _, p := range sh.parts {
		pf := p.frame
		pf.Origin = pf.Origin.Scale(s)
		out = append(out, Obstacle{GUID: bd.guid, Model: bd.model, Frame: physics.Combine(f, pf), Scale: s, Shape: p.shape, Cells: bd.cells})
	}
	return out
}
