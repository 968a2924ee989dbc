package managers

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// normalizeHeadingDiff snaps |d| < ε to 0 and lifts d < −ε by 360, the
// normalisation every MoveToManager heading check applies.
func normalizeHeadingDiff(d float32) float32 {
	if float32(math.Abs(float64(d))) < motion.MoveToEpsilon {
		d = 0
	}
	if d < -motion.MoveToEpsilon {
		d += 360
	}
	return d
}

// headingDiff is how far h1 lies past h2 turning right, or turning left
// for any other motion (MoveToManager::heading_diff).
func headingDiff(h1, h2 float32, mot uint32) float32 {
	d := normalizeHeadingDiff(h1 - h2)
	if d > motion.MoveToEpsilon && mot != motion.TurnRight {
		d = 360 - d
	}
	return d
}

// headingGreater reports whether h1 has passed h2 in the direction of the
// turn, the shorter way round (MoveToManager::heading_greater).
func headingGreater(h1, h2 float32, mot uint32) bool {
	var result bool
	if float32(math.Abs(float64(h1-h2))) <= 180 {
		result = h1 > h2
	} else {
		result = h2 > h1
	}
	if mot != motion.TurnRight {
		result = !result
	}
	return result
}

// MoveToWorld is what the MoveToManager needs from its object and the
// world around it.
type MoveToWorld interface {
	// Interp is the mover's motion interpreter (nil when it has none).
	Interp() *motion.Interp
	// Position is the mover's current position.
	Position() physics.Position
	// SetHeading turns the mover to face heading degrees
	// (CPhysicsObj::set_heading).
	SetHeading(heading float32)
	// Cylinder is the mover's radius and height, for UseSpheres distances.
	Cylinder() (radius, height float32)
	// TargetPosition is where an object currently is, false when it is
	// unknown or gone (what the TargetManager reports).
	TargetPosition(guid uint32) (physics.Position, bool)
	// Now is the physics time in seconds (PhysicsTimer::curr_time).
	Now() float64
	// Done is told how a MoveTo ended (WeenieObject::OnMoveComplete);
	// ErrNone on arrival.
	Done(err motion.WeenieError)
}

// MoveToSticker is implemented by a MoveToWorld that can stick the mover to
// its target when a Sticky move arrives (PositionManager::StickTo).
type MoveToSticker interface {
	StickTo(guid uint32, radius, height float32)
}

// MoveToNode is one pending MoveTo step (MovementNode): a MoveToPosition
// leg or a TurnToHeading to Heading degrees.
type MoveToNode struct {
	Type    motion.MovementType
	Heading float32
}

// MoveToManager is the retail MoveToManager: it turns a server MoveTo or
// TurnTo into a queue of turn and move legs and drives them through the
// interpreter on every UseTime.
type MoveToManager struct {
	World MoveToWorld

	MovementType          motion.MovementType
	SoughtPosition        physics.Position
	CurrentTargetPosition physics.Position
	StartingPosition      physics.Position
	Params                motion.MoveToParams
	PreviousHeading       float32
	PreviousDistance      float32
	PreviousDistanceTime  float64
	OriginalDistance      float32
	OriginalDistanceTime  float64
	// FailProgressCount counts UseTime ticks without progress; nothing acts
	// on it (as in ACE).
	FailProgressCount  int
	SoughtObjectID     uint32
	TopLevelObjectID   uint32
	SoughtObjectRadius float32
	SoughtObjectHeight float32
	// CurrentCommand is the leg's own motion (a turn or WalkForward /
	// WalkBackwards, before adjust_motion).
	CurrentCommand uint32
	// AuxCommand is the steering turn issued during a forward leg.
	AuxCommand  uint32
	MovingAway  bool
	Initialized bool
	// Pending are the legs still to run, head first.
	Pending []MoveToNode

	// lastTarget is the target position last handed to HandleUpdateTarget.
	lastTarget physics.Position
}

// NewMoveToManager returns an idle manager for w (MoveToManager::Create).
func NewMoveToManager(w MoveToWorld) *MoveToManager {
	m := &MoveToManager{World: w}
	m.initializeLocalVars()
	return m
}

// initializeLocalVars resets the per-move state (MoveToManager::InitializeLocalVars).
func (m *MoveToManager) initializeLocalVars() {
	m.MovementType = motion.MovementInvalid
	m.Params.DistanceToObject = 0
	m.Params.ContextID = 0
	now := m.now()
	m.PreviousDistanceTime, m.OriginalDistanceTime = now, now
	m.PreviousHeading = 0
	m.FailProgressCount = 0
	m.CurrentCommand, m.AuxCommand = 0, 0
	m.MovingAway, m.Initialized = false, false
	m.SoughtPosition = physics.Position{Frame: physics.IdentityFrame}
	m.CurrentTargetPosition = physics.Position{Frame: physics.IdentityFrame}
	m.SoughtObjectID, m.TopLevelObjectID = 0, 0
	m.SoughtObjectRadius, m.SoughtObjectHeight = 0, 0
}

func (m *MoveToManager) now() float64 {
	if m.World == nil {
		return 0
	}
	return m.World.Now()
}

func (m *MoveToManager) interp() *motion.Interp {
	if m.World == nil {
		return nil
	}
	return m.World.Interp()
}

// IsMovingTo reports whether a MoveTo or TurnTo is in progress
// (MoveToManager::is_moving_to).
func (m *MoveToManager) IsMovingTo() bool { return m.MovementType != motion.MovementInvalid }

// begin is the MoveToManager::PerformMovement prelude: cancel the move in
// progress with ActionCancelled, unstick, and take the wire run rate
// (MovementManager::unpack_movement stores my_run_rate for types 6 and 7).
func (m *MoveToManager) begin(p *motion.MoveToParams) *motion.Interp {
	m.CancelMoveTo(motion.ErrActionCancelled)
	mi := m.interp()
	if mi == nil {
		return nil
	}
	mi.Body.UnstickFromObject()
	if p.RunRate > 0 {
		mi.MyRunRate = p.RunRate
	}
	return mi
}

// MoveToObject starts a move to an object: stop, remember the target and
// wait for its position (MoveToManager::MoveToObject). The target is asked
// for at once, as the TargetManager's first voyeur update would answer.
func (m *MoveToManager) MoveToObject(target uint32, targetRadius, targetHeight float32, p motion.MoveToParams) {
	mi := m.begin(&p)
	if mi == nil {
		return
	}
	mi.StopCompletely()
	m.StartingPosition = m.World.Position()
	m.SoughtObjectID, m.TopLevelObjectID = target, target
	m.SoughtObjectRadius, m.SoughtObjectHeight = targetRadius, targetHeight
	m.MovementType = motion.MovementMoveToObject
	m.Params = p
	m.Initialized = false
	m.pollTarget()
}

// moveToObjectInternal queues the legs once the target's position is known:
// turn to face it and move when out of range, then the final heading
// relative to the bearing when UseFinalHeading (MoveToManager::MoveToObject_Internal).
func (m *MoveToManager) moveToObjectInternal(target, interpolated physics.Position) {
	m.SoughtPosition, m.CurrentTargetPosition = interpolated, target
	cur := m.World.Position()
	bearing := motion.PositionHeading(cur, interpolated)
	if mot, _, _ := m.Params.GetCommand(m.currentDistance()); mot != 0 {
		m.addTurnToHeadingNode(bearing)
		m.addMoveToPositionNode()
	}
	if m.Params.UseFinalHeading {
		h := bearing + m.Params.DesiredHeading
		if h >= 360 {
			h -= 360
		}
		m.addTurnToHeadingNode(h)
	}
	m.Initialized = true
	m.beginNextNode()
}

// MoveToPosition starts a move to a position: stop, queue a turn to face it
// and a move when out of range, then the absolute final heading when
// UseFinalHeading; never sticky (MoveToManager::MoveToPosition).
func (m *MoveToManager) MoveToPosition(pos physics.Position, p motion.MoveToParams) {
	mi := m.begin(&p)
	if mi == nil {
		return
	}
	mi.StopCompletely()
	p.Sticky = false
	m.Params = p
	m.CurrentTargetPosition = pos
	m.SoughtObjectRadius = 0
	cur := m.World.Position()
	if mot, _, _ := p.GetCommand(m.currentDistance()); mot != 0 {
		m.addTurnToHeadingNode(motion.PositionHeading(cur, pos))
		m.addMoveToPositionNode()
	}
	if p.UseFinalHeading {
		m.addTurnToHeadingNode(p.DesiredHeading)
	}
	m.SoughtPosition = pos
	m.StartingPosition = cur
	m.MovementType = motion.MovementMoveToPosition
	m.beginNextNode()
}

// TurnToObject starts a turn to face an object plus p.DesiredHeading,
// stopping first when StopCompletely (MoveToManager::TurnToObject).
func (m *MoveToManager) TurnToObject(target uint32, p motion.MoveToParams) {
	mi := m.begin(&p)
	if mi == nil {
		return
	}
	if p.StopCompletely {
		mi.StopCompletely()
	}
	m.MovementType = motion.MovementTurnToObject
	m.SoughtObjectID, m.TopLevelObjectID = target, target
	motion.SetFrameHeading(&m.SoughtPosition.Frame, p.DesiredHeading)
	m.Params = p
	m.Initialized = false
	m.pollTarget()
}

// turnToObjectInternal queues the turn to bearing + desired heading
// (MoveToManager::TurnToObject_Internal).
func (m *MoveToManager) turnToObjectInternal(target physics.Position) {
	m.CurrentTargetPosition = target
	h := motion.PositionHeading(m.World.Position(), target) + motion.FrameHeading(m.SoughtPosition.Frame)
	h = float32(math.Mod(float64(h), 360))
	motion.SetFrameHeading(&m.SoughtPosition.Frame, h)
	m.addTurnToHeadingNode(h)
	m.Initialized = true
	m.beginNextNode()
}

// TurnToHeading queues a turn to p.DesiredHeading, stopping first when
// StopCompletely; UseTime starts it (MoveToManager::TurnToHeading).
func (m *MoveToManager) TurnToHeading(p motion.MoveToParams) {
	mi := m.begin(&p)
	if mi == nil {
		return
	}
	if p.StopCompletely {
		mi.StopCompletely()
	}
	p.Sticky = false
	m.Params = p
	motion.SetFrameHeading(&m.SoughtPosition.Frame, p.DesiredHeading)
	m.MovementType = motion.MovementTurnToHeading
	m.addTurnToHeadingNode(p.DesiredHeading)
}

// addMoveToPositionNode is MoveToManager::AddMoveToPositionNode.
func (m *MoveToManager) addMoveToPositionNode() {
	m.Pending = append(m.Pending, MoveToNode{Type: motion.MovementMoveToPosition})
}

// addTurnToHeadingNode is MoveToManager::AddTurnToHeadingNode.
func (m *MoveToManager) addTurnToHeadingNode(heading float32) {
	m.Pending = append(m.Pending, MoveToNode{Type: motion.MovementTurnToHeading, Heading: heading})
}

// removePendingHead is MoveToManager::RemovePendingActionsHead.
func (m *MoveToManager) removePendingHead() {
	if len(m.Pending) > 0 {
		m.Pending = append(m.Pending[:0], m.Pending[1:]...)
	}
}

// beginNextNode starts the head leg, or finishes the move when none is
// left, sticking to the target when Sticky (MoveToManager::BeginNextNode).
func (m *MoveToManager) beginNextNode() {
	if len(m.Pending) > 0 {
		switch m.Pending[0].Type {
		case motion.MovementMoveToPosition:
			m.beginMoveForward()
		case motion.MovementTurnToHeading:
			m.beginTurnToHeading()
		}
		return
	}
	if m.Params.Sticky {
		target, radius, height := m.TopLevelObjectID, m.SoughtObjectRadius, m.SoughtObjectHeight
		w := m.World
		m.cleanUpAndCallWeenie(motion.ErrNone)
		if s, ok := w.(MoveToSticker); ok {
			s.StickTo(target, radius, height)
		}
		return
	}
	m.cleanUpAndCallWeenie(motion.ErrNone)
}

// legParams is the MovementParameters a leg issues its motions with: the
// move's speed and hold key, never cancelling the MoveTo itself.
func (m *MoveToManager) legParams(hold motion.HoldKey) motion.Params {
	p := motion.DefaultParams()
	p.CancelMoveTo = false
	p.Speed = m.Params.Speed
	p.HoldKeyToApply = hold
	return p
}

// beginMoveForward starts the forward leg: get_command picks walk (or run
// by hold key) toward or away; with nothing to do the leg is skipped
// (MoveToManager::BeginMoveForward).
func (m *MoveToManager) beginMoveForward() {
	if m.interp() == nil {
		m.CancelMoveTo(motion.ErrNoPhysicsObject)
		return
	}
	dist := m.currentDistance()
	mot, hold, away := m.Params.GetCommand(dist)
	if mot == 0 {
		m.removePendingHead()
		m.beginNextNode()
		return
	}
	if err := m.doMotion(mot, m.legParams(hold)); err != motion.ErrNone {
		m.CancelMoveTo(err)
		return
	}
	m.CurrentCommand = mot
	m.MovingAway = away
	m.Params.HoldKeyToApply = hold
	now := m.now()
	m.PreviousDistance, m.PreviousDistanceTime = dist, now
	m.OriginalDistance, m.OriginalDistanceTime = dist, now
}

// handleMoveToPosition is the per-tick forward leg
// (MoveToManager::HandleMoveToPosition): when no motion is pending, steer
// with TurnRight/TurnLeft while the heading error is outside ±20° and stop
// steering inside it; then, if progress was made, finish the leg within
// distance_to_object (toward) or beyond min_distance (away), else fail with
// YouChargedTooFar once farther than fail_distance from the start.
func (m *MoveToManager) handleMoveToPosition() {
	mi := m.interp()
	if mi == nil {
		m.CancelMoveTo(motion.ErrNoPhysicsObject)
		return
	}
	cur := m.World.Position()
	p := m.legParams(m.Params.HoldKeyToApply)
	if !mi.MotionsPending() {
		heading := motion.DesiredHeading(m.CurrentCommand, m.MovingAway) + motion.PositionHeading(cur, m.CurrentTargetPosition)
		if heading >= 360 {
			heading -= 360
		}
		diff := normalizeHeadingDiff(heading - motion.FrameHeading(cur.Frame))
		if diff > motion.MoveToTurnBand && diff < 360-motion.MoveToTurnBand {
			turn := uint32(motion.TurnRight)
			if diff >= 180 {
				turn = motion.TurnLeft
			}
			if turn != m.AuxCommand {
				m.doMotion(turn, p)
				m.AuxCommand = turn
			}
		} else {
			m.stopAuxCommand(p)
		}
	} else {
		m.stopAuxCommand(p)
	}

	dist := m.currentDistance()
	if !m.checkProgressMade(dist) {
		if !mi.MotionsPending() {
			m.FailProgressCount++
		}
		return
	}
	m.FailProgressCount = 0
	if (m.MovingAway && dist >= m.Params.MinDistance) || (!m.MovingAway && dist <= m.Params.DistanceToObject) {
		m.removePendingHead()
		m.stopMotion(m.CurrentCommand, p)
		m.CurrentCommand = 0
		m.stopAuxCommand(p)
		m.beginNextNode()
		return
	}
	if dat.GlobalDistance(m.StartingPosition, m.World.Position()) > m.Params.FailDistance {
		m.CancelMoveTo(motion.ErrYouChargedTooFar)
	}
}

// beginTurnToHeading starts the head turn leg once no motion is pending:
// TurnRight when the target heading is at most 180° clockwise, TurnLeft
// otherwise, skipping the leg when already within ε
// (MoveToManager::BeginTurnToHeading).
func (m *MoveToManager) beginTurnToHeading() {
	mi := m.interp()
	if mi == nil {
		m.CancelMoveTo(motion.ErrNoPhysicsObject)
		return
	}
	if mi.MotionsPending() {
		return
	}
	heading := motion.FrameHeading(m.World.Position().Frame)
	diff := headingDiff(m.Pending[0].Heading, heading, motion.TurnRight)
	var turn uint32
	switch {
	case diff <= 180 && diff > motion.MoveToEpsilon:
		turn = motion.TurnRight
	case diff > 180 && diff+motion.MoveToEpsilon <= 360:
		turn = motion.TurnLeft
	default:
		m.removePendingHead()
		m.beginNextNode()
		return
	}
	if err := m.doMotion(turn, m.legParams(m.Params.HoldKeyToApply)); err != motion.ErrNone {
		m.CancelMoveTo(err)
		return
	}
	m.CurrentCommand = turn
	m.PreviousHeading = heading
}

// handleTurnToHeading is the per-tick turn leg
// (MoveToManager::HandleTurnToHeading): start the turn if it has not
// started; once the heading passes the target in the turn's direction, snap
// to it, stop turning and begin the next leg; otherwise track progress.
func (m *MoveToManager) handleTurnToHeading() {
	mi := m.interp()
	if mi == nil {
		m.CancelMoveTo(motion.ErrNoPhysicsObject)
		return
	}
	if m.CurrentCommand != motion.TurnRight && m.CurrentCommand != motion.TurnLeft {
		m.beginTurnToHeading()
		return
	}
	target := m.Pending[0].Heading
	heading := motion.FrameHeading(m.World.Position().Frame)
	if headingGreater(heading, target, m.CurrentCommand) {
		m.FailProgressCount = 0
		m.World.SetHeading(target)
		m.removePendingHead()
		m.stopMotion(m.CurrentCommand, m.legParams(m.Params.HoldKeyToApply))
		m.CurrentCommand = 0
		m.beginNextNode()
		return
	}
	if d := headingDiff(heading, m.PreviousHeading, m.CurrentCommand); d > motion.MoveToEpsilon && d < 180 {
		m.FailProgressCount = 0
	} else if !mi.MotionsPending() {
		m.FailProgressCount++
	}
	m.PreviousHeading = heading
}

// HandleUpdateTarget takes a target report (MoveToManager::HandleUpdateTarget):
// before the move is initialised, a found target queues the legs and a
// missing one cancels with NoObject; afterwards a MoveToObject follows the
// target and a lost target cancels with ObjectGone.
func (m *MoveToManager) HandleUpdateTarget(guid uint32, pos physics.Position, ok bool) {
	if m.interp() == nil {
		m.CancelMoveTo(motion.ErrNoPhysicsObject)
		return
	}
	if guid != m.TopLevelObjectID {
		return
	}
	m.lastTarget = pos
	switch {
	case m.Initialized && ok:
		if m.MovementType == motion.MovementMoveToObject {
			m.SoughtPosition, m.CurrentTargetPosition = pos, pos
			now := m.now()
			m.PreviousDistance, m.PreviousDistanceTime = math.MaxFloat32, now
			m.OriginalDistance, m.OriginalDistanceTime = math.MaxFloat32, now
		}
	case m.Initialized:
		m.CancelMoveTo(motion.ErrObjectGone)
	case ok && m.MovementType == motion.MovementMoveToObject:
		m.moveToObjectInternal(pos, pos)
	case ok && m.MovementType == motion.MovementTurnToObject:
		m.turnToObjectInternal(pos)
	case !ok:
		m.CancelMoveTo(motion.ErrNoObject)
	}
}

// pollTarget stands in for the TargetManager: it asks the world where the
// target is and reports it when it is new, moved or gone.
func (m *MoveToManager) pollTarget() {
	if m.TopLevelObjectID == 0 || (m.MovementType != motion.MovementMoveToObject && m.MovementType != motion.MovementTurnToObject) {
		return
	}
	pos, ok := m.World.TargetPosition(m.TopLevelObjectID)
	if m.Initialized && ok && pos == m.lastTarget {
		return
	}
	m.HandleUpdateTarget(m.TopLevelObjectID, pos, ok)
}

// checkProgressMade reports whether, over the last second or more, the
// distance closed (or opened, moving away) at 0.25 units/s both since the
// last check and since the leg began (MoveToManager::CheckProgressMade).
func (m *MoveToManager) checkProgressMade(dist float32) bool {
	now := m.now()
	dt := now - m.PreviousDistanceTime
	if dt <= 1 {
		return true
	}
	step := m.PreviousDistance - dist
	if m.MovingAway {
		step = -step
	}
	if float64(step)/dt < motion.MoveToProgressRate {
		return false
	}
	m.PreviousDistance, m.PreviousDistanceTime = dist, now
	total := m.OriginalDistance - dist
	if m.MovingAway {
		total = -total
	}
	return float64(total)/(now-m.OriginalDistanceTime) >= motion.MoveToProgressRate
}

// CancelMoveTo abandons the move in progress, dropping its legs and
// reporting err (MoveToManager::CancelMoveTo). It does nothing when idle.
func (m *MoveToManager) CancelMoveTo(err motion.WeenieError) {
	if m.MovementType == motion.MovementInvalid {
		return
	}
	m.Pending = m.Pending[:0]
	m.cleanUpAndCallWeenie(err)
}

// cleanUp stops the leg's command and steering turn and resets the state
// (MoveToManager::CleanUp).
func (m *MoveToManager) cleanUp() {
	if m.interp() != nil {
		p := motion.DefaultParams()
		p.HoldKeyToApply = m.Params.HoldKeyToApply
		p.CancelMoveTo = false
		if m.CurrentCommand != 0 {
			m.stopMotion(m.CurrentCommand, p)
		}
		if m.AuxCommand != 0 {
			m.stopMotion(m.AuxCommand, p)
		}
	}
	m.initializeLocalVars()
}

// cleanUpAndCallWeenie cleans up, stops completely and reports status
// (MoveToManager::CleanUpAndCallWeenie).
func (m *MoveToManager) cleanUpAndCallWeenie(status motion.WeenieError) {
	m.cleanUp()
	if mi := m.interp(); mi != nil {
		mi.StopCompletely()
	}
	if m.World != nil {
		m.World.Done(status)
	}
}

// currentDistance is the distance to the current target: centre to centre,
// or between cylinders when UseSpheres (MoveToManager::GetCurrentDistance).
func (m *MoveToManager) currentDistance() float32 {
	if m.World == nil {
		return math.MaxFloat32
	}
	cur := m.World.Position()
	if !m.Params.UseSpheres {
		return dat.GlobalDistance(cur, m.CurrentTargetPosition)
	}
	r, h := m.World.Cylinder()
	return motion.CylinderDistance(r, h, cur, m.SoughtObjectRadius, m.SoughtObjectHeight, m.CurrentTargetPosition)
}

// HitGround restarts the head leg on landing (MoveToManager::HitGround).
func (m *MoveToManager) HitGround() {
	if m.MovementType != motion.MovementInvalid {
		m.beginNextNode()
	}
}

// UseTime is the per-tick driver (MoveToManager::UseTime): after the
// target poll, nothing happens off the ground or with no legs; otherwise
// the head leg runs.
func (m *MoveToManager) UseTime() {
	mi := m.interp()
	if mi == nil {
		return
	}
	m.pollTarget()
	if !mi.Body.TransientState().Has(physics.TransientContact) || len(m.Pending) == 0 {
		return
	}
	if m.TopLevelObjectID == 0 && m.MovementType == motion.MovementInvalid && !m.Initialized {
		return
	}
	switch m.Pending[0].Type {
	case motion.MovementMoveToPosition:
		m.handleMoveToPosition()
	case motion.MovementTurnToHeading:
		m.handleTurnToHeading()
	}
}

// doMotion issues a mot through adjust_motion and DoInterpretedMotion
// (MoveToManager::_DoMotion).
func (m *MoveToManager) doMotion(mot uint32, p motion.Params) motion.WeenieError {
	mi := m.interp()
	if mi == nil {
		return motion.ErrNoMotionInterpreter
	}
	mi.AdjustMotion(&mot, &p.Speed, p.HoldKeyToApply)
	return mi.DoInterpretedMotion(mot, &p)
}

// stopMotion stops a mot through adjust_motion and
// StopInterpretedMotion (MoveToManager::_StopMotion).
func (m *MoveToManager) stopMotion(mot uint32, p motion.Params) motion.WeenieError {
	mi := m.interp()
	if mi == nil {
		return motion.ErrNoMotionInterpreter
	}
	mi.AdjustMotion(&mot, &p.Speed, p.HoldKeyToApply)
	return mi.StopInterpretedMotion(mot, &p)
}

// stopAuxCommand stops the steering turn, if any
// (MoveToManager::stop_aux_command).
func (m *MoveToManager) stopAuxCommand(p motion.Params) {
	if m.AuxCommand != 0 {
		m.stopMotion(m.AuxCommand, p)
		m.AuxCommand = 0
	}
}

// MoveToHost is what a MoveTo asks of the world around its mover: where
// other objects are, the physics clock (PhysicsTimer::curr_time), where a
// finished move is reported (WeenieObject::OnMoveComplete, with the
// mover's guid), and who is told when the mover's heading is set outside
// a transition (CPhysicsObj::set_heading → set_frame, which retail's
// object follows into its cell at once).
type MoveToHost interface {
	TargetPosition(guid uint32) (physics.Position, bool)
	CurrentTime() float64
	MoveToDone(guid uint32, err motion.WeenieError)
	HeadingSet(guid uint32)
}

// ObjectMoveTo adapts an Object to MoveToWorld: the object supplies the
// interpreter and position, Host the world around it. It holds no
// closures: the one link out of the object is Host, named.
type ObjectMoveTo struct {
	Obj *motion.Object
	// Radius and Height are the mover's cylinder.
	Radius, Height float32
	// Host is the world around the mover; nil finds no target, keeps the
	// clock at 0 and reports completions nowhere.
	Host MoveToHost
}

// Interp returns the object's interpreter.
func (w *ObjectMoveTo) Interp() *motion.Interp { return w.Obj.Interp() }

// Position returns the object's position.
func (w *ObjectMoveTo) Position() physics.Position { return w.Obj.Phys.Position }

// SetHeading turns the object upright to heading degrees, and tells the
// Host.
func (w *ObjectMoveTo) SetHeading(heading float32) {
	motion.SetFrameHeading(&w.Obj.Phys.Position.Frame, heading)
	if w.Host != nil {
		w.Host.HeadingSet(w.Obj.Phys.GUID)
	}
}

// Cylinder returns Radius and Height.
func (w *ObjectMoveTo) Cylinder() (float32, float32) { return w.Radius, w.Height }

// TargetPosition asks the Host.
func (w *ObjectMoveTo) TargetPosition(guid uint32) (physics.Position, bool) {
	if w.Host == nil {
		return physics.Position{}, false
	}
	return w.Host.TargetPosition(guid)
}

// Now asks the Host's clock.
func (w *ObjectMoveTo) Now() float64 {
	if w.Host == nil {
		return 0
	}
	return w.Host.CurrentTime()
}

// Done reports the completion to the Host, with the mover's guid.
func (w *ObjectMoveTo) Done(err motion.WeenieError) {
	if w.Host != nil {
		w.Host.MoveToDone(w.Obj.Phys.GUID, err)
	}
}
