package components

import (
	"fmt"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// View is one object's components, resolved from the ECS when a piece of
// work on the object starts (an update, an inbound message, a draw) and
// dropped when it ends: scratch, never a second home. A nil field means
// the entity lacks that component — or, after ResolveActive, that it was
// not loaded because it has nothing to do.
type View struct {
	Entity donburi.Entity

	Phys      *physics.Object
	Motion    *motion.Object
	Parts     *motion.PartArray
	Movement  *managers.MovementManager
	Position  *managers.PositionManager
	Target    *managers.TargetManager
	Detection *managers.DetectionManager
	Particle  *managers.ParticleManager
	Script    *managers.ScriptManager
	Hooks     *PhysicsHookList
	Pres      *PresentationData
	Look      *AppearanceData
	// Name is the archetype name (full resolves only).
	Name string
	// Static marks a member of static_animating_objects.
	Static bool
}

// get returns e's component c, or nil when the entity lacks it.
func get[T any](l layout, e *donburi.Entry, c *donburi.ComponentType[T]) *T {
	if !l.HasComponent(c) {
		return nil
	}
	return c.Get(e)
}

type layout interface {
	HasComponent(c donburi.IComponentType) bool
}

// Resolve fills v with all of e's components from w; it reports false (and
// leaves v zero) when e is not a live entity. It wakes nothing: code that
// gives a manager work through the view wakes it (Wake, the Add
// functions), or resolves through systems.World.Object, which wakes them
// all.
func (v *View) Resolve(w donburi.World, e donburi.Entity) bool {
	if !w.Valid(e) {
		*v = View{}
		return false
	}
	v.resolve(w.Entry(e))
	return true
}

// ResolveActive fills v for one update of entity e, whose physics state
// p and part array parts (nil for none) the caller already holds
// (Columns): the part array always, the motion object only
// when animation hooks wait, each manager only when its work bit is set
// (everything present when all is true — tracing shows every stage),
// presentation and appearance not at all, and Static left false (the
// schedules know which list the object came from). The rest stay nil
// until Complete. The entry is looked up (c.Entry) only when a manager
// or the motion object is to be loaded.
func (v *View) ResolveActive(c *Columns, e donburi.Entity, p *physics.Object, parts *motion.PartArray, all bool) {
	*v = View{Entity: e, Phys: p, Parts: parts}
	if p.Work != 0 || all { // the common case, every manager asleep, inlines to the line above
		v.resolveWork(c, all)
	}
}

// resolveWork is ResolveActive's loading of the managers with work (all
// of them when all is true), from the view entity's entry.
func (v *View) resolveWork(c *Columns, all bool) {
	entry := c.Entry(v.Entity)
	work := v.Phys.Work
	if all {
		work = physics.WorkAll
	}
	l := entry.Archetype().Layout()
	if work&physics.WorkAnimHooks != 0 {
		v.Motion = Motion.Get(entry)
	}
	if work&physics.WorkPosition != 0 {
		v.Position = get(l, entry, PositionManager)
	}
	if work&physics.WorkTarget != 0 {
		v.Target = get(l, entry, TargetManager)
	}
	if work&physics.WorkDetection != 0 {
		v.Detection = get(l, entry, DetectionManager)
	}
	if work&physics.WorkMovement != 0 {
		v.Movement = get(l, entry, MovementManager)
	}
	if work&physics.WorkParticle != 0 {
		v.Particle = get(l, entry, ParticleManager)
	}
	if work&physics.WorkScript != 0 {
		v.Script = get(l, entry, ScriptManager)
	}
	if work&physics.WorkHooks != 0 {
		v.Hooks = get(l, entry, PhysicsHooks)
	}
}

// Complete resolves every component ResolveActive left out, for work that
// may touch any of them (an executed hook).
func (v *View) Complete(w donburi.World) {
	if v.Look != nil {
		return // already whole: every object has an Appearance
	}
	v.resolve(w.Entry(v.Entity))
}

// LoadMotion fills v.Motion from the ECS when ResolveActive left it out.
func (v *View) LoadMotion(w donburi.World) *motion.Object {
	if v.Motion == nil {
		v.Motion = Motion.Get(w.Entry(v.Entity))
	}
	return v.Motion
}

// Sleep clears the work bit of every resolved manager that has nothing to
// do, so the next updates skip loading it. Skipping is exact: an idle
// manager's stage would change nothing.
func (v *View) Sleep() {
	if v.Phys.Work != 0 { // nothing loaded was awake otherwise: inlines to this test
		v.sleep()
	}
}

func (v *View) sleep() {
	work := v.Phys.Work
	idle := func(bit physics.Work, busy bool) {
		if !busy {
			work &^= bit
		}
	}
	if v.Position != nil {
		idle(physics.WorkPosition, v.Position.HasWork())
	}
	if v.Target != nil {
		idle(physics.WorkTarget, v.Target.HasWork())
	}
	if v.Detection != nil {
		idle(physics.WorkDetection, v.Detection.HasWork())
	}
	if v.Movement != nil {
		idle(physics.WorkMovement, v.Movement.HasWork())
	}
	if v.Particle != nil {
		idle(physics.WorkParticle, v.Particle.HasWork())
	}
	if v.Script != nil {
		idle(physics.WorkScript, v.Script.HasWork())
	}
	if v.Hooks != nil {
		idle(physics.WorkHooks, len(v.Hooks.Hooks) > 0)
	}
	if v.Motion != nil {
		idle(physics.WorkAnimHooks, len(v.Motion.AnimHooks) > 0)
	}
	v.Phys.Work = work
}

// Wake marks managers as having work, so the next update loads them.
func (v *View) Wake(bits physics.Work) { v.Phys.Work |= bits }

func (v *View) resolve(entry *donburi.Entry) {
	l := entry.Archetype().Layout()
	*v = View{
		Phys:      get(l, entry, PhysicsObj),
		Motion:    get(l, entry, Motion),
		Parts:     get(l, entry, PartArray),
		Movement:  get(l, entry, MovementManager),
		Position:  get(l, entry, PositionManager),
		Target:    get(l, entry, TargetManager),
		Detection: get(l, entry, DetectionManager),
		Particle:  get(l, entry, ParticleManager),
		Script:    get(l, entry, ScriptManager),
		Hooks:     get(l, entry, PhysicsHooks),
		Pres:      get(l, entry, Presentation),
		Look:      get(l, entry, Appearance),
		Entity:    entry.Entity(),
		Name:      Name.GetValue(entry),
		Static:    l.HasComponent(StaticAnimating),
	}
}

// Resolve returns a fresh View of e, or nil when e is not alive.
func Resolve(w donburi.World, e donburi.Entity) *View {
	v := &View{}
	if !v.Resolve(w, e) {
		return nil
	}
	return v
}

// GUID is the object's guid.
func (v *View) GUID() uint32 { return v.Phys.GUID }

// addComponent adds c to v's entity (when missing) and returns it.
func addComponent[T any](w donburi.World, e donburi.Entity, c *donburi.ComponentType[T]) (*T, bool) {
	entry := w.Entry(e)
	if entry.HasComponent(c) {
		return c.Get(entry), false
	}
	entry.AddComponent(c)
	return c.Get(entry), true
}

// AddMovementManager gives the object its MovementManager on first use
// (CPhysicsObj::get_minterp / unpack_movement create it lazily) and
// records it in v.
func AddMovementManager(w donburi.World, v *View) *managers.MovementManager {
	if v.Movement == nil {
		mm, fresh := addComponent(w, v.Entity, MovementManager)
		if fresh {
			mm.Init(v.Motion)
		}
		v.Movement = mm
	}
	v.Wake(physics.WorkMovement)
	return v.Movement
}

// LoadMovement fills v.Movement from the ECS when the entity has a
// MovementManager that ResolveActive left asleep; it adds none.
func (v *View) LoadMovement(w donburi.World) *managers.MovementManager {
	if v.Movement == nil {
		entry := w.Entry(v.Entity)
		if entry.HasComponent(MovementManager) {
			v.Movement = MovementManager.Get(entry)
		}
	}
	return v.Movement
}

// AddScriptManager gives the object its ScriptManager on first use.
func AddScriptManager(w donburi.World, v *View) *managers.ScriptManager {
	if v.Script == nil {
		v.Script, _ = addComponent(w, v.Entity, ScriptManager)
	}
	v.Wake(physics.WorkScript)
	return v.Script
}

// AddParticleManager gives the object its ParticleManager on first use.
func AddParticleManager(w donburi.World, v *View) *managers.ParticleManager {
	if v.Particle == nil {
		v.Particle, _ = addComponent(w, v.Entity, ParticleManager)
	}
	v.Wake(physics.WorkParticle)
	return v.Particle
}

// Verify checks that every retail link inside e's components points at
// e's own components (the one-owner rule): the motion object's physics
// state, part array and movement manager, the part array's hook sink and
// table owner, the movement manager's object, the interpreter's body and
// the MoveToManager's mover. An error names the first link that disagrees.
func Verify(w donburi.World, e donburi.Entity) error {
	v := Resolve(w, e)
	if v == nil {
		return fmt.Errorf("components: entity %v is not alive", e)
	}
	if v.Phys == nil || v.Motion == nil {
		return fmt.Errorf("components: entity %v lacks PhysicsObj or Motion", e)
	}
	bad := func(link string) error {
		return fmt.Errorf("components: object 0x%08X: %s does not point at the entity's component", v.Phys.GUID, link)
	}
	m := v.Motion
	if m.Phys != v.Phys {
		return bad("Motion.Phys")
	}
	if m.Parts != v.Parts {
		return bad("Motion.Parts")
	}
	if v.Movement == nil && m.Movement != nil || v.Movement != nil && m.Movement != motion.Movement(v.Movement) {
		return bad("Motion.Movement")
	}
	if pa := v.Parts; pa != nil {
		if pa.Sequence.Hooks != motion.HookSink(m) {
			return bad("PartArray.Sequence.Hooks")
		}
		if pa.Manager != nil && pa.Manager.Owner != motion.MotionDoneSink(m) {
			return bad("PartArray.Manager.Owner")
		}
	}
	if mm := v.Movement; mm != nil {
		if mm.Object() != m {
			return bad("MovementManager.Object")
		}
		if mm.Interp != nil && mm.Interp.Body != motion.Body(m) {
			return bad("MovementManager.Interp.Body")
		}
		if mm.MoveTo != nil {
			if mt, ok := mm.MoveTo.World.(*managers.ObjectMoveTo); ok && mt.Obj != m {
				return bad("MovementManager.MoveTo.World.Obj")
			}
		}
	}
	return nil
}
