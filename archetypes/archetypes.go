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

// storage holds one object's retail state in a single allocation, so the
// schedules walk adjacent memory.
type storage struct {
	// what every tick touches, in schedule order
	obj       components.Object
	phys      physics.Object
	parts     motion.PartArray
	hooks     components.PhysicsHookList
	detection managers.DetectionManager
	target    managers.TargetManager
	movement  components.MovementManagerData
	position  managers.PositionManager
	particle  managers.ParticleManager
	script    managers.ScriptManager
	motion    motion.Object // its interpreter is touched only by commands
	pres      components.PresentationData
	look      components.AppearanceData
}

// Build is the one initializer: it creates the entity and its components,
// runs set_description, applies d.Movement while detached, then enter_world
// and CPartArray::HandleEnterWorld (strip links, drain the queue).
func Build(w donburi.World, d Desc) (*components.Object, error) {
	if d.GUID == 0 {
		return nil, fmt.Errorf("archetypes: object needs a guid")
	}
	if d.Cell == 0 && d.Parent == 0 {
		return nil, fmt.Errorf("archetypes: object 0x%08X needs a cell or a parent", d.GUID)
	}
	st := &storage{}
	o := &st.obj
	o.Name, o.Static = d.Archetype, d.Static
	o.Entity = w.Create(components.PhysicsObj, components.Motion, components.Name)
	entry := w.Entry(o.Entity)
	components.Name.SetValue(entry, d.Archetype)

	// set_description (detached: cell 0 until enter_world)
	p := &st.phys
	*p = physics.Object{GUID: d.GUID, Scale: 1}
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
	o.Phys = p
	components.PhysicsObj.SetValue(entry, p)

	if d.Setup != nil {
		o.Parts = &st.parts
		o.Parts.Init(d.Setup, d.MotionTable, d.Anims)
		o.Parts.Scale = p.ScaleVec()
		o.Parts.InitDefaults()
		if d.Setup.DefaultAnimation != 0 {
			p.State |= physics.StateHasDefaultAnim
		}
		if d.Setup.DefaultScript != 0 {
			p.State |= physics.StateHasDefaultScript
		}
		components.Set(w, o.Entity, components.PartArray, o.Parts)
		o.Pres = &st.pres
		components.Set(w, o.Entity, components.Presentation, o.Pres)
	}
	o.Motion = &st.motion
	o.Motion.Init(p, o.Parts)
	o.Motion.WeenieObj = d.Weenie
	components.Motion.SetValue(entry, o.Motion)
	addManagers(w, st, d.Managers)
	o.Look = d.Look
	if o.Look == nil {
		o.Look = &st.look
	}
	components.Set(w, o.Entity, components.Appearance, o.Look)

	// apply MovementData while detached
	if o.Movement != nil || d.Movement != nil {
		if o.Movement == nil {
			o.Movement = &st.movement
			components.Set(w, o.Entity, components.MovementManager, o.Movement)
		}
		o.Movement.Interp = o.Motion.MakeInterp()
		if d.Movement != nil {
			o.Movement.Interp.MoveToInterpretedState(d.Movement)
			o.Movement.Interp.StandingLongJump = d.StandingLongJump
		}
	}

	// enter_world → HandleEnterWorld
	if !d.Inactive {
		p.Transient |= physics.TransientActive
	}
	o.Motion.EnterWorld(d.Cell)
	if o.Parts != nil {
		o.Parts.UpdateParts()
	}
	return o, nil
}

func addManagers(w donburi.World, st *storage, m Managers) {
	o := &st.obj
	if m&WithMovement != 0 {
		o.Movement = &st.movement
		components.Set(w, o.Entity, components.MovementManager, o.Movement)
	}
	if m&WithPosition != 0 {
		st.position = *managers.NewPositionManager()
		o.Position = &st.position
		components.Set(w, o.Entity, components.PositionManager, o.Position)
	}
	if m&WithTarget != 0 {
		o.Target = &st.target
		components.Set(w, o.Entity, components.TargetManager, o.Target)
	}
	if m&WithDetection != 0 {
		st.detection.Radius = 10
		o.Detection = &st.detection
		components.Set(w, o.Entity, components.DetectionManager, o.Detection)
	}
	if m&WithParticle != 0 {
		o.Particle = &st.particle
		components.Set(w, o.Entity, components.ParticleManager, o.Particle)
	}
	if m&WithScript != 0 {
		o.Script = &st.script
		components.Set(w, o.Entity, components.ScriptManager, o.Script)
	}
	if m&WithPhysicsHooks != 0 {
		o.Hooks = &st.hooks
		components.Set(w, o.Entity, components.PhysicsHooks, o.Hooks)
	}
}
