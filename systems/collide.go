package systems

import (
	"fmt"
	"math"

	"github.com/solarlune/resolv"
	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenery"
)

// GfxObjSource resolves GfxObjs for their physics BSPs; World.Assets that
// implement it (DatAssets does) give static objects their real shapes.
type GfxObjSource interface {
	GfxObj(id uint32) (*dat.GfxObj, error)
}

// GfxObj returns the GfxObj with the id, uncached: the World caches the
// collision shape built from it.
func (a *DatAssets) GfxObj(id uint32) (*dat.GfxObj, error) { return a.C.GfxObj(id) }

// LandHeights is the collision.Env terrain: the vertex heights of a
// loaded landblock.
func (t *Terrain) LandHeights(block uint32) (*collision.Heights, bool) {
	id := dat.BlockID(block & 0xFFFF0000)
	lb, seen := t.blocks[id]
	if !seen {
		lb, _ = t.cells.LandBlock(id)
		t.blocks[id] = lb
	}
	if lb == nil {
		return nil, false
	}
	z := t.region.LandDefs.VertexHeights(lb)
	return &z, true
}

// heightSource is a World.Ground that also gives vertex heights.
type heightSource interface {
	LandHeights(block uint32) (*collision.Heights, bool)
}

// bpCell is the broad phase's cell size: a third of an outdoor cell, a
// few creatures wide.
const bpCell = dat.CellLength / 3

// bpSlack is how far a body may move from where its footprint was
// registered before it is registered again: the registered circle is that
// much wider, so a walker re-registers about every third of a second, not
// every tick (the exact test, body.touches, uses its current position).
const bpSlack = 1

// collider is the world's collision state: the resolver, the shapes built
// from GfxObjs, and the broad phase, one resolv.Space per landblock
// holding each collidable object's ground-plane footprint (a circle).
type collider struct {
	resolver *collision.Resolver
	shapes   map[uint32]*collision.Shape
	spaces   map[uint32]*resolv.Space
	bodies   map[uint32]*body
	gen      int
	heights  map[uint32]*collision.Heights
	query    int
	// statics are the bodies of each published landblock's LandBlockInfo
	// objects and buildings (AddLandblockCollision).
	statics map[uint32][]*body
	// cells are the indoor cells' collision, nil for one with none.
	cells map[uint32]*collision.Cell
	// contacts are each object's contacts of its last transition
	// (World.Collisions).
	contacts map[uint32]*Contacts
	// maxFoot is the widest footprint placed so far: how far a body can
	// reach out of its landblock.
	maxFoot float32
	// streamed is set once a caller publishes or removes a landblock's
	// collision itself: from then on nothing is published from the Ground.
	streamed bool
}

// Contacts are an object's contacts in its last transition: the hits
// (polygons local to Block's landblock) and the tick's frame number.
type Contacts struct {
	Frame int
	Block uint32
	Hits  []collision.Hit
}

// body is one collidable object in the broad phase.
type body struct {
	guid uint32
	// model names a static of the DATs (its Setup or GfxObj id).
	model uint32
	// cells are the EnvCells a building's portals open into.
	cells  []uint32
	circle *resolv.Circle
	// at is where the circle was registered.
	at    physics.Vec3
	block uint32
	pos   physics.Position
	scale float32
	// foot is the body's reach in the ground plane at orientation turned
	// (an upright creature's spheres stacked on its axis reach only their
	// radius).
	foot    float32
	turned  physics.Quat
	parts   []partShape
	spheres []dat.Sphere
	cyls    []dat.CylSphere
	gen     int
	// query is the last Obstacles query that gathered the body.
	query int
}

// partShape is a part with a physics BSP and its rest frame.
type partShape struct {
	shape *collision.Shape
	frame physics.Frame
}

// Collision turns the transition sweep on or off (on by default); off,
// every candidate is accepted as if nothing collided (kept for benchmarks
// and comparisons).
func (w *World) Collision(on bool) { w.noCollide = !on }

// resolver returns the collision resolver, nil when collision is off or
// there is no terrain to sweep against.
func (w *World) resolver() *collision.Resolver {
	if w.noCollide || w.Ground == nil {
		return nil
	}
	if _, ok := w.Ground.(heightSource); !ok {
		return nil
	}
	c := w.col()
	if c.resolver == nil {
		c.resolver = collision.NewResolver(w)
	}
	return c.resolver
}

func (w *World) col() *collider {
	if w.collide == nil {
		w.collide = &collider{shapes: map[uint32]*collision.Shape{}, spaces: map[uint32]*resolv.Space{},
			bodies: map[uint32]*body{}, heights: map[uint32]*collision.Heights{}, statics: map[uint32][]*body{},
			cells: map[uint32]*collision.Cell{}, contacts: map[uint32]*Contacts{}}
	}
	return w.collide
}

// LandHeights is collision.Env's terrain, through World.Ground.
func (w *World) LandHeights(block uint32) (*collision.Heights, bool) {
	hs, ok := w.Ground.(heightSource)
	if !ok {
		return nil, false
	}
	c := w.col()
	if z, ok := c.heights[block]; ok {
		return z, z != nil
	}
	if _, published := c.statics[block]; !published && !c.streamed {
		w.publishFromGround(block)
	}
	z, _ := hs.LandHeights(block)
	c.heights[block] = z
	return z, z != nil
}

// publishFromGround publishes a landblock's static collision from the
// Ground's LandBlockInfo the first time a move reaches the landblock, so
// buildings collide without streaming; once streaming calls
// AddLandblockCollision or RemoveLandblockCollision itself, it alone
// decides.
func (w *World) publishFromGround(block uint32) {
	src, ok := w.Ground.(interface {
		LandBlockInfo(block uint32) (*dat.LandBlockInfo, error)
	})
	if !ok {
		return
	}
	info, err := src.LandBlockInfo(block)
	if err != nil {
		w.col().statics[block] = nil // read once: a missing info has nothing
		return
	}
	w.addLandblock(info, nil)
}

// syncBodies brings the broad phase in step with the object table at the
// start of a frame: new collidable objects join, moved ones move, removed
// or detached ones leave.
func (w *World) syncBodies() {
	if w.resolver() == nil {
		return
	}
	c := w.col()
	c.gen++
	for _, list := range [2][]donburi.Entity{w.Objects, w.Static} {
		for _, e := range list {
			entry := w.ECS.Entry(e)
			p := components.PhysicsObj.Get(entry)
			var pa *motion.PartArray
			if entry.HasComponent(components.PartArray) {
				pa = components.PartArray.Get(entry)
			}
			w.placeBody(p, pa)
		}
	}
	for g, b := range c.bodies {
		if b.gen != c.gen {
			w.dropBody(g)
		}
	}
}

// placeBody adds, moves or drops the object's body.
func (w *World) placeBody(p *physics.Object, pa *motion.PartArray) {
	c := w.col()
	b, ok := c.bodies[p.GUID]
	if p.Position.Cell == 0 || p.Parent != 0 || p.State.Has(physics.StateEthereal) {
		if ok {
			w.dropBody(p.GUID)
		}
		return
	}
	if !ok {
		b = w.newBody(p, pa)
		if b == nil {
			return
		}
		c.bodies[p.GUID] = b
	}
	b.gen = c.gen
	if ok && b.pos == p.Position && b.scale == p.Scale {
		return
	}
	b.pos, b.scale = p.Position, p.Scale
	c.place(b)
}

// place puts the body's footprint into its landblock's space, or moves it
// there.
func (c *collider) place(b *body) {
	block := b.pos.Cell & 0xFFFF0000
	s := b.scale
	if s <= 0 {
		s = 1
	}
	o := b.pos.Frame.Origin
	x, y := float64(o.X), float64(o.Y)
	if q := b.pos.Frame.Orientation; q != b.turned || b.foot == 0 {
		b.turned, b.foot = q, b.footprint(q)
		c.maxFoot = max(c.maxFoot, b.foot*s)
	}
	r := float64(b.foot*s + bpSlack)
	if b.circle == nil || block != b.block {
		sp := c.spaces[block]
		if sp == nil {
			sp = resolv.NewSpace(dat.BlockLength, dat.BlockLength, bpCell, bpCell)
			c.spaces[block] = sp
		}
		if b.circle == nil {
			b.circle = resolv.NewCircle(x, y, r)
			b.circle.SetData(b)
		} else {
			// Into the next landblock's space: Add re-registers it there
			// (and out of the cells the moves below touch in the old one).
			c.spaces[b.block].Remove(b.circle)
			b.circle.SetPosition(x, y)
			if r != b.circle.Radius() {
				b.circle.SetRadius(r)
			}
		}
		b.block, b.at = block, o
		sp.Add(b.circle)
		return
	}
	if r != b.circle.Radius() {
		b.circle.SetRadius(r)
	}
	if dx, dy := o.X-b.at.X, o.Y-b.at.Y; dx*dx+dy*dy > bpSlack*bpSlack/4 {
		b.circle.SetPosition(x, y)
		b.at = o
	}
}

// dropBody removes the object's body from the broad phase.
func (w *World) dropBody(guid uint32) {
	if w.collide == nil {
		return
	}
	c := w.collide
	if b, ok := c.bodies[guid]; ok {
		if b.circle != nil {
			c.spaces[b.block].Remove(b.circle)
		}
		delete(c.bodies, guid)
	}
}

// newBody builds a body as CPhysicsObj::FindObjCollisions picks its
// shapes: an object with HasPhysicsBSP collides with its parts' physics
// BSPs (at their rest placement, when the Assets resolve GfxObjs), any
// other with its Setup's spheres, or without spheres its CylSpheres; nil
// for an object with none of them.
func (w *World) newBody(p *physics.Object, pa *motion.PartArray) *body {
	if pa == nil || pa.Setup == nil {
		return nil
	}
	bsp := p.State.Has(physics.StateHasPhysicsBSP) || pa.Setup.Flags&dat.SetupHasPhysicsBSP != 0
	var b body // on the stack until it has a shape: a shapeless object is asked again every frame
	b.guid = p.GUID
	w.setupShapes(&b, pa.Setup, bsp)
	if b.empty() {
		return nil
	}
	out := b
	return &out
}

// setupShapes gives the body the Setup's parts' physics BSPs (bsp set and
// GfxObjs resolvable), else its spheres, else its CylSpheres.
func (w *World) setupShapes(b *body, s *dat.Setup, bsp bool) {
	if src, ok := w.Assets.(GfxObjSource); ok && bsp {
		rest, _ := s.Placement(dat.PlacementDefault)
		for i, id := range s.Parts {
			f := physics.IdentityFrame
			if i < len(rest.Frames) {
				f = rest.Frames[i]
			}
			w.addPart(b, src, id, f)
		}
	}
	if len(b.parts) == 0 {
		b.spheres = s.Spheres
	}
	if len(b.parts) == 0 && len(b.spheres) == 0 {
		b.cyls = s.CylSpheres
	}
}

// empty reports whether the body has nothing to collide with.
func (b *body) empty() bool { return len(b.parts) == 0 && len(b.spheres) == 0 && len(b.cyls) == 0 }

// footprint is the body's reach in the ground plane when turned by q: the
// furthest any sphere or part bound reaches from its axis.
func (b *body) footprint(q physics.Quat) float32 {
	var r float32
	flat := func(v physics.Vec3) float32 { return float32(math.Hypot(float64(v.X), float64(v.Y))) }
	for _, sp := range b.spheres {
		r = max(r, flat(q.Rotate(sp.Origin))+sp.Radius)
	}
	for _, p := range b.parts {
		c := q.Rotate(p.frame.LocalToGlobal(p.shape.Bound.Origin))
		r = max(r, flat(c)+p.shape.Bound.Radius)
	}
	for _, cy := range b.cyls {
		r = max(r, flat(q.Rotate(cy.Origin))+cy.Radius)
	}
	return r
}

// addPart adds a GfxObj's physics BSP placed at f, if it has one.
func (w *World) addPart(b *body, src GfxObjSource, id uint32, f physics.Frame) {
	sh := w.shape(src, id)
	if sh == nil {
		return
	}
	b.parts = append(b.parts, partShape{shape: sh, frame: f})
}

// shape returns the cached collision shape of a GfxObj, nil without one.
func (w *World) shape(src GfxObjSource, id uint32) *collision.Shape {
	c := w.col()
	if sh, ok := c.shapes[id]; ok {
		return sh
	}
	g, err := src.GfxObj(id)
	var sh *collision.Shape
	if err == nil {
		sh = collision.NewShape(g)
	}
	c.shapes[id] = sh
	return sh
}

// Obstacles is collision.Env's broad phase: the bodies whose footprints
// touch the box's ground-plane rectangle, in every landblock it overlaps,
// placed local to block.
func (w *World) Obstacles(block uint32, lo, hi physics.Vec3, self uint32, out []collision.Obstacle) []collision.Obstacle {
	c := w.col()
	c.query++
	bx, by := dat.BlockXY(block)
	// A body registers only in its own landblock's space, its footprint
	// clipped there: a box within the widest footprint of a landblock's
	// edge searches that landblock too, from its edge cells.
	m := c.maxFoot + bpSlack
	bx0 := bx + int(math.Floor(float64((lo.X-m)/dat.BlockLength)))
	bx1 := bx + int(math.Floor(float64((hi.X+m)/dat.BlockLength)))
	by0 := by + int(math.Floor(float64((lo.Y-m)/dat.BlockLength)))
	by1 := by + int(math.Floor(float64((hi.Y+m)/dat.BlockLength)))
	for x := max(bx0, 0); x <= min(bx1, 0xFE); x++ {
		for y := max(by0, 0); y <= min(by1, 0xFE); y++ {
			id := uint32(x)<<24 | uint32(y)<<16
			sp := c.spaces[id]
			if sp == nil {
				continue
			}
			off := dat.BlockOffset(block, id)
			l, h := lo.Sub(off), hi.Sub(off)
			cx0, cx1 := int(math.Floor(float64(l.X/bpCell))), int(math.Floor(float64(h.X/bpCell)))
			cy0, cy1 := int(math.Floor(float64(l.Y/bpCell))), int(math.Floor(float64(h.Y/bpCell)))
			mx, my := sp.WidthInCells()-1, sp.HeightInCells()-1
			for gx := min(max(cx0, 0), mx); gx <= min(max(cx1, 0), mx); gx++ {
				for gy := min(max(cy0, 0), my); gy <= min(max(cy1, 0), my); gy++ {
					cell := sp.Cell(gx, gy)
					if cell == nil {
						continue
					}
					for _, s := range cell.Shapes {
						b := s.Data().(*body)
						if b.query == c.query || (b.guid == self && self != 0) {
							continue
						}
						b.query = c.query
						if b.touches(l, h) {
							out = b.obstacles(off, out)
						}
					}
				}
			}
		}
	}
	return out
}

// touches reports whether the body's footprint circle meets the
// ground-plane rectangle lo..hi (its own landblock's coordinates).
func (b *body) touches(lo, hi physics.Vec3) bool {
	o := b.pos.Frame.Origin
	s := b.scale
	if s <= 0 {
		s = 1
	}
	r := b.foot * s
	dx := o.X - min(max(o.X, lo.X), hi.X)
	dy := o.Y - min(max(o.Y, lo.Y), hi.Y)
	return dx*dx+dy*dy <= r*r
}

// obstacles appends the body's obstacles, its position moved by -off.
func (b *body) obstacles(off physics.Vec3, out []collision.Obstacle) []collision.Obstacle {
	f := b.pos.Frame
	f.Origin = f.Origin.Add(off)
	s := b.scale
	if s <= 0 {
		s = 1
	}
	if len(b.parts) == 0 {
		return append(out, collision.Obstacle{GUID: b.guid, Model: b.model, Frame: f, Scale: s, Spheres: b.spheres, Cyls: b.cyls, Cells: b.cells})
	}
	for _, p := range b.parts {
		pf := p.frame
		pf.Origin = pf.Origin.Scale(s)
		out = append(out, collision.Obstacle{GUID: b.guid, Model: b.model, Frame: physics.Combine(f, pf), Scale: s, Shape: p.shape, Cells: b.cells})
	}
	return out
}

// traceCollisions records the sweep's contacts: Detail is "terrain",
// "object 0x%08X" (its GUID), "static 0x%08X" (a static of the DATs, by
// its Setup or GfxObj id) or "cell 0x%08X".
func (w *World) traceCollisions(guid uint32, hits []collision.Hit) {
	if w.Trace == nil {
		return
	}
	for _, h := range hits {
		d := h.Kind.String()
		switch h.Kind {
		case collision.HitObject:
			d = fmt.Sprintf("object 0x%08X", h.GUID)
			if h.GUID == 0 {
				d = fmt.Sprintf("static 0x%08X", h.Model)
			}
		case collision.HitCell:
			d = fmt.Sprintf("cell 0x%08X", h.Cell)
		}
		w.Trace.Event(&Event{Frame: w.FrameNo, Obj: guid, Kind: KindCollision, Detail: d})
	}
}

// keepContacts stores the object's contacts of this transition for
// World.Collisions, reusing its slice; an object that touched nothing
// keeps an empty record.
func (w *World) keepContacts(guid, cell uint32, hits []collision.Hit) {
	c := w.col()
	if len(hits) == 0 && len(c.contacts) == 0 {
		return // nobody has touched anything: nothing to look up
	}
	rec := c.contacts[guid]
	if rec == nil {
		if len(hits) == 0 {
			return
		}
		rec = &Contacts{}
		c.contacts[guid] = rec
	}
	rec.Frame, rec.Block = w.FrameNo, cell&0xFFFF0000
	rec.Hits = append(rec.Hits[:0], hits...)
}

// Collisions returns the object's contacts in its last transition (walls,
// bodies, cells, landings; resting on the ground is none), and the frame
// they were made in; nil when it has touched nothing since it was
// created or when collision is off. The slice is valid until the next
// frame.
func (w *World) Collisions(guid uint32) *Contacts {
	if w.collide == nil {
		return nil
	}
	return w.collide.contacts[guid]
}

// EnvCell is collision.Env's indoor cells, built once and cached: from
// World.Assets when it is a CellSource, else from the EnvCell of the
// Ground's cell DAT (Terrain) and the CellStruct of its Environment in the
// portal DAT (DatAssets); nil when the cell cannot be read.
func (w *World) EnvCell(id uint32) *collision.Cell {
	c := w.col()
	if cl, ok := c.cells[id]; ok {
		return cl
	}
	var cl *collision.Cell
	if src, ok := w.Assets.(CellSource); ok {
		cl, _ = src.CellCollision(id)
	} else {
		cl = w.datCell(id)
	}
	c.cells[id] = cl
	return cl
}

// datEnvCell reads an EnvCell through the Ground (Terrain's cell DAT),
// nil when there is none.
func (w *World) datEnvCell(id uint32) *dat.EnvCell {
	cells, ok := w.Ground.(interface {
		EnvCell(id uint32) (*dat.EnvCell, error)
	})
	if !ok {
		return nil
	}
	ec, err := cells.EnvCell(id)
	if err != nil {
		return nil
	}
	return ec
}

// datCell builds an EnvCell's collision from the DATs, nil when either
// half is missing.
func (w *World) datCell(id uint32) *collision.Cell {
	envs, ok := w.Assets.(interface {
		Environment(id uint32) (*dat.Environment, error)
	})
	if !ok {
		return nil
	}
	ec := w.datEnvCell(id)
	if ec == nil {
		return nil
	}
	env, err := envs.Environment(ec.EnvironmentID)
	if err != nil {
		return nil
	}
	cs, ok := env.Cells[uint32(ec.CellStructure)]
	if !ok {
		return nil
	}
	return collision.NewCell(ec, &cs)
}

// EnvCell reads an EnvCell of the cell DAT (uncached: the World caches the
// collision built from it).
func (t *Terrain) EnvCell(id uint32) (*dat.EnvCell, error) { return t.cells.EnvCell(id) }

// LandBlockInfo reads a landblock's LandBlockInfo (its static objects and
// buildings) from the cell DAT.
func (t *Terrain) LandBlockInfo(block uint32) (*dat.LandBlockInfo, error) {
	return t.cells.LandBlockInfo(dat.BlockInfoID(block))
}

// Environment returns the Environment with the id, uncached: the World
// caches the collision built from it.
func (a *DatAssets) Environment(id uint32) (*dat.Environment, error) { return a.C.Environment(id) }

// CellSource gives indoor cells their collision; World.Assets that
// implement it replace the DATs' EnvCells and Environments.
type CellSource interface {
	CellCollision(id uint32) (*collision.Cell, error)
}

// AddCellCollision publishes an indoor cell's collision directly (cells
// built in code; a CellSource serves the DATs' cells).
func (w *World) AddCellCollision(c *collision.Cell) { w.col().cells[c.ID] = c }

// AddLandblockCollision publishes a resident landblock's static
// collision, as streaming calls it when the landblock reaches Near: its
// LandBlockInfo objects (stabs) and buildings join the broad phase with
// their physics BSPs (GfxObjs, or Setups' parts at rest), each building
// opening into the EnvCells its portals name, and so do the EnvCells'
// static objects and the procedural scenery placed in the landblock
// (scenery.Generator's objects, at their scale). Publishing a landblock
// again replaces what it had. From the first call (of this or
// RemoveLandblockCollision) on, landblocks are no longer published from
// the Ground when a move first reaches them.
func (w *World) AddLandblockCollision(info *dat.LandBlockInfo, placed []scenery.Object) {
	w.col().streamed = true
	w.addLandblock(info, placed)
}

func (w *World) addLandblock(info *dat.LandBlockInfo, placed []scenery.Object) {
	if info == nil {
		return
	}
	block := info.ID & 0xFFFF0000
	w.removeLandblock(block)
	c := w.col()
	var list []*body
	add := func(cell, id uint32, f physics.Frame, scale float32, cells []uint32) {
		b := &body{model: id, cells: cells}
		if src, ok := w.Assets.(GfxObjSource); ok && id>>24 == 0x01 {
			w.addPart(b, src, id, physics.IdentityFrame)
		} else if s, err := w.Assets.Setup(id); err == nil && id>>24 == 0x02 {
			w.setupShapes(b, s, s.Flags&dat.SetupHasPhysicsBSP != 0)
		}
		if b.empty() {
			return
		}
		b.pos, b.scale = physics.Position{Cell: cell, Frame: f}, scale
		c.place(b)
		list = append(list, b)
	}
	for _, o := range info.Objects {
		add(block|1, o.ID, o.Frame, 1, nil)
	}
	for _, o := range placed {
		add(o.Cell, o.ObjID, o.Frame, o.Scale, nil)
	}
	// The EnvCells' static objects (their frames are landblock-local).
	for k := range min(info.NumCells, dat.LastEnvCell-dat.FirstEnvCell+1) {
		id := block | (dat.FirstEnvCell + k)
		ec := w.datEnvCell(id)
		if ec == nil {
			continue
		}
		for _, o := range ec.StaticObjects {
			add(id, o.ID, o.Frame, 1, nil)
		}
	}
	for _, bi := range info.Buildings {
		var cells []uint32
		for _, p := range bi.Portals {
			if p.OtherCellID != collision.OutsideCell {
				cells = append(cells, block|uint32(p.OtherCellID))
			}
		}
		add(block|1, bi.ModelID, bi.Frame, 1, cells)
	}
	c.statics[block] = list
}

// RemoveLandblockCollision drops a landblock's collision, as streaming
// calls it on demotion or unload: its static bodies, its cached terrain
// heights and indoor cells. Objects in it leave the broad phase as they
// leave the object table.
func (w *World) RemoveLandblockCollision(block uint32) {
	w.col().streamed = true
	w.removeLandblock(block)
}

func (w *World) removeLandblock(block uint32) {
	c := w.col()
	block &= 0xFFFF0000
	for _, b := range c.statics[block] {
		c.spaces[block].Remove(b.circle)
	}
	delete(c.statics, block)
	delete(c.heights, block)
	for id := range c.cells {
		if id&0xFFFF0000 == block {
			delete(c.cells, id)
		}
	}
	if sp := c.spaces[block]; sp != nil && len(sp.Shapes()) == 0 {
		delete(c.spaces, block)
	}
}
