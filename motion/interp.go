package motion

import (
	"github.com/dereth/dereth/physics"
)

// Weenie is the game-object side the interpreter consults (WeenieObject).
type Weenie interface {
	IsCreature() bool
	IsThePlayer() bool
	// InqRunRate returns the run rate, or false when the weenie has none.
	InqRunRate() (float32, bool)
}

// Body is the CPhysicsObj side of the interpreter: where its commands go
// (through CPartArray to the MotionTableManager) and the physics facts it
// gates on. Object is the standard implementation.
type Body interface {
	DoInterpretedMotion(motion uint32, p Params) WeenieError
	StopInterpretedMotion(motion uint32, p Params) WeenieError
	StopCompletelyInternal() WeenieError
	// RemoveLinkAnimations is CPhysicsObj::RemoveLinkAnimations
	// (→ CPartArray::HandleEnterWorld).
	RemoveLinkAnimations()
	CheckForCompletedMotions()
	InitializeMotionTables()
	// InterruptCurrentMovement cancels a MoveTo in progress.
	InterruptCurrentMovement()
	UnstickFromObject()
	SetLocalVelocity(v physics.Vec3)
	// InCell reports whether the object has a cell (cell != 0).
	InCell() bool
	// MovementIsAutonomous is last_move_was_autonomous.
	MovementIsAutonomous() bool
	PhysicsState() physics.State
	TransientState() physics.Transient
	Weenie() Weenie
}

// MotionNode is one pending_motions entry of the interpreter.
type MotionNode struct {
	ContextID uint32
	Motion    uint32
	JumpError WeenieError
}

// Interpreter speed constants (CMotionInterp). Retail writes them as
// floats (seed 004: 1.25f, 1.5f, 3f, 3.11999989f, 4f) and every use —
// adjust_motion, apply_run_to_command's ±3 clamp, get_state_velocity's cap —
// is float32 arithmetic, so they are typed float32.
const (
	BackwardsFactor     float32 = 0.64999998
	MaxSidestepAnimRate float32 = 3.0
	RunAnimSpeed        float32 = 4.0
	RunTurnFactor       float32 = 1.5
	SidestepAnimSpeed   float32 = 1.25
	SidestepFactor      float32 = 0.5
	WalkAnimSpeed       float32 = 3.11999989
)

// Interp is CMotionInterp: raw and interpreted motion state, the
// pending_motions queue, and the rules that turn commands into motion-table
// calls.
type Interp struct {
	Body               Body
	Initted            bool
	Raw                RawState
	Interpreted        InterpretedState
	CurrentSpeedFactor float32
	StandingLongJump   bool
	JumpExtent         float32
	ServerActionStamp  uint16
	MyRunRate          float32
	Pending            []MotionNode
}

// NewInterp is CMotionInterp::Create: an interpreter bound to b with the
// default raw and interpreted states; EnterDefaultState must follow.
func NewInterp(b Body) Interp {
	return Interp{
		Body: b, CurrentSpeedFactor: 1, MyRunRate: 1,
		Raw: DefaultRawState(), Interpreted: DefaultInterpretedState(),
	}
}

func (m *Interp) isCreature() bool {
	w := m.Body.Weenie()
	return w == nil || w.IsCreature()
}

// EnterDefaultState resets both states, initializes the motion table, queues
// Ready and leaves the ground (CMotionInterp::enter_default_state).
func (m *Interp) EnterDefaultState() {
	m.Raw = DefaultRawState()
	m.Interpreted = DefaultInterpretedState()
	m.Body.InitializeMotionTables()
	m.Pending = m.Pending[:0]
	m.addToQueue(0, Ready, ErrNone)
	m.Initted = true
	m.LeaveGround()
}

// addToQueue appends to pending_motions (CMotionInterp::add_to_queue).
func (m *Interp) addToQueue(ctx, motion uint32, jumpErr WeenieError) {
	m.Pending = append(m.Pending, MotionNode{ctx, motion, jumpErr})
}

// MotionsPending reports whether any motion is mid-flight
// (CMotionInterp::motions_pending).
func (m *Interp) MotionsPending() bool { return len(m.Pending) > 0 }

// MotionDone pops the head of pending_motions; an action head also unsticks
// and drops the oldest action (CMotionInterp::MotionDone, 0x00527EC0).
func (m *Interp) MotionDone(success bool) {
	if len(m.Pending) == 0 {
		return
	}
	if m.Pending[0].Motion&MaskAction != 0 {
		m.Body.UnstickFromObject()
		m.Interpreted.RemoveAction()
		m.Raw.RemoveAction()
	}
	m.Pending = append(m.Pending[:0], m.Pending[1:]...)
}

// contactAllowsMove is CMotionInterp::contact_allows_move (0x00528240).
func (m *Interp) contactAllowsMove(motion uint32) bool {
	if motion == Dead || motion == Falling || (motion >= TurnRight && motion <= TurnLeft) {
		return true
	}
	if !m.isCreature() {
		return true
	}
	if !m.Body.PhysicsState().Has(physics.StateGravity) {
		return true
	}
	t := m.Body.TransientState()
	return t.Has(physics.TransientContact) && t.Has(physics.TransientOnWalkable)
}

// motionAllowsJump is CMotionInterp::motion_allows_jump.
func motionAllowsJump(s uint32) WeenieError {
	if (s >= Reload && s <= Pickup) || (s >= TripleThrustLow && s <= MagicPowerUp07Purple) ||
		(s >= MagicPowerUp01 && s <= MagicPowerUp10) || (s >= Crouch && s <= Sleeping) ||
		(s >= AimLevel && s <= MagicPray) || s == Falling {
		return ErrYouCantJumpFromThisPosition
	}
	return ErrNone
}

func (m *Interp) longJumpBlocks(motion uint32) bool {
	return m.StandingLongJump && (motion == WalkForward || motion == RunForward || motion == SideStepRight)
}

// DoInterpretedMotion is CMotionInterp::DoInterpretedMotion (0x00528360).
func (m *Interp) DoInterpretedMotion(motion uint32, p *Params) WeenieError {
	result := ErrNone
	switch {
	case m.contactAllowsMove(motion):
		if m.longJumpBlocks(motion) {
			if p.ModifyInterpretedState {
				m.Interpreted.ApplyMotion(motion, p)
			}
			break
		}
		if motion == Dead {
			m.Body.RemoveLinkAnimations()
		}
		result = m.Body.DoInterpretedMotion(motion, *p)
		if result == ErrNone {
			jumpErr := ErrYouCantJumpFromThisPosition
			if !p.DisableJumpDuringLink {
				jumpErr = motionAllowsJump(motion)
				if jumpErr == ErrNone && motion&MaskAction == 0 {
					jumpErr = motionAllowsJump(m.Interpreted.ForwardCommand)
				}
			}
			m.addToQueue(p.ContextID, motion, jumpErr)
			if p.ModifyInterpretedState {
				m.Interpreted.ApplyMotion(motion, p)
			}
		}
	case motion&MaskAction != 0:
		result = ErrYouCantJumpWhileInTheAir
	default:
		if p.ModifyInterpretedState {
			m.Interpreted.ApplyMotion(motion, p)
		}
	}
	if !m.Body.InCell() {
		m.Body.RemoveLinkAnimations()
	}
	return result
}

// StopInterpretedMotion is CMotionInterp::StopInterpretedMotion (0x00528470).
func (m *Interp) StopInterpretedMotion(motion uint32, p *Params) WeenieError {
	result := ErrNone
	if m.contactAllowsMove(motion) && !m.longJumpBlocks(motion) {
		result = m.Body.StopInterpretedMotion(motion, *p)
		if result == ErrNone {
			m.addToQueue(p.ContextID, Ready, ErrNone)
			if p.ModifyInterpretedState {
				m.Interpreted.RemoveMotion(motion)
			}
		}
	} else if p.ModifyInterpretedState {
		m.Interpreted.RemoveMotion(motion)
	}
	if !m.Body.InCell() {
		m.Body.RemoveLinkAnimations()
	}
	return result
}

// StopCompletely resets both states to Ready and stops the table
// (CMotionInterp::StopCompletely).
func (m *Interp) StopCompletely() WeenieError {
	m.Body.InterruptCurrentMovement()
	jumpErr := motionAllowsJump(m.Interpreted.ForwardCommand)
	m.Raw.ForwardCommand, m.Raw.ForwardSpeed, m.Raw.SideStepCommand, m.Raw.TurnCommand = Ready, 1, 0, 0
	m.Interpreted.ForwardCommand, m.Interpreted.ForwardSpeed = Ready, 1
	m.Interpreted.SideStepCommand, m.Interpreted.TurnCommand = 0, 0
	m.Body.StopCompletelyInternal()
	m.addToQueue(0, Ready, jumpErr)
	if !m.Body.InCell() {
		m.Body.RemoveLinkAnimations()
	}
	return ErrNone
}

// DoMotion applies a raw command: adjust_motion, then DoInterpretedMotion,
// then the raw state (CMotionInterp::DoMotion).
func (m *Interp) DoMotion(motion uint32, p *Params) WeenieError {
	cp := *p
	if p.CancelMoveTo {
		m.Body.InterruptCurrentMovement()
	}
	if p.SetHoldKey {
		m.SetHoldKey(p.HoldKeyToApply, p.CancelMoveTo)
	}
	cur := motion
	m.AdjustMotion(&cur, &cp.Speed, p.HoldKeyToApply)
	if m.Interpreted.CurrentStyle != NonCombat {
		switch motion {
		case Crouch:
			return ErrCantCrouchInCombat
		case Sitting:
			return ErrCantSitInCombat
		case Sleeping:
			return ErrCantLieDownInCombat
		}
		if motion&MaskChatEmote != 0 {
			return ErrCantChatEmoteInCombat
		}
	}
	if motion&MaskAction != 0 && len(m.Interpreted.Actions) >= 6 {
		return ErrTooManyActions
	}
	result := m.DoInterpretedMotion(cur, &cp)
	if result == ErrNone && p.ModifyRawState {
		m.Raw.ApplyMotion(motion, p)
	}
	return result
}

// StopMotion stops a raw command (CMotionInterp::StopMotion).
func (m *Interp) StopMotion(motion uint32, p *Params) WeenieError {
	if p.CancelMoveTo {
		m.Body.InterruptCurrentMovement()
	}
	cp := *p
	cur := motion
	m.AdjustMotion(&cur, &cp.Speed, p.HoldKeyToApply)
	result := m.StopInterpretedMotion(cur, &cp)
	if result == ErrNone && p.ModifyRawState {
		m.Raw.RemoveMotion(motion)
	}
	return result
}

// PerformMovement is the local-input dispatcher: it runs one movement and
// then polls completions synchronously, so a zero-tick motion completes in
// the frame it was issued (CMotionInterp::PerformMovement, 0x00528E80). The
// wire path (MoveToInterpretedState) never polls.
func (m *Interp) PerformMovement(t MovementType, motion uint32, p *Params) WeenieError {
	var result WeenieError
	switch t {
	case MovementRawCommand:
		result = m.DoMotion(motion, p)
	case MovementInterpretedCommand:
		result = m.DoInterpretedMotion(motion, p)
	case MovementStopRawCommand:
		result = m.StopMotion(motion, p)
	case MovementStopInterpretedCommand:
		result = m.StopInterpretedMotion(motion, p)
	case MovementStopCompletely:
		result = m.StopCompletely()
	default:
		return ErrGeneralMovementFailure
	}
	m.Body.CheckForCompletedMotions()
	return result
}

// SetHoldKey changes the current hold key; releasing Run reapplies movement
// (CMotionInterp::SetHoldKey).
func (m *Interp) SetHoldKey(key HoldKey, cancelMoveTo bool) {
	if key == m.Raw.CurrentHoldKey {
		return
	}
	if key == HoldKeyNone && m.Raw.CurrentHoldKey == HoldKeyRun {
		m.Raw.CurrentHoldKey = HoldKeyNone
		m.ApplyCurrentMovement(cancelMoveTo, true)
	}
}

// SetHoldRun sets or clears the Run hold key and reapplies movement
// (CMotionInterp::set_hold_run).
func (m *Interp) SetHoldRun(run bool, cancelMoveTo bool) {
	if run != (m.Raw.CurrentHoldKey == HoldKeyRun) {
		m.Raw.CurrentHoldKey = HoldKeyNone
		if run {
			m.Raw.CurrentHoldKey = HoldKeyRun
		}
		m.ApplyCurrentMovement(cancelMoveTo, true)
	}
}

// AdjustMotion maps left/backward commands onto their right/forward twins
// with negated speed and applies the run key (CMotionInterp::adjust_motion).
func (m *Interp) AdjustMotion(motion *uint32, speed *float32, hold HoldKey) {
	if !m.isCreature() {
		return
	}
	switch *motion {
	case RunForward:
		return
	case WalkBackwards:
		*motion, *speed = WalkForward, *speed*-BackwardsFactor
	case TurnLeft:
		*motion, *speed = TurnRight, -*speed
	case SideStepLeft:
		*motion, *speed = SideStepRight, -*speed
	}
	if *motion == SideStepRight {
		*speed *= SidestepFactor * (WalkAnimSpeed / SidestepAnimSpeed)
	}
	if hold == HoldKeyInvalid {
		hold = m.Raw.CurrentHoldKey
	}
	if hold == HoldKeyRun {
		m.applyRunToCommand(motion, speed)
	}
}

// runRate is the weenie's run rate, else MyRunRate; 1 without a weenie.
func (m *Interp) runRate() float32 {
	w := m.Body.Weenie()
	if w == nil {
		return 1
	}
	if r, ok := w.InqRunRate(); ok {
		return r
	}
	return m.MyRunRate
}

// applyRunToCommand is CMotionInterp::apply_run_to_command: walk becomes run
// at the run rate, turns speed up ×1.5, sidesteps scale and clamp to ±3.
func (m *Interp) applyRunToCommand(motion *uint32, speed *float32) {
	rate := m.runRate()
	switch *motion {
	case WalkForward:
		if *speed > 0 {
			*motion = RunForward
		}
		*speed *= rate
	case TurnRight:
		*speed *= RunTurnFactor
	case SideStepRight:
		*speed *= rate
		if *speed > MaxSidestepAnimRate {
			*speed = MaxSidestepAnimRate
		} else if *speed < -MaxSidestepAnimRate {
			*speed = -MaxSidestepAnimRate
		}
	}
}

// ApplyCurrentMovement routes to the raw path for the autonomous local
// player (or an object without a weenie) and to the interpreted path
// otherwise (CMotionInterp::apply_current_movement, 0x00528870).
func (m *Interp) ApplyCurrentMovement(cancelMoveTo, allowJump bool) {
	if !m.Initted {
		return
	}
	w := m.Body.Weenie()
	if (w == nil || w.IsThePlayer()) && m.Body.MovementIsAutonomous() {
		m.ApplyRawMovement(cancelMoveTo, allowJump)
		return
	}
	m.ApplyInterpretedMovement(cancelMoveTo, allowJump)
}

// ApplyInterpretedMovement replays the interpreted state as motion-table
// calls in retail order: style; falling, standing long jump, or forward then
// sidestep; turn (returning early) or the idle Ready queue
// (CMotionInterp::apply_interpreted_movement, 0x00528600).
func (m *Interp) ApplyInterpretedMovement(cancelMoveTo, allowJump bool) {
	p := DefaultParams()
	p.SetHoldKey = false
	p.ModifyInterpretedState = false
	p.CancelMoveTo = cancelMoveTo
	p.DisableJumpDuringLink = !allowJump
	s := &m.Interpreted
	if s.ForwardCommand == RunForward {
		m.MyRunRate = s.ForwardSpeed
	}
	m.DoInterpretedMotion(s.CurrentStyle, &p)
	switch {
	case !m.contactAllowsMove(s.ForwardCommand):
		p.Speed = 1
		m.DoInterpretedMotion(Falling, &p)
	case m.StandingLongJump:
		p.Speed = 1
		m.DoInterpretedMotion(Ready, &p)
		m.StopInterpretedMotion(SideStepRight, &p)
	default:
		p.Speed = s.ForwardSpeed
		m.DoInterpretedMotion(s.ForwardCommand, &p)
		if s.SideStepCommand != 0 {
			p.Speed = s.SideStepSpeed
			m.DoInterpretedMotion(s.SideStepCommand, &p)
		} else {
			m.StopInterpretedMotion(SideStepRight, &p)
		}
	}
	if s.TurnCommand != 0 {
		p.Speed = s.TurnSpeed
		m.DoInterpretedMotion(s.TurnCommand, &p)
		return
	}
	if m.Body.StopInterpretedMotion(TurnRight, p) == ErrNone {
		m.addToQueue(p.ContextID, Ready, ErrNone)
	}
	if !m.Body.InCell() {
		m.Body.RemoveLinkAnimations()
	}
}

// ApplyRawMovement copies the raw state into the interpreted one through
// adjust_motion and applies it (CMotionInterp::apply_raw_movement).
func (m *Interp) ApplyRawMovement(cancelMoveTo, allowJump bool) {
	r, s := &m.Raw, &m.Interpreted
	s.CurrentStyle = r.CurrentStyle
	s.ForwardCommand, s.ForwardSpeed = r.ForwardCommand, r.ForwardSpeed
	s.SideStepCommand, s.SideStepSpeed = r.SideStepCommand, r.SideStepSpeed
	s.TurnCommand, s.TurnSpeed = r.TurnCommand, r.TurnSpeed
	m.AdjustMotion(&s.ForwardCommand, &s.ForwardSpeed, r.ForwardHoldKey)
	m.AdjustMotion(&s.SideStepCommand, &s.SideStepSpeed, r.SideStepHoldKey)
	m.AdjustMotion(&s.TurnCommand, &s.TurnSpeed, r.TurnHoldKey)
	m.ApplyInterpretedMovement(cancelMoveTo, allowJump)
}

// MoveToInterpretedState applies a wire InterpretedMotionState: a flat
// copy, a forced reapply, then every action newer than the last one seen
// under the 15-bit wraparound compare of server action stamps, whatever
// the object (CMotionInterp::move_to_interpreted_state, 0x005289C0; seed
// 004 Q1: no creature/autonomous filter). It never polls completions.
func (m *Interp) MoveToInterpretedState(ims *InterpretedState) bool {
	m.Raw.CurrentStyle = ims.CurrentStyle
	m.Body.InterruptCurrentMovement()
	allowJump := motionAllowsJump(m.Interpreted.ForwardCommand) == ErrNone
	m.Interpreted.CopyMovementFrom(ims)
	m.ApplyCurrentMovement(true, allowJump)
	p := DefaultParams()
	for _, a := range ims.Actions {
		if !physics.NewerActionStamp(m.ServerActionStamp, a.Stamp) {
			continue
		}
		m.ServerActionStamp = a.Stamp
		p.Speed, p.Autonomous, p.ActionStamp = a.Speed, a.Autonomous, a.Stamp
		m.DoInterpretedMotion(a.Motion, &p)
	}
	return true
}

// GetStateVelocity is the logical velocity of the interpreted state: walk
// 3.12, run 4.0 and sidestep 1.25 units/s per speed, capped at the run
// speed (CMotionInterp::get_state_velocity).
func (m *Interp) GetStateVelocity() physics.Vec3 {
	var v physics.Vec3
	s := &m.Interpreted
	if s.SideStepCommand == SideStepRight {
		v.X = SidestepAnimSpeed * s.SideStepSpeed
	}
	switch s.ForwardCommand {
	case WalkForward:
		v.Y = WalkAnimSpeed * s.ForwardSpeed
	case RunForward:
		v.Y = RunAnimSpeed * s.ForwardSpeed
	}
	rate := m.MyRunRate
	if w := m.Body.Weenie(); w != nil {
		if r, ok := w.InqRunRate(); ok {
			rate = r
		}
	}
	if max := RunAnimSpeed * rate; v.Len() > max {
		v = v.Normalize().Scale(max)
	}
	return v
}

// GetMaxSpeed is the run speed at the current run rate (get_max_speed).
func (m *Interp) GetMaxSpeed() float32 { return RunAnimSpeed * m.runRate() }

// IsStandingStill reports contact, Ready and no sidestep or turn.
func (m *Interp) IsStandingStill() bool {
	t := m.Body.TransientState()
	s := &m.Interpreted
	return t.Has(physics.TransientContact|physics.TransientOnWalkable) &&
		s.ForwardCommand == Ready && s.SideStepCommand == 0 && s.TurnCommand == 0
}

// LeaveGround launches a creature with its state velocity and reapplies
// movement with the links stripped (CMotionInterp::LeaveGround).
func (m *Interp) LeaveGround() {
	if !m.isCreature() || !m.Body.PhysicsState().Has(physics.StateGravity) {
		return
	}
	v := m.GetStateVelocity()
	v.Z = m.jumpVZ()
	m.Body.SetLocalVelocity(v)
	m.StandingLongJump = false
	m.JumpExtent = 0
	m.Body.RemoveLinkAnimations()
	m.ApplyCurrentMovement(false, true)
}

// HitGround strips links and reapplies movement on landing
// (CMotionInterp::HitGround).
func (m *Interp) HitGround() {
	if !m.isCreature() || !m.Body.PhysicsState().Has(physics.StateGravity) {
		return
	}
	m.Body.RemoveLinkAnimations()
	m.ApplyCurrentMovement(false, true)
}

// jumpVZ is get_jump_v_z without a weenie jump table: 10 units/s at full
// extent, zero when not jumping.
func (m *Interp) jumpVZ() float32 {
	if m.JumpExtent < physics.FrameEpsilon32 {
		return 0
	}
	return 10
}

// ChargeJump starts a standing long jump when the body is standing still
// (CMotionInterp::charge_jump).
func (m *Interp) ChargeJump() WeenieError {
	f := m.Interpreted.ForwardCommand
	if f == Falling || (f >= Crouch && f < Sleeping) {
		return ErrYouCantJumpFromThisPosition
	}
	if m.IsStandingStill() {
		m.StandingLongJump = true
	}
	return ErrNone
}

// JumpIsAllowed is CMotionInterp::jump_is_allowed without stamina.
func (m *Interp) JumpIsAllowed() WeenieError {
	t := m.Body.TransientState()
	if m.isCreature() && m.Body.PhysicsState().Has(physics.StateGravity) &&
		!t.Has(physics.TransientContact|physics.TransientOnWalkable) {
		return ErrYouCantJumpWhileInTheAir
	}
	if len(m.Pending) > 1 && m.Pending[0].JumpError != ErrNone {
		return m.Pending[0].JumpError
	}
	f := m.Interpreted.ForwardCommand
	if f == Fallen || (f >= Crouch && f <= Sleeping) {
		return ErrYouCantJumpFromThisPosition
	}
	return motionAllowsJump(f)
}

// Jump commits a jump of the given extent (0..1) when allowed
// (CMotionInterp::jump); the caller then calls LeaveGround.
func (m *Interp) Jump(extent float32) WeenieError {
	m.Body.InterruptCurrentMovement()
	if err := m.JumpIsAllowed(); err != ErrNone {
		m.StandingLongJump = false
		return err
	}
	m.JumpExtent = min(extent, 1)
	return ErrNone
}

// HandleExitWorld drops pending motions, releasing action state
// (CMotionInterp::HandleExitWorld).
func (m *Interp) HandleExitWorld() {
	for _, n := range m.Pending {
		if n.Motion&MaskAction != 0 {
			m.Body.UnstickFromObject()
			m.Interpreted.RemoveAction()
			m.Raw.RemoveAction()
		}
	}
	m.Pending = m.Pending[:0]
}
