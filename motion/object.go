package motion

import (
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Object is the motion-facing half of CPhysicsObj: it owns the PartArray
// and the interpreter, collects fired animation hooks, and bridges
// MotionTableManager completions into the interpreter's queue
// (CPhysicsObj::MotionDone → MovementManager::MotionDone →
// CMotionInterp::MotionDone). It implements Body and HookSink.
type Object struct {
	Parts  *PartArray
	Interp *Interp

	// Phys is the physical state (state bits, cell, frame, velocity).
	Phys *physics.Object
	// WeenieObj is the game object; nil for a bare physics object.
	WeenieObj Weenie

	// AnimHooks are the hooks fired since the last ProcessHooks, in order.
	AnimHooks []*dat.AnimHook

	// OnMotionDone, when set, observes every completed motion (traces).
	OnMotionDone func(motion uint32, success bool)
	// OnHook, when set, observes every hook process_hooks captures.
	OnHook func(h *dat.AnimHook)
	// OnInterrupt, when set, is called for InterruptCurrentMovement (the
	// MoveToManager's cancel).
	OnInterrupt func()

	interp Interp // Interp's storage
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

// MakeInterp creates the interpreter and enters its default state, as
// MovementManager::move_to_interpreted_state does on first use.
func (o *Object) MakeInterp() *Interp {
	if o.Interp == nil {
		o.interp = newInterp(o)
		o.Interp = &o.interp
		o.Interp.EnterDefaultState()
	}
	return o.Interp
}

// AddAnimHook appends a fired hook (CPhysicsObj::add_anim_hook).
func (o *Object) AddAnimHook(h *dat.AnimHook) { o.AnimHooks = append(o.AnimHooks, h) }

// ProcessHooks drains the animation hooks with a live bound, so a hook
// appended during the drain runs in it (CPhysicsObj::process_hooks). An
// AnimDone hook acts now (Hook_AnimDone); every other hook is handed to
// deferred, in order, for the caller to run after the pose is published
// (divergence TS-50). deferred may be nil.
func (o *Object) ProcessHooks(deferred func(*dat.AnimHook)) {
	for i := 0; i < len(o.AnimHooks); i++ {
		h := o.AnimHooks[i]
		if o.OnHook != nil {
			o.OnHook(h)
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
	if o.OnMotionDone != nil {
		o.OnMotionDone(motion, success)
	}
	if o.Interp != nil {
		o.Interp.MotionDone(success)
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

// InterruptCurrentMovement cancels a MoveTo in progress.
func (o *Object) InterruptCurrentMovement() {
	if o.OnInterrupt != nil {
		o.OnInterrupt()
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
