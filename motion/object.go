package motion

import (
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Object is the motion-facing half of CPhysicsObj: it collects fired
// animation hooks and bridges MotionTableManager completions into the
// MovementManager (CPhysicsObj::MotionDone → MovementManager::MotionDone →
// CMotionInterp::MotionDone). It implements Body and HookSink.
//
// Phys, Parts and Movement are retail's own links (CPhysicsObj's
// part_array and movement_manager members): they point at the object's
// components, never at copies, and components.Verify checks that they do.
type Object struct {
	Parts    *PartArray
	Movement Movement

	// Phys is the physical state (state bits, cell, frame, velocity).
	Phys *physics.Object
	// WeenieObj is the game object; nil for a bare physics object.
	WeenieObj Weenie

	// AnimHooks are the hooks fired since the last ProcessHooks, in order.
	AnimHooks []*dat.AnimHook

	// Obs, when set, observes captured hooks, queued and completed motions
	// (the world's trace).
	Obs Observer
}

// Movement is the object's MovementManager as the animation machine
// reaches it (CPhysicsObj's movement_manager: managers.MovementManager):
// the interpreter it owns, and the completions and MoveTo cancels routed
// through it.
type Movement interface {
	// CurrentInterp is the interpreter, nil until MakeInterp.
	CurrentInterp() *Interp
	// MakeInterp returns the interpreter, creating it in its default
	// state on first use (MovementManager::get_minterp).
	MakeInterp() *Interp
	// MotionDone hands a completed motion to the interpreter
	// (MovementManager::MotionDone).
	MotionDone(success bool)
	// CancelMoveTo ends a MoveTo in progress (MovementManager::CancelMoveTo).
	CancelMoveTo(err WeenieError)
}

// bareMovement is the movement link of an object outside the ECS (a bare
// object of this package's own tests, a tool): it owns the interpreter
// and nothing else, since only a MovementManager (package managers) runs
// MoveTos.
type bareMovement struct {
	obj    *Object
	interp *Interp
}

func (b *bareMovement) CurrentInterp() *Interp { return b.interp }

func (b *bareMovement) MakeInterp() *Interp {
	if b.interp == nil {
		in := NewInterp(b.obj)
		b.interp = &in
		b.interp.EnterDefaultState()
	}
	return b.interp
}

func (b *bareMovement) MotionDone(success bool) {
	if b.interp != nil {
		b.interp.MotionDone(success)
	}
}

func (b *bareMovement) CancelMoveTo(WeenieError) {}

// Observer watches one object's animation machine; guid names the object.
type Observer interface {
	HookCaptured(guid uint32, h *dat.AnimHook)
	MotionQueued(guid, motion, numAnims uint32)
	MotionCompleted(guid, motion uint32, success bool)
}

// NewObject returns an object over phys and pa (which may be nil) with its
// hooks and completions wired.
func NewObject(phys *physics.Object, pa *PartArray) *Object {
	o := &Object{}
	o.Init(phys, pa)
	return o
}

// Init sets up an object in place.
func (o *Object) Init(phys *physics.Object, pa *PartArray) {
	*o = Object{Parts: pa, Phys: phys}
	if pa != nil {
		pa.Sequence.Hooks = o
		if pa.Manager != nil {
			pa.Manager.Owner = o
		}
	}
}

// Interp returns the interpreter, nil when the object has none yet.
func (o *Object) Interp() *Interp {
	if o.Movement == nil {
		return nil
	}
	return o.Movement.CurrentInterp()
}

// MakeInterp creates the interpreter and enters its default state, as
// MovementManager::move_to_interpreted_state does on first use. A bare
// object (outside the ECS, without a MovementManager) gets a movement
// link of its own first that owns only the interpreter.
func (o *Object) MakeInterp() *Interp {
	if o.Movement == nil {
		o.Movement = &bareMovement{obj: o}
	}
	return o.Movement.MakeInterp()
}

// AddAnimHook appends a fired hook (CPhysicsObj::add_anim_hook).
// It marks the object's physics state so the next process_hooks loads
// this object to drain it.
func (o *Object) AddAnimHook(h *dat.AnimHook) {
	o.AnimHooks = append(o.AnimHooks, h)
	o.Phys.Work |= physics.WorkAnimHooks
}

// ProcessHooks drains the animation hooks with a live bound, so a hook
// appended during the drain runs in it (CPhysicsObj::process_hooks). An
// AnimDone hook acts now (Hook_AnimDone); every other hook is handed to
// deferred, in order, for the caller to run after the pose is published
// (divergence TS-50). deferred may be nil.
func (o *Object) ProcessHooks(deferred func(*dat.AnimHook)) {
	for i := 0; i < len(o.AnimHooks); i++ {
		h := o.AnimHooks[i]
		if o.Obs != nil {
			o.Obs.HookCaptured(o.Phys.GUID, h)
		}
		if h.Type == dat.HookAnimationDone {
			o.HookAnimDone()
		} else if deferred != nil {
			deferred(h)
		}
	}
	clear(o.AnimHooks)
	o.AnimHooks = o.AnimHooks[:0]
}

// HookAnimDone is CPhysicsObj::Hook_AnimDone: one animation completion.
func (o *Object) HookAnimDone() {
	if o.Parts != nil {
		o.Parts.AnimationDone(true)
	}
}

// MotionDone is CPhysicsObj::MotionDone (0x0050FDB0).
func (o *Object) MotionDone(motion uint32, success bool) {
	if o.Obs != nil {
		o.Obs.MotionCompleted(o.Phys.GUID, motion, success)
	}
	if o.Movement != nil {
		o.Movement.MotionDone(success)
	}
}

// MotionQueued observes an entry added to pending_animations.
func (o *Object) MotionQueued(motion, numAnims uint32) {
	if o.Obs != nil {
		o.Obs.MotionQueued(o.Phys.GUID, motion, numAnims)
	}
}

// DoInterpretedMotion forwards to the part array (CPhysicsObj::DoInterpretedMotion).
func (o *Object) DoInterpretedMotion(motion uint32, p Params) WeenieError {
	if o.Parts == nil {
		return ErrGeneralMovementFailure
	}
	return o.Parts.DoInterpretedMotion(motion, p)
}

// StopInterpretedMotion forwards to the part array.
func (o *Object) StopInterpretedMotion(motion uint32, p Params) WeenieError {
	if o.Parts == nil {
		return ErrGeneralMovementFailure
	}
	return o.Parts.StopInterpretedMotion(motion, p)
}

// StopCompletelyInternal forwards to the part array.
func (o *Object) StopCompletelyInternal() WeenieError {
	if o.Parts == nil {
		return ErrGeneralMovementFailure
	}
	return o.Parts.StopCompletelyInternal()
}

// RemoveLinkAnimations is CPhysicsObj::RemoveLinkAnimations
// (→ CPartArray::HandleEnterWorld).
func (o *Object) RemoveLinkAnimations() {
	if o.Parts != nil {
		o.Parts.HandleEnterWorld()
	}
}

// CheckForCompletedMotions forwards to the part array.
func (o *Object) CheckForCompletedMotions() {
	if o.Parts != nil {
		o.Parts.CheckForCompletedMotions()
	}
}

// InitializeMotionTables forwards to the part array.
func (o *Object) InitializeMotionTables() {
	if o.Parts != nil {
		o.Parts.InitializeMotionTables()
	}
}

// InterruptCurrentMovement cancels a MoveTo in progress with
// ActionCancelled (CPhysicsObj::interrupt_current_movement →
// MovementManager::CancelMoveTo).
func (o *Object) InterruptCurrentMovement() {
	if o.Movement != nil {
		o.Movement.CancelMoveTo(ErrActionCancelled)
	}
}

// UnstickFromObject releases a sticky target (no PositionManager here).
func (o *Object) UnstickFromObject() {}

// SetLocalVelocity sets the velocity from a vector in the object's space.
func (o *Object) SetLocalVelocity(v physics.Vec3) {
	o.Phys.Velocity = o.Phys.Position.Frame.LocalToGlobalVec(v)
}

// InCell reports whether the object has a cell.
func (o *Object) InCell() bool { return o.Phys.Position.Cell != 0 }

// MovementIsAutonomous is last_move_was_autonomous.
func (o *Object) MovementIsAutonomous() bool { return o.Phys.Autonomous }

// PhysicsState returns the PhysicsState bits.
func (o *Object) PhysicsState() physics.State { return o.Phys.State }

// TransientState returns the TransientState bits.
func (o *Object) TransientState() physics.Transient { return o.Phys.Transient }

// Weenie returns the game object, or nil.
func (o *Object) Weenie() Weenie { return o.WeenieObj }

// EnterWorld is the tail of CPhysicsObj::enter_world that the animation
// machine sees: the cell is set and CPartArray::HandleEnterWorld strips
// description-time links and drains the queue (seed 002).
func (o *Object) EnterWorld(cell uint32) {
	o.Phys.Position.Cell = cell
	if o.Parts != nil {
		o.Parts.HandleEnterWorld()
	}
}
