package managers

import "github.com/dereth/dereth/motion"

// MovementManager is the retail MovementManager: it owns the motion
// interpreter (CMotionInterp) and the MoveToManager and fans the physics
// object's movement events out to both. Both are created on first use, as
// retail does: the interpreter by the first motion (get_minterp /
// move_to_interpreted_state), the MoveToManager by the first MovementData of
// type 6–9.
type MovementManager struct {
	// Interp is the motion interpreter, nil until MakeInterp.
	Interp *motion.Interp
	// MoveTo is the MoveToManager, nil until SetMoveTo.
	MoveTo *MoveToManager

	obj    *motion.Object
	interp motion.Interp // Interp's storage
}

// Init binds the manager to its physics object in place
// (MovementManager::Create); the object's movement link points back here.
func (mm *MovementManager) Init(o *motion.Object) {
	*mm = MovementManager{obj: o}
	if o != nil {
		o.Movement = mm
	}
}

// Object returns the physics object the manager belongs to.
func (mm *MovementManager) Object() *motion.Object { return mm.obj }

// CurrentInterp is the interpreter, nil until MakeInterp (motion.Movement).
func (mm *MovementManager) CurrentInterp() *motion.Interp { return mm.Interp }

// MakeInterp returns the interpreter, creating it in its default state on
// first use (MovementManager::get_minterp → CMotionInterp::Create,
// enter_default_state).
func (mm *MovementManager) MakeInterp() *motion.Interp {
	if mm.Interp == nil {
		mm.interp = motion.NewInterp(mm.obj)
		mm.Interp = &mm.interp
		mm.Interp.EnterDefaultState()
	}
	return mm.Interp
}

// SetMoveTo installs the MoveToManager (made on the first MoveTo).
func (mm *MovementManager) SetMoveTo(m *MoveToManager) { mm.MoveTo = m }

// MoveToInterpretedState is unpack_movement's type-0 branch: the wire's
// interpreted state goes to the interpreter, which is created if needed.
func (mm *MovementManager) MoveToInterpretedState(s *motion.InterpretedState) bool {
	return mm.MakeInterp().MoveToInterpretedState(s)
}

// PerformMovement routes a movement command (MovementManager::
// PerformMovement): raw, interpreted and stop commands go to the
// interpreter; the MoveTo types are issued through the MoveToManager's own
// entry points (MoveToObject, MoveToPosition, TurnToObject, TurnToHeading).
func (mm *MovementManager) PerformMovement(t motion.MovementType, mot uint32, p *motion.Params) motion.WeenieError {
	switch t {
	case motion.MovementRawCommand, motion.MovementInterpretedCommand, motion.MovementStopRawCommand,
		motion.MovementStopInterpretedCommand, motion.MovementStopCompletely:
		return mm.MakeInterp().PerformMovement(t, mot, p)
	}
	return motion.ErrGeneralMovementFailure
}

// HitGround tells both the interpreter and the MoveToManager that the
// object landed (MovementManager::HitGround).
func (mm *MovementManager) HitGround() {
	if mm.Interp != nil {
		mm.Interp.HitGround()
	}
	if mm.MoveTo != nil {
		mm.MoveTo.HitGround()
	}
}

// LeaveGround tells the interpreter the object left the ground
// (MovementManager::LeaveGround; the MoveToManager has no LeaveGround and
// waits for HitGround).
func (mm *MovementManager) LeaveGround() {
	if mm.Interp != nil {
		mm.Interp.LeaveGround()
	}
}

// UseTime is the per-tick driver (MovementManager::UseTime): the
// MoveToManager steers its legs.
func (mm *MovementManager) UseTime() {
	if mm.MoveTo != nil {
		mm.MoveTo.UseTime()
	}
}

// HasWork reports whether UseTime would do anything: only a MoveToManager
// with a move in progress or legs queued does.
func (mm *MovementManager) HasWork() bool {
	return mm.MoveTo != nil && (mm.MoveTo.IsMovingTo() || len(mm.MoveTo.Pending) > 0)
}

// MotionDone hands a completed motion to the interpreter's queue
// (MovementManager::MotionDone).
func (mm *MovementManager) MotionDone(success bool) {
	if mm.Interp != nil {
		mm.Interp.MotionDone(success)
	}
}

// CancelMoveTo ends a MoveTo in progress with err
// (MovementManager::CancelMoveTo).
func (mm *MovementManager) CancelMoveTo(err motion.WeenieError) {
	if mm.MoveTo != nil {
		mm.MoveTo.CancelMoveTo(err)
	}
}

// HandleExitWorld drops the interpreter's pending motions
// (MovementManager::HandleExitWorld).
func (mm *MovementManager) HandleExitWorld() {
	if mm.Interp != nil {
		mm.Interp.HandleExitWorld()
	}
}
