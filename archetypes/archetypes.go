// Package archetypes holds dereth's entity templates and the one spawn
// initializer every object goes through (seed 002's CreateObject
// enter-world invariant): set_description, apply MovementData while
// detached, enter_world, HandleEnterWorld. It is keyed by data — a corpse
// and a door differ only in the motion they carry — never by name or type.
package archetypes

import (
	"fmt"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// Managers is the set of per-object managers an object carries.
type Managers uint32

// The managers.
const (
	WithMovement Managers = 1 << iota
	WithPosition
	WithTarget
	WithDetection
	WithParticle
	WithScript
	WithPhysicsHooks
	WithAll = WithMovement | WithPosition | WithTarget | WithDetection | WithParticle | WithScript | WithPhysicsHooks
)

// Desc describes one object to create: what CreateObject carries, in the
// engine's types.
type Desc struct {
	GUID uint32
	// Archetype is the template name (for display); it changes no behaviour.
	Archetype string
	Cell      uint32
	Frame     physics.Frame
	State     physics.State
	// Transient are extra transient bits (Contact, OnWalkable); Active is
	// set by enter_world unless Inactive.
	Transient physics.Transient
	Inactive  bool
	Scale     float32

	Setup       *dat.Setup
	MotionTable *dat.MotionTable
	Anims       motion.AnimationSource

	Managers Managers
	// Static puts the object in static_animating_objects.
	Static bool
	// Movement is the wire MovementData's interpreted state, applied while
	// the object is still detached; nil for none.
	Movement     *motion.InterpretedState
	Autonomous   bool
	Weenie       motion.Weenie
	Velocity     physics.Vec3
	Omega        physics.Vec3
	Acceleration physics.Vec3
	// Parent attaches the object to another (an equipped item): such an
	// object may have no cell of its own.
	Parent      uint32
	ParentFrame physics.Frame
	// UpdateTimes are the wire sequence stamps CreateObject carried.
	UpdateTimes [9]uint16
	// ScriptTable is the PhysicsScriptTable id (0: none).
	ScriptTable uint32
	// StandingLongJump and Sticky come with a type-0 MovementData.
	StandingLongJump bool
	Look             *components.AppearanceData
}

// Templates are the named starting points scripts spawn from; every field
// can be overridden.
var Templates = map[string]Desc{
	"creature": {State: physics.StateGravity | physics.StateReportCollisions,
		Transient: physics.TransientContact | physics.TransientOnWalkable,
		Managers:  WithMovement | WithPosition | WithTarget | WithParticle | WithScript | WithPhysicsHooks},
	"player": {State: physics.StateGravity | physics.StateReportCollisions,
		Transient: physics.TransientContact | physics.TransientOnWalkable, Autonomous: true,
		Managers: WithMovement | WithPosition | WithTarget | WithParticle | WithScript | WithPhysicsHooks},
	"door":   {State: physics.StateReportCollisions, Managers: WithMovement | WithParticle | WithScript | WithPhysicsHooks},
	"corpse": {State: physics.StateReportCollisions, Managers: WithMovement | WithParticle | WithScript | WithPhysicsHooks},
	"static": {State: physics.StateStatic | physics.StateHasDefaultAnim, Static: true,
		Managers: WithParticle | WithScript | WithPhysicsHooks},
}

// FromTemplate returns the named template with its Archetype set.
func FromTemplate(name string) (Desc, error) {
	d, ok := Templates[name]
	if !ok {
		return Desc{}, fmt.Errorf("archetypes: unknown archetype %q", name)
	}
	d.Archetype = name
	return d, nil
}

// get returns e's component c as donburi stores it.
func get[T any](e *donburi.Entry, c *donburi.ComponentType[T]) *T { return c.Get(e) }

// Build is the one initializer: it creates the entity with all its
// components at once, runs set_description, applies d.Movement while
// detached, then enter_world and CPartArray::HandleEnterWorld (strip links,
// drain the queue). obs (may be nil) observes the animation machine.
func Build(w donburi.World, d Desc, obs motion.Observer) (*components.View, error) {
	if d.GUID == 0 {
		return nil, fmt.Errorf("archetypes: object needs a guid")
	}
	if d.Cell == 0 && d.Parent == 0 {
		return nil, fmt.Errorf("archetypes: object 0x%08X needs a cell or a parent", d.GUID)
	}
	m := d.Managers
	if d.Movement != nil {
		m |= WithMovement
	}
	cs := make([]donburi.IComponentType, 0, 16)
	cs = append(cs, components.PhysicsObj, components.Motion, components.Name, components.Appearance)
	if d.Setup != nil {
		cs = append(cs, components.PartArray, components.Presentation)
	}
	for _, mc := range managerComponents {
		if m&mc.bit != 0 {
			cs = append(cs, mc.c)
		}
	}
	if d.Static {
		cs = append(cs, components.StaticAnimating)
	}
	e := w.Create(cs...)
	entry := w.Entry(e)
	components.Name.SetValue(entry, d.Archetype)
	v := &components.View{Entity: e, Static: d.Static}

	// set_description (detached: cell 0 until enter_world)
	p := get(entry, components.PhysicsObj)
	*p = physics.Object{GUID: d.GUID, Scale: 1, ScriptTable: d.ScriptTable, Work: physics.WorkAll}
	p.State, p.Transient = d.State, d.Transient&^physics.TransientActive
	p.Position.Frame = d.Frame
	if p.Position.Frame.Orientation == (physics.Quat{}) {
		p.Position.Frame.Orientation = physics.IdentityQuat
	}
	if d.Scale > 0 {
		p.Scale = d.Scale
	}
	p.Autonomous, p.Velocity, p.Omega, p.Acceleration = d.Autonomous, d.Velocity, d.Omega, d.Acceleration
	p.Parent, p.ParentFrame, p.UpdateTimes = d.Parent, d.ParentFrame, d.UpdateTimes
	v.Phys = p

	if d.Setup != nil {
		v.Parts = get(entry, components.PartArray)
		v.Parts.Init(d.Setup, d.MotionTable, d.Anims)
		v.Parts.Scale = p.ScaleVec()
		v.Parts.InitDefaults()
		if d.Setup.DefaultAnimation != 0 {
			p.State |= physics.StateHasDefaultAnim
		}
		if d.Setup.DefaultScript != 0 {
			p.State |= physics.StateHasDefaultScript
		}
		v.Pres = get(entry, components.Presentation)
	}
	v.Motion = get(entry, components.Motion)
	v.Motion.Init(p, v.Parts)
	v.Motion.WeenieObj = d.Weenie
	v.Motion.Obs = obs
	v.Look = get(entry, components.Appearance)
	if d.Look != nil {
		*v.Look = *d.Look
	}
	addManagers(entry, v, m)

	// apply MovementData while detached
	if v.Movement != nil {
		in := v.Movement.MakeInterp()
		if d.Movement != nil {
			in.MoveToInterpretedState(d.Movement)
			in.StandingLongJump = d.StandingLongJump
		}
	}

	// enter_world → HandleEnterWorld
	if !d.Inactive {
		p.Transient |= physics.TransientActive
	}
	v.Motion.EnterWorld(d.Cell)
	if v.Parts != nil {
		v.Parts.UpdateParts()
	}
	return v, nil
}

// managerComponents maps each Managers bit to its component.
var managerComponents = []struct {
	bit Managers
	c   donburi.IComponentType
}{
	{WithMovement, components.MovementManager},
	{WithPosition, components.PositionManager},
	{WithTarget, components.TargetManager},
	{WithDetection, components.DetectionManager},
	{WithParticle, components.ParticleManager},
	{WithScript, components.ScriptManager},
	{WithPhysicsHooks, components.PhysicsHooks},
}

// addManagers initialises the entity's manager components.
func addManagers(e *donburi.Entry, v *components.View, m Managers) {
	if m&WithMovement != 0 {
		v.Movement = get(e, components.MovementManager)
		v.Movement.Init(v.Motion)
	}
	if m&WithPosition != 0 {
		v.Position = get(e, components.PositionManager)
		*v.Position = *managers.NewPositionManager()
	}
	if m&WithTarget != 0 {
		v.Target = get(e, components.TargetManager)
	}
	if m&WithDetection != 0 {
		v.Detection = get(e, components.DetectionManager)
		v.Detection.Radius = 10
	}
	if m&WithParticle != 0 {
		v.Particle = get(e, components.ParticleManager)
	}
	if m&WithScript != 0 {
		v.Script = get(e, components.ScriptManager)
	}
	if m&WithPhysicsHooks != 0 {
		v.Hooks = get(e, components.PhysicsHooks)
	}
}
