// Package physobj holds CPhysicsObj's per-object algorithms as plain Go over
// a components.View: update_object's clock admission, the pieces of
// UpdatePositionInternal, UpdatePhysicsInternal, process_hooks, the
// transition commit, SetPositionInternal and set_hidden. Each function is
// named after the retail function it ports and touches only the object it
// is given; what it needs from the world around the object (the terrain)
// comes in as a small interface. The schedules in package systems call
// these in retail order.
package physobj

import (
	"unsafe"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Gravity is the retail PhysicsGlobals gravity (units/s²).
const Gravity = -9.8000002

// Ground is the terrain height under an outdoor point: false where no
// landblock is loaded.
type Ground interface {
	GroundZ(cell uint32, x, y float32) (float32, bool)
}

// Detached reports update_object's first early return: an object with a
// parent, without a cell, or Frozen does not update, and loses Active
// (Detach). The test alone, without the effect: inlined, its answer is a
// branch, not a boolean made and tested.
func Detached(p *physics.Object) bool {
	return p.Parent != 0 || p.Position.Cell == 0 || p.State.Has(physics.StateFrozen)
}

// Detach is the early return's effect on a Detached object: it loses
// Active.
func Detach(p *physics.Object) { p.Transient &^= physics.TransientActive }

// Clock is update_object's quantum clock for one call (0x00515D10):
// Start reads the elapsed time, Admitted applies the FrameEpsilon rebase
// and the HugeQuantum discard (Rebase is their effect), then while More,
// Take hands out MaxQuantum subdivisions and the last remainder above
// MinQuantum, keeping a remainder at or below it in the clock. Every
// comparison is strict, as retail's are. The tests and their effects are
// separate methods, so that inlined each answer is a branch, not a
// boolean made and tested.
type Clock struct {
	p       *physics.Object
	now     float64
	elapsed float64
}

// Start starts the clock for p at now: the time since p's last admitted
// update.
func (c *Clock) Start(p *physics.Object, now float64) {
	c.p, c.now, c.elapsed = p, now, now-p.UpdateTime
}

// Admitted reports whether anything runs this call: false when the
// elapsed time is rebased (at or below FrameEpsilon) or discarded (above
// HugeQuantum); the caller then Rebases.
func (c *Clock) Admitted() bool {
	return !(c.elapsed <= physics.FrameEpsilon || c.elapsed > physics.HugeQuantum)
}

// Rebase is the effect of a call not Admitted: p's update time becomes
// now.
func (c *Clock) Rebase() { c.p.UpdateTime = c.now }

// Elapsed is the time since the object's last admitted update (the time
// left to hand out, once Take has run).
func (c *Clock) Elapsed() float64 { return c.elapsed }

// More reports whether a quantum is left: the time left is above
// MinQuantum (MaxQuantum is above it, so a subdivision is too).
func (c *Clock) More() bool { return c.elapsed > physics.MinQuantum }

// Take hands out the next quantum, More being true: MaxQuantum while more
// than that is left, else the whole remainder, which brings p's update
// time to now.
func (c *Clock) Take() float64 {
	if c.elapsed > physics.MaxQuantum {
		c.p.UpdateTime += physics.MaxQuantum
		c.elapsed -= physics.MaxQuantum
		return physics.MaxQuantum
	}
	c.p.UpdateTime = c.now
	dt := c.elapsed
	c.elapsed = 0
	return dt
}

// AnimateStaticAdmit is animate_static_object's clock gate (0x00513DF0):
// FrameEpsilon and HugeQuantum only; the whole elapsed time is one step.
func AnimateStaticAdmit(p *physics.Object, now float64) (float64, bool) {
	elapsed := now - p.UpdateTime
	if elapsed <= physics.FrameEpsilon || elapsed > physics.HugeQuantum {
		p.UpdateTime = now
		return elapsed, false
	}
	return elapsed, true
}

// RootMotion is UpdatePositionInternal's rule for the root motion
// CPartArray::Update (motion.PartArray.Update) has just put in delta: it
// counts only on walkable ground, scaled by the object scale. Small
// enough to inline.
func RootMotion(p *physics.Object, delta *physics.Frame) {
	if p.Transient.Has(physics.TransientOnWalkable) {
		delta.Origin = delta.Origin.Scale(p.Scale)
	} else {
		delta.Origin = physics.Vec3{}
	}
}

// UpdatePhysicsInternal integrates velocity, acceleration (gravity off
// walkable ground) and omega into the candidate frame (ACE-derived); it
// reports whether the candidate differs from the current frame.
func UpdatePhysicsInternal(p *physics.Object, dt float64, cand *physics.Frame) bool {
	UpdatePhysicsInternalTouched(p, dt, cand)
	return *cand != p.Position.Frame
}

// UpdatePhysicsInternalTouched is UpdatePhysicsInternal without its moved
// test: it reports whether it wrote the candidate. When it did not, the
// candidate is as it was, so a moved test taken on it just before still
// holds.
func UpdatePhysicsInternalTouched(p *physics.Object, dt float64, cand *physics.Frame) (touched bool) {
	if Still(p) {
		return false // the common case, every test below false: nothing to write
	}
	acc := p.Acceleration
	if p.State.Has(physics.StateGravity) && !p.Transient.Has(physics.TransientOnWalkable) {
		acc.Z += Gravity
	}
	d := float32(dt)
	if !p.Velocity.IsZero() || !acc.IsZero() {
		cand.Origin = cand.Origin.Add(p.Velocity.Scale(d)).Add(acc.Scale(0.5 * d * d))
		p.Velocity = p.Velocity.Add(acc.Scale(d))
		touched = true
	}
	if !p.Omega.IsZero() {
		cand.Rotate(p.Omega.Scale(d))
		touched = true
	}
	return touched
}

// Still reports UpdatePhysicsInternal's case that writes nothing: no
// gravity to apply (off, or on walkable ground) and velocity,
// acceleration and omega zero (each component +0 or −0, as IsZero
// compares: the bits but the signs clear). The three vectors are
// adjacent in physics.Object (asserted below) and read as nine words.
func Still(p *physics.Object) bool {
	if p.State&physics.StateGravity != 0 && p.Transient&physics.TransientOnWalkable == 0 {
		return false
	}
	m := (*[9]uint32)(unsafe.Pointer(&p.Velocity))
	return (m[0]|m[1]|m[2]|m[3]|m[4]|m[5]|m[6]|m[7]|m[8])&0x7FFFFFFF == 0
}

// Velocity, Acceleration and Omega follow one another (Still): these
// constants overflow, and the build fails, otherwise.
const (
	_ = uint(unsafe.Offsetof(physics.Object{}.Acceleration) - unsafe.Offsetof(physics.Object{}.Velocity) - 12)
	_ = uint(12 - (unsafe.Offsetof(physics.Object{}.Acceleration) - unsafe.Offsetof(physics.Object{}.Velocity)))
	_ = uint(unsafe.Offsetof(physics.Object{}.Omega) - unsafe.Offsetof(physics.Object{}.Acceleration) - 12)
	_ = uint(12 - (unsafe.Offsetof(physics.Object{}.Omega) - unsafe.Offsetof(physics.Object{}.Acceleration)))
)

// ProcessHooks is CPhysicsObj::process_hooks: the physics hooks run and the
// incomplete ones stay linked, then the animation hooks drain with a live
// bound — AnimDone acts now, every other hook goes to deferred (TS-50).
func ProcessHooks(v *components.View, deferred func(*dat.AnimHook)) {
	if v.Hooks != nil && len(v.Hooks.Hooks) > 0 {
		kept := v.Hooks.Hooks[:0]
		for _, h := range v.Hooks.Hooks {
			if !h.Execute(v.Phys) {
				kept = append(kept, h)
			}
		}
		clear(v.Hooks.Hooks[len(kept):])
		v.Hooks.Hooks = kept
	}
	if v.Motion != nil && len(v.Motion.AnimHooks) > 0 {
		v.Motion.ProcessHooks(deferred)
	}
}

// Contact is what a transition reports to its caller: a landing (the
// MovementManager's HitGround), leaving the ground (LeaveGround) and the
// contacts of the sweep (valid until the next transition).
type Contact struct {
	Landed, Left bool
	Hits         []collision.Hit
	// Failed is a transition that found no valid position: the object
	// stayed as it was and its last contacts stand.
	Failed bool
}

// Accept is Transition without a sweep (seed 004 Q5's set_frame; TR-01):
// cached_velocity from the displacement, the candidate accepted —
// outdoors canonicalised and kept on the terrain height as Settle does —
// or, when the move left the world, refused with cached_velocity zero. It
// reports a landing. The candidate may be changed, as in Transition. The
// tick calls it directly when there is nothing to sweep against (no
// resolver): the same commit without the Contact.
func Accept(p *physics.Object, cand *physics.Frame, dt float64, g Ground) (landed bool) {
	cell := p.Position.Cell
	if dt > 0 {
		p.CachedVelocity = cand.Origin.Sub(p.Position.Frame.Origin).Scale(float32(1 / dt))
	}
	if dat.IsOutdoorCell(cell) {
		nc, ok := dat.AdjustToOutside(cell, &cand.Origin)
		if !ok {
			p.CachedVelocity = physics.Vec3{}
			return false
		}
		cell = nc
		if g != nil {
			if z, ok := g.GroundZ(cell, cand.Origin.X, cand.Origin.Y); ok {
				landed = Settle(p, cand, z)
			}
		}
	}
	p.Position.Cell, p.Position.Frame = cell, *cand
	return landed
}

// AcceptWithoutGround is Accept with no Ground (g nil): nothing to settle
// on, so never a landing. The tick's commit when there is no ground at
// all; a smaller function than Accept (no GroundZ call to keep values
// for). TestAcceptWithoutGroundMatchesAccept compares the two. The
// commonest move, inside the cell's own landblock, takes
// AdjustToOutside's shortcut inline (dat.OutsideSnap, dat.OutsideInBlock)
// without the call.
func AcceptWithoutGround(p *physics.Object, cand *physics.Frame, dt float64) {
	cell := p.Position.Cell
	if dt > 0 {
		p.CachedVelocity = cand.Origin.Sub(p.Position.Frame.Origin).Scale(float32(1 / dt))
	}
	if dat.IsOutdoorCell(cell) {
		x, y := dat.OutsideSnap(cand.Origin.X, cand.Origin.Y)
		if nc, ok := dat.OutsideInBlock(cell, x, y); ok {
			cand.Origin.X, cand.Origin.Y = x, y
			cell = nc
		} else {
			nc, ok := dat.AdjustToOutside(cell, &cand.Origin)
			if !ok {
				p.CachedVelocity = physics.Vec3{}
				return
			}
			cell = nc
		}
	}
	p.Position.Cell, p.Position.Frame = cell, *cand
}

// moverOf returns the object's collision spheres, scaled and turned to
// orientation q (the candidate's), and its step heights, or nil when its
// Setup has no spheres.
func moverOf(mover *collision.Mover, v *components.View, q *physics.Quat) *collision.Mover {
	if v.Parts == nil || v.Parts.Setup == nil || len(v.Parts.Setup.Spheres) == 0 {
		return nil
	}
	s := v.Parts.Setup
	p := v.Phys
	scale := p.Scale
	if scale <= 0 {
		scale = 1
	}
	if s.Spheres[0].Radius*scale <= 0 {
		return nil
	}
	mover.GUID = p.GUID
	mover.Spheres = v.Parts.Turned.Of(s, scale, *q)
	mover.StepUpHeight = s.StepUpHeight * scale
	mover.StepDownHeight = s.StepDownHeight * scale
	mover.OnWalkable = p.Transient.Has(physics.TransientOnWalkable)
	mover.EdgeSlide = p.State.Has(physics.StateEdgeSlide)
	return mover
}

// Transition commits the candidate frame after a move
// (CPhysicsObj::transition → SetPositionInternal); cached_velocity is the
// actual displacement over dt. An object with spheres, given a resolver,
// goes through the retail transition (collision.Resolver.TransitionContact:
// terrain, static objects' physics BSPs, indoor cells and their portals,
// other bodies, CylSpheres, step up and down, slides) and the accepted
// position is committed in the resolver's cell (seed 003 §3). Without
// spheres or a resolver there is no sweep (seed 004 Q5's set_frame): the
// candidate is accepted, outdoors canonicalised and kept on the terrain
// height as Settle does (divergence TR-01). A move that left the world is
// refused and is no landing.
//
// The candidate is taken by pointer and may be changed (canonicalised,
// settled); the caller passes a copy it does not need again. The result
// is written to *c.
//
// The sweep starts from the object's contact plane, sliding normal and
// stationary frames (get_object_info, CPhysicsObj::transition), leaves the
// ground when launched upward, commits the accepted origin and cell, and
// keeps the transition's contact for the next one; a landing zeroes the
// velocity, and FramesStationaryFall 2 and 3 stop it
// (handle_all_collisions). A transition that found no valid position
// leaves the object where it was (UpdateObjectInternal).
func Transition(v *components.View, cand *physics.Frame, dt float64, g Ground, r *collision.Resolver, c *Contact) {
	const ground = physics.TransientContact | physics.TransientOnWalkable
	const stationary = physics.TransientStationaryFall | physics.TransientStationaryStop | physics.TransientStationaryStuck
	p, pa := v.Phys, v.Parts
	// m := moverOf(&r.Mover, v, &cand.Orientation), inline; no sweep
	// without a resolver or spheres (nil mover), nor for an ethereal object.
	if r == nil || p.State.Has(physics.StateEthereal) || pa == nil || pa.Setup == nil || len(pa.Setup.Spheres) == 0 {
		*c = Contact{Landed: Accept(p, cand, dt, g)}
		return
	}
	s := pa.Setup
	scale := p.Scale
	if scale <= 0 {
		scale = 1
	}
	if s.Spheres[0].Radius*scale <= 0 {
		*c = Contact{Landed: Accept(p, cand, dt, g)}
		return
	}
	m := &r.Mover
	m.GUID = p.GUID
	m.Spheres = pa.Turned.Kept(s, scale, &cand.Orientation) // not turned since
	if m.Spheres == nil {
		m.Spheres = pa.Turned.Of(s, scale, cand.Orientation)
	}
	m.StepUpHeight = s.StepUpHeight * scale
	m.StepDownHeight = s.StepDownHeight * scale
	m.OnWalkable = p.Transient.Has(physics.TransientOnWalkable)
	m.EdgeSlide = p.State.Has(physics.StateEdgeSlide)
	// get_object_info: the contact plane when the object is in contact
	// (a plane through its origin, facing up, when it was put down in
	// contact without one), the sliding normal, and the stationary
	// frames. (Inline: its only caller.)
	var out collision.Contact
	if p.Transient.Has(physics.TransientContact) {
		out.Valid = true
		out.Plane = collision.Plane{N: p.ContactPlaneN, D: p.ContactPlaneD}
		if out.Plane.N.IsZero() {
			out.Plane = collision.Plane{N: physics.Vec3{Z: 1}, D: -p.Position.Frame.Origin.Z}
		}
	} else {
		m.OnWalkable = false
	}
	if p.Transient.Has(physics.TransientSliding) {
		out.Sliding, out.SlidingNormal = true, p.SlidingNormal
	}
	// Stuck 3 over Stop 2 over Fall 1, by table: no branch.
	out.StationaryFall = stationaryFallOf(p.Transient)
	launched := m.OnWalkable && p.Velocity.Z > 0
	if launched {
		// Launched upward: whoever launched it called LeaveGround already.
		m.OnWalkable = false
		out.Valid = false
	}
	m.Gravity = p.State.Has(physics.StateGravity)
	// out is the contact in, and the transition's contact to keep out.
	res := r.TransitionContact(m, &p.Position, cand.Origin, &out)
	if res.StopVelocity {
		// ValidateTransition's ObjectInfo::StopVelocity: a step refused
		// from a contact plane zeroes the velocity (set_velocity(0); ACE
		// ObjectInfo.cs StopVelocity, Transition.cs ValidateTransition).
		p.Velocity = physics.Vec3{}
	}
	if res.OffWorld {
		p.CachedVelocity = physics.Vec3{}
		*c = Contact{}
		return
	}
	if res.Failed {
		// No transition: the origin stays, the orientation is taken,
		// nothing else changes.
		p.CachedVelocity = physics.Vec3{}
		p.Position.Frame.Orientation = cand.Orientation
		*c = Contact{Failed: true}
		return
	}
	*c = Contact{Hits: res.Hits}
	off := dat.BlockOffset(p.Position.Cell, res.Cell)
	if dt > 0 {
		moved := res.Origin.Add(off).Sub(p.Position.Frame.Origin)
		p.CachedVelocity = moved.Scale(float32(1 / dt))
	}
	was := p.Transient.Has(physics.TransientOnWalkable)
	switch {
	case res.OnWalkable && !was:
		p.Transient |= ground
		p.Velocity = physics.Vec3{}
		c.Landed = true
	case !res.OnWalkable && was:
		p.Transient &^= physics.TransientOnWalkable
		c.Left = !launched
	}
	// The contact plane moves with the cell's landblock (N·(p'+off) + D).
	p.ContactPlaneN, p.ContactPlaneD = out.Plane.N, out.Plane.D+out.Plane.N.Dot(off)
	p.Transient &^= physics.TransientContact | physics.TransientSliding
	if out.Valid {
		p.Transient |= physics.TransientContact
	}
	if out.Sliding {
		p.Transient |= physics.TransientSliding
		p.SlidingNormal = out.SlidingNormal
	}
	for _, h := range res.Hits {
		// handle_all_collisions: what drives into a surface stops there.
		if vn := p.Velocity.Dot(h.Normal); vn < 0 {
			p.Velocity = p.Velocity.Sub(h.Normal.Scale(vn))
		}
	}
	p.Transient &^= stationary
	if out.StationaryFall != 0 { // (one test for the common case)
		switch out.StationaryFall {
		case 1:
			p.Transient |= physics.TransientStationaryFall
		case 2:
			p.Velocity = physics.Vec3{}
			p.Transient |= physics.TransientStationaryStop
		case 3:
			p.Velocity = physics.Vec3{}
		}
	}
	cand.Origin = res.Origin
	SetPositionTransition(v, physics.Position{Cell: res.Cell, Frame: *cand})
}

// stationaryFall is the transition's FramesStationaryFall for an
// object's three stationary flags (Transient's bits 4 to 6 as an index):
// Stuck 3, else Stop 2, else Fall 1, else 0.
var stationaryFall = [8]uint8{0, 1, 2, 2, 3, 3, 3, 3}

// stationaryFallOf is stationaryFall's entry for t's stationary flags.
func stationaryFallOf(t physics.Transient) uint8 {
	return stationaryFall[t/physics.TransientStationaryFall&7]
}

// Place is the placement of CPhysicsObj::SetPosition (enter_world and
// SetPositionSimple; CheckPositionInternal → Transition::
// FindPlacementPosition) for an object with spheres put at pos: the
// position pushed out of the terrain and indoor walls, then, when it
// still overlaps something and slide is set, moved to the nearest free
// spot within 4 units (collision.Resolver.Place), and stepped down onto
// ground within its step-down height. It returns the position to take
// and whether a placement was found; without spheres, a resolver, or a
// placement it returns pos unchanged (the object stays where it was put)
// and false.
func Place(v *components.View, pos physics.Position, slide bool, r *collision.Resolver) (physics.Position, bool) {
	if r == nil || v.Phys.State.Has(physics.StateEthereal) {
		return pos, false
	}
	m := moverOf(&r.Mover, v, &pos.Frame.Orientation)
	if m == nil {
		return pos, false
	}
	res := r.Place(m, pos, slide)
	if res.Failed {
		return pos, false
	}
	pos.Cell, pos.Frame.Origin = res.Cell, res.Origin
	return pos, true
}

// SetPositionTransition is CPhysicsObj::SetPositionInternal(CTransition
// const*) after a successful transition (seed 003 §3): the object adopts
// the transition's cell id (change_cell when it differs) and its frame.
// Unlike SetPositionInternal it keeps any interpolation: the move is the
// object's own.
func SetPositionTransition(v *components.View, pos physics.Position) {
	v.Phys.Position = pos
}

// Settle keeps a walkable object on the terrain, lets one launched upward
// leave it (clearing Contact and OnWalkable so gravity acts), and lands a
// falling object with gravity when it reaches the ground: contact back,
// velocity zeroed. It reports a landing (CPhysicsObj's HitGround edge).
func Settle(p *physics.Object, cand *physics.Frame, z float32) bool {
	const ground = physics.TransientContact | physics.TransientOnWalkable
	switch {
	case p.Transient.Has(physics.TransientOnWalkable) && p.Velocity.Z > 0:
		p.Transient &^= ground
	case p.Transient.Has(physics.TransientOnWalkable):
		cand.Origin.Z = z
	case p.State.Has(physics.StateGravity) && cand.Origin.Z <= z:
		cand.Origin.Z = z
		p.Velocity = physics.Vec3{}
		p.Transient |= ground
		return true
	}
	return false
}

// AnimateStatic is animate_static_object's part-array step: the sequence
// advances by the whole elapsed time and the root turns by omega.
func AnimateStatic(v *components.View, dt float64) {
	v.Parts.Update(dt, nil)
	if p := v.Phys; !p.Omega.IsZero() {
		p.Position.Frame.Rotate(p.Omega.Scale(float32(dt)))
	}
}

// SetPositionInternal places the object hard at pos (CPhysicsObj::
// SetPositionInternal without the collision checks) and stops any
// interpolation. The caller moves attached children. What the last
// transition left is dropped as the placement transition's collision info
// would replace it (ACE PhysicsObj.SetPositionInternal(Transition)): no
// sliding normal, no stationary frames, and a contact plane rebuilt at the
// new place (the sweep's get_object_info puts one through the origin
// when in contact).
func SetPositionInternal(v *components.View, pos physics.Position) {
	p := v.Phys
	p.Position = pos
	p.Transient &^= physics.TransientSliding | physics.TransientStationaryFall |
		physics.TransientStationaryStop | physics.TransientStationaryStuck
	p.SlidingNormal = physics.Vec3{}
	p.ContactPlaneN, p.ContactPlaneD = physics.Vec3{}, 0
	if v.Position != nil {
		v.Position.StopInterpolating()
	}
}

// SetHidden is CPhysicsObj::set_hidden: hiding sets Hidden and
// CPartArray::HandleEnterWorld moves the cursor off any link, so the pose
// is then sampled, never advanced; unhiding clears the bit. The caller
// queues the typed Hide script (seed 003 §1).
func SetHidden(v *components.View, hidden bool) {
	if !hidden {
		v.Phys.State &^= physics.StateHidden
		return
	}
	v.Phys.State |= physics.StateHidden
	if v.Parts != nil {
		v.Parts.HandleEnterWorld()
	}
}
