package systems

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/internal/bodycheck"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/physobj"
)

// Land is the world's landblocks as package stream builds them, each read
// once: the terrain under outdoor points (physobj.Ground) and each
// resident landblock's build — heights, statics, buildings, EnvCells and
// scenery — which collision consumes. A streamed world's Land is its
// streamer's published landblocks (stream.Adapter); a world that does not
// stream has every landblock built on first use (stream.Sync).
type Land interface {
	physobj.Ground
	// Landblock returns the resident landblock block (0xXXYY0000), nil
	// when it is not resident.
	Landblock(block uint32) *collision.Landblock
}

// GfxObj returns the GfxObj with the id, uncached: collision caches the
// shape built from it.
func (a *DatAssets) GfxObj(id uint32) (*dat.GfxObj, error) { return a.C.GfxObj(id) }

// Environment returns the Environment with the id, uncached: collision
// caches the cells built from it.
func (a *DatAssets) Environment(id uint32) (*dat.Environment, error) { return a.C.Environment(id) }

// Contacts are an object's contacts in its last transition: the hits
// (polygons local to Block's landblock) and the tick's frame number.
type Contacts struct {
	Frame int
	Block uint32
	Hits  []collision.Hit
}

// collider is the world's collision glue: the broad phase (package
// collision), the resolver over it and each object's last contacts.
type collider struct {
	bp       *collision.Broadphase
	resolver *collision.Resolver
	// contacts are each object's contacts of its last transition
	// (World.Collisions).
	contacts map[uint32]*Contacts
	// refs are the physics objects of the entities of Objects and Static
	// at each index, as the last sync found them: a component's pointer
	// stays the entity's for its life (donburi moves the pointer, not the
	// value, between archetypes, and nothing here replaces it), and an
	// entity value comes back only after its id is destroyed and reused
	// 2^24 times (donburi's version), so an entry whose entity is still
	// the list's at that index needs no ECS lookup.
	refs [2][]physRef
	// moved are the objects (by guid) Moved marked since the last sync,
	// in the order marked; marked is their set; order is syncMoved's
	// scratch. full: the next sync walks every object (the first, and
	// after collision comes back on). frame is the world's FrameNo at the
	// last sync.
	moved  []uint32
	marked map[uint32]struct{}
	order  []movedRef
	full   bool
	frame  int
}

// physRef is an entity and its physics object.
type physRef struct {
	e donburi.Entity
	p *physics.Object
}

// Collision turns the transition sweep on or off (on by default); off,
// every candidate is accepted as if nothing collided (kept for benchmarks
// and comparisons).
func (w *World) Collision(on bool) {
	if on && w.noCollide && w.collide != nil {
		w.collide.full = true // the commits while off placed no body
	}
	w.noCollide = !on
}

// resolver returns the collision resolver, nil when collision is off or
// there is no land to sweep against.
func (w *World) resolver() *collision.Resolver {
	if w.noCollide || w.Ground == nil {
		return nil
	}
	return w.col().resolver
}

// col returns the collision glue, made on first use.
func (w *World) col() *collider {
	if w.collide == nil {
		w.collide = &collider{contacts: map[uint32]*Contacts{}, marked: map[uint32]struct{}{}, full: true}
		w.collide.bp = collision.NewBroadphase(nil, nil)
		w.collide.resolver = collision.NewResolver(w.collide.bp)
		w.useLand()
	}
	return w.collide
}

// useLand points the broad phase at the world's Land and Assets as they
// are now (every frame, at syncBodies).
func (w *World) useLand() {
	bp := w.collide.bp
	bp.Land, bp.Assets = nil, nil
	if w.Ground != nil {
		bp.Land = w.Ground
	}
	if w.Assets != nil {
		bp.Assets = w.Assets
	}
}

// Broadphase is the world's collision broad phase.
func (w *World) Broadphase() *collision.Broadphase { return w.col().bp }

// syncBodies brings the broad phase in step with the object table at the
// start of a frame, as retail's change_cell does when an object moves:
// the objects whose bodies may be out of step since the last sync (Moved:
// every position, state, parent or cell the world writes outside a
// transition's own placement) join, move or leave, in table order. A
// transition places its mover's body at once (transitionWith), so in
// steady state there is nothing to do. Every object is walked instead
// (syncAll) after moves the world could not follow — collision off or no
// ground, whose commits place no body: collision turned back on, or a
// frame that ran without this sync (the frame step's condition is the
// resolver's) — or while the ordinary schedule or the frame has
// contributor stages, which may write anything; and on the first sync. With bodycheck.On (the tests) the full walk follows in
// check-only form (checkBodies).
func syncBodies(w *World) {
	if w.resolver() == nil {
		return
	}
	w.useLand()
	c := w.collide
	c.bp.BeginSync()
	skipped := w.FrameNo > c.frame+1 // a frame whose moves had no resolver
	c.frame = w.FrameNo
	if c.full || skipped || !w.ordinaryIsDirect() || w.Frame != nil && !w.Frame.isRetail() {
		c.full = false
		clear(c.marked)
		c.moved = c.moved[:0]
		syncAll(w)
	} else if len(c.moved) > 0 {
		syncMoved(w)
	}
	if bodycheck.On {
		checkBodies(w)
	}
}

// syncAll walks every object: new collidable objects join, moved ones
// move, removed or detached ones leave.
func syncAll(w *World) {
	bp := w.collide.bp
	for k, list := range [2][]donburi.Entity{w.Objects, w.Static} {
		refs := w.collide.refs[k]
		if len(list) > cap(refs) {
			grown := make([]physRef, len(list), 2*len(list))
			copy(grown, refs)
			refs = grown
		}
		refs = refs[:len(list)]
		w.collide.refs[k] = refs
		for i, e := range list {
			ref := &refs[i]
			var entry *donburi.Entry
			if ref.e != e || ref.p == nil {
				entry = w.ECS.Entry(e)
				ref.e, ref.p = e, components.PhysicsObj.Get(entry)
			}
			p := ref.p
			if inWorld(p) &&
				(bp.Still(p.GUID, &p.Position, p.Scale) || bp.Move(p.GUID, &p.Position, p.Scale)) {
				// A body already (its Setup and PartArray stay the
				// object's for its life): moved, if it moved.
				continue
			}
			if entry == nil {
				entry = w.ECS.Entry(e)
			}
			var pa *motion.PartArray
			if entry.HasComponent(components.PartArray) {
				pa = components.PartArray.Get(entry)
			}
			w.placeBody(p, pa)
			w.retryBody(p, pa)
		}
	}
	bp.EndSync()
}

// syncMoved brings the marked objects' bodies in step, in the order the
// full walk would reach them (Objects, then Static, each in table order:
// the order bodies join, move and leave the broad phase's lists is the
// walk's). A marked object that is gone left with its body (Remove).
func syncMoved(w *World) {
	c := w.collide
	bp := c.bp
	order := c.order[:0]
	for _, g := range c.moved {
		if s, ok := w.byGUID[g]; ok {
			k := s.idx
			if s.static {
				k += len(w.Objects)
			}
			order = append(order, movedRef{k: k, e: s.e})
		}
	}
	clear(c.marked)
	c.moved = c.moved[:0]
	slices.SortFunc(order, func(a, b movedRef) int { return cmp.Compare(a.k, b.k) })
	for _, m := range order {
		entry := w.ECS.Entry(m.e)
		p := components.PhysicsObj.Get(entry)
		eligible := inWorld(p)
		if eligible && bp.Move(p.GUID, &p.Position, p.Scale) {
			continue
		}
		var pa *motion.PartArray
		if entry.HasComponent(components.PartArray) {
			pa = components.PartArray.Get(entry)
		}
		w.placeBody(p, pa)
		w.retryBody(p, pa)
	}
	c.order = order
}

// retryBody keeps an object marked after placeBody when it should have a
// body but got none from a Setup built in code without an id: its shapes
// are not cached, so a later Place could find some (the full walk tried
// it at every sync).
func (w *World) retryBody(p *physics.Object, pa *motion.PartArray) {
	if pa == nil || pa.Setup == nil || pa.Setup.ID != 0 || !inWorld(p) {
		return
	}
	if _, _, ok, _ := w.collide.bp.Placed(p.GUID, &p.Position, p.Scale); !ok {
		w.Moved(p.GUID)
	}
}

// movedRef is a marked object and its place in the full walk.
type movedRef struct {
	k int
	e donburi.Entity
}

// Moved tells the world that object guid's position, scale, parent, cell
// or physics state was written outside a transition, so that its
// collision body follows at the next frame's body sync (retail's
// SetPosition moves an object between cells as it moves). The world's
// own paths call it — Spawn, SetPositionInternal, the inbound position
// and state events, hooks, a failed transition's turn, a MoveTo's
// heading, the static tick; whoever else writes those fields of an
// object (a script host, a tool, a test) calls it after the write. It is
// cheap and idempotent until the sync.
func (w *World) Moved(guid uint32) {
	c := w.collide
	if c == nil || c.full {
		return // no broad phase yet, or the next sync walks every object
	}
	if _, ok := c.marked[guid]; ok {
		return
	}
	c.marked[guid] = struct{}{}
	c.moved = append(c.moved, guid)
}

// checkBodies is the full walk of syncAll in check-only form, after a
// sync (bodycheck.On): it panics, naming the object and both positions,
// if the walk would have moved, added or dropped any body — an object
// changed without Moved.
func checkBodies(w *World) {
	bp := w.collide.bp
	have := 0
	for _, list := range [2][]donburi.Entity{w.Objects, w.Static} {
		for _, e := range list {
			entry := w.ECS.Entry(e)
			p := components.PhysicsObj.Get(entry)
			body, scale, ok, at := bp.Placed(p.GUID, &p.Position, p.Scale)
			if ok {
				have++
			}
			eligible := inWorld(p)
			switch {
			case eligible && ok && !at:
				panic(fmt.Sprintf("systems: body sync missed object 0x%08X (frame %d): its body is at %+v scale %v, the object at %+v scale %v",
					p.GUID, w.FrameNo, body, scale, p.Position, p.Scale))
			case !eligible && ok:
				panic(fmt.Sprintf("systems: body sync missed object 0x%08X (frame %d): it has a body at %+v scale %v but is at %+v (parent 0x%08X, state %v): the body should have left",
					p.GUID, w.FrameNo, body, scale, p.Position, p.Parent, p.State))
			case eligible && !ok && entry.HasComponent(components.PartArray):
				pa := components.PartArray.Get(entry)
				if pa.Setup == nil {
					break
				}
				bsp := p.State.Has(physics.StateHasPhysicsBSP) || pa.Setup.Flags&dat.SetupHasPhysicsBSP != 0
				if bp.HasShapes(pa.Setup, bsp) {
					panic(fmt.Sprintf("systems: body sync missed object 0x%08X (frame %d): it has no body but is at %+v scale %v with collision shapes",
						p.GUID, w.FrameNo, p.Position, p.Scale))
				}
			}
		}
	}
	if n := bp.Bodies(); n != have {
		panic(fmt.Sprintf("systems: body sync missed a removal (frame %d): %d bodies, %d of them objects'", w.FrameNo, n, have))
	}
}

// enterWorld is enter_world's SetPosition(Placement | Slide) for an
// object entering the world in a cell (CreateObject, world.spawn): with
// collision on, an object with spheres that overlaps the terrain, an
// indoor wall or another object is moved to the nearest free spot
// (physobj.Place; slide, as for every object without a projectile
// target), and its body joins the broad phase at once, as retail's
// enter_world puts it in its cell. A static object is not searched
// (retail adds a landblock's statics to their cells as they stand) but
// its body joins at once too. Without a placement the object stays where
// it was put (divergence TR-01).
func (w *World) enterWorld(v *components.View) {
	r := w.resolver()
	if r == nil || v.Phys.Position.Cell == 0 {
		return
	}
	w.useLand()
	if !v.Static {
		if pos, ok := physobj.Place(v, v.Phys.Position, true, r); ok {
			v.Phys.Position = pos
		}
	}
	w.placeBody(v.Phys, v.Parts)
}

// inWorld reports whether the object may have a collision body: in a
// cell, attached to no parent and not ethereal.
func inWorld(p *physics.Object) bool {
	return p.Position.Cell != 0 && p.Parent == 0 && !p.State.Has(physics.StateEthereal)
}

// placeBody adds, moves or drops the object's body: an object in no cell,
// attached to a parent or ethereal has none.
func (w *World) placeBody(p *physics.Object, pa *motion.PartArray) {
	bp := w.collide.bp
	if !inWorld(p) || pa == nil || pa.Setup == nil {
		bp.Drop(p.GUID)
		return
	}
	bsp := p.State.Has(physics.StateHasPhysicsBSP) || pa.Setup.Flags&dat.SetupHasPhysicsBSP != 0
	bp.Place(p.GUID, &p.Position, p.Scale, pa.Setup, bsp)
}

// Collision trace stages (kind "collision").
const (
	// StageContact is one contact of the transition; Detail names it:
	// "terrain", "object 0x%08X" (its GUID), "static 0x%08X" (a static of
	// the DATs, by its Setup or GfxObj id) or "cell 0x%08X".
	StageContact = "contact"
	// StageHitGround is a landing: the transition reached walkable ground
	// from the air (MovementManager::HitGround follows).
	StageHitGround = "hit_ground"
	// StageLeaveGround is the transition leaving walkable ground
	// (MovementManager::LeaveGround follows).
	StageLeaveGround = "leave_ground"
)

// traceTransition records the transition's outcome: each contact, then
// a landing (hit_ground) or leaving the ground (leave_ground).
func (w *World) traceTransition(guid uint32, c *physobj.Contact) {
	if w.Trace == nil {
		return
	}
	for _, h := range c.Hits {
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
		w.Trace.Event(&Event{Frame: w.FrameNo, Obj: guid, Kind: KindCollision, Stage: StageContact, Detail: d})
	}
	switch {
	case c.Landed:
		w.Trace.Event(&Event{Frame: w.FrameNo, Obj: guid, Kind: KindCollision, Stage: StageHitGround})
	case c.Left:
		w.Trace.Event(&Event{Frame: w.FrameNo, Obj: guid, Kind: KindCollision, Stage: StageLeaveGround})
	}
}

// keepContacts stores the object's contacts of this transition for
// World.Collisions, reusing its slice; an object that touched nothing
// keeps an empty record. (Its caller does not call it when there are no
// hits and nobody has touched anything: nothing to look up.)
func (w *World) keepContacts(guid, cell uint32, hits []collision.Hit) {
	c := w.collide
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

// AddCellCollision publishes an indoor cell's collision built in code
// (the resident landblocks' EnvCells come from their builds).
func (w *World) AddCellCollision(c *collision.Cell) { w.col().bp.AddCell(c) }

// dropBody removes the object's body from the broad phase.
func (w *World) dropBody(guid uint32) {
	if w.collide != nil {
		w.collide.bp.Drop(guid)
	}
}

// ForgetLandblock is collision's hook for a landblock whose build was
// published, or that left residency (or fell from Near to Far): what
// collision had of the block is forgotten, and taken again from the
// resident build, if any, when a move next reaches it.
func (w *World) ForgetLandblock(block uint32) {
	if w.collide != nil {
		w.collide.bp.Forget(block)
	}
}
