package motion

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// The MovementStruct types the MoveToManager handles (server MovementData
// types 6–9).
const (
	MovementMoveToObject   MovementType = 6
	MovementMoveToPosition MovementType = 7
	MovementTurnToObject   MovementType = 8
	MovementTurnToHeading  MovementType = 9
)

// The result codes the MoveToManager reports (ACE WeenieError).
const (
	ErrNoMotionInterpreter WeenieError = 0x0B
	ErrActionCancelled     WeenieError = 0x36
	ErrObjectGone          WeenieError = 0x37
	ErrNoObject            WeenieError = 0x38
	ErrYouChargedTooFar    WeenieError = 0x3D
)

// The movement_params bits of MoveToParameters / TurnToParameters (ACE
// MovementParamFlags).
const (
	MoveParamCanWalk                uint32 = 0x00001
	MoveParamCanRun                 uint32 = 0x00002
	MoveParamCanSidestep            uint32 = 0x00004
	MoveParamCanWalkBackwards       uint32 = 0x00008
	MoveParamCanCharge              uint32 = 0x00010
	MoveParamFailWalk               uint32 = 0x00020
	MoveParamUseFinalHeading        uint32 = 0x00040
	MoveParamSticky                 uint32 = 0x00080
	MoveParamMoveAway               uint32 = 0x00100
	MoveParamMoveTowards            uint32 = 0x00200
	MoveParamUseSpheres             uint32 = 0x00400
	MoveParamSetHoldKey             uint32 = 0x00800
	MoveParamAutonomous             uint32 = 0x01000
	MoveParamModifyRawState         uint32 = 0x02000
	MoveParamModifyInterpretedState uint32 = 0x04000
	MoveParamCancelMoveTo           uint32 = 0x08000
	MoveParamStopCompletely         uint32 = 0x10000
	MoveParamDisableJumpDuringLink  uint32 = 0x20000

	// MoveParamDefault is ACE's default flag set (wire-format §3.4).
	MoveParamDefault uint32 = 0x1EE0F
)

// MoveTo tolerances (ACE PhysicsGlobals / MoveToManager).
const (
	// MoveToEpsilon is PhysicsGlobals.EPSILON, the heading and distance
	// "effectively zero".
	MoveToEpsilon = 0.0002
	// MoveToTurnBand is the half-width in degrees of the heading error a
	// forward move tolerates before it turns (HandleMoveToPosition).
	MoveToTurnBand = 20.0
	// MoveToProgressRate is the slowest approach, in units per second over
	// at least a second, that still counts as progress (CheckProgressMade).
	MoveToProgressRate = 0.25
)

// MoveToParams is MovementParameters as a MoveTo or TurnTo carries it: the
// movement_params bits decoded, the six MoveToParameters floats and the run
// rate from the wire, plus the hold key the manager chooses.
type MoveToParams struct {
	CanWalk                bool
	CanRun                 bool
	CanSidestep            bool
	CanWalkBackwards       bool
	CanCharge              bool
	FailWalk               bool
	UseFinalHeading        bool
	Sticky                 bool
	MoveAway               bool
	MoveTowards            bool
	UseSpheres             bool
	SetHoldKey             bool
	Autonomous             bool
	ModifyRawState         bool
	ModifyInterpretedState bool
	CancelMoveTo           bool
	StopCompletely         bool
	DisableJumpDuringLink  bool

	DistanceToObject float32
	MinDistance      float32
	FailDistance     float32
	Speed            float32
	WalkRunThreshold float32
	// DesiredHeading is in degrees clockwise from north.
	DesiredHeading float32
	// RunRate is the wire run rate of types 6 and 7; ≤ 0 keeps the mover's
	// own (wire-format §3.4).
	RunRate float32

	ContextID      uint32
	HoldKeyToApply HoldKey
}

// DecodeMoveToFlags returns parameters with the movement_params bits
// decoded and every number zero.
func DecodeMoveToFlags(bits uint32) MoveToParams {
	var p MoveToParams
	p.SetFlags(bits)
	return p
}

// DefaultMoveToParams returns ACE's default MoveToParameters (wire-format
// §3.4): flags 0x1EE0F, distance 0.6, min 0, fail float max, speed 1,
// walk/run threshold 15, heading 0.
func DefaultMoveToParams() MoveToParams {
	return NewMoveToParams(MoveParamDefault, 0.6, 0, math.MaxFloat32, 1, 15, 0, 0)
}

// NewMoveToParams builds parameters from a MoveToParameters block and the
// run rate that follows it (MovementParameters::UnPackNet).
func NewMoveToParams(bits uint32, distanceToObject, minDistance, failDistance, speed, walkRunThreshold, desiredHeading, runRate float32) MoveToParams {
	p := DecodeMoveToFlags(bits)
	p.DistanceToObject, p.MinDistance, p.FailDistance = distanceToObject, minDistance, failDistance
	p.Speed, p.WalkRunThreshold, p.DesiredHeading = speed, walkRunThreshold, desiredHeading
	p.RunRate = runRate
	return p
}

// NewTurnToParams builds parameters from a TurnToParameters block; for
// TurnToObject pass the separate desired_heading, which overrides the one
// inside the block (wire-format §3.4).
func NewTurnToParams(bits uint32, speed, desiredHeading float32) MoveToParams {
	p := DecodeMoveToFlags(bits)
	p.Speed, p.DesiredHeading = speed, desiredHeading
	return p
}

// SetFlags sets every flag from the movement_params bits
// (MovementParamFlagsHelper.Set).
func (p *MoveToParams) SetFlags(bits uint32) {
	has := func(b uint32) bool { return bits&b != 0 }
	p.CanWalk, p.CanRun = has(MoveParamCanWalk), has(MoveParamCanRun)
	p.CanSidestep, p.CanWalkBackwards = has(MoveParamCanSidestep), has(MoveParamCanWalkBackwards)
	p.CanCharge, p.FailWalk = has(MoveParamCanCharge), has(MoveParamFailWalk)
	p.UseFinalHeading, p.Sticky = has(MoveParamUseFinalHeading), has(MoveParamSticky)
	p.MoveAway, p.MoveTowards = has(MoveParamMoveAway), has(MoveParamMoveTowards)
	p.UseSpheres, p.SetHoldKey = has(MoveParamUseSpheres), has(MoveParamSetHoldKey)
	p.Autonomous, p.ModifyRawState = has(MoveParamAutonomous), has(MoveParamModifyRawState)
	p.ModifyInterpretedState, p.CancelMoveTo = has(MoveParamModifyInterpretedState), has(MoveParamCancelMoveTo)
	p.StopCompletely, p.DisableJumpDuringLink = has(MoveParamStopCompletely), has(MoveParamDisableJumpDuringLink)
}

// Flags packs the flags back into movement_params bits
// (MovementParamFlagsHelper.Get).
func (p *MoveToParams) Flags() uint32 {
	var bits uint32
	set := func(on bool, b uint32) {
		if on {
			bits |= b
		}
	}
	set(p.CanWalk, MoveParamCanWalk)
	set(p.CanRun, MoveParamCanRun)
	set(p.CanSidestep, MoveParamCanSidestep)
	set(p.CanWalkBackwards, MoveParamCanWalkBackwards)
	set(p.CanCharge, MoveParamCanCharge)
	set(p.FailWalk, MoveParamFailWalk)
	set(p.UseFinalHeading, MoveParamUseFinalHeading)
	set(p.Sticky, MoveParamSticky)
	set(p.MoveAway, MoveParamMoveAway)
	set(p.MoveTowards, MoveParamMoveTowards)
	set(p.UseSpheres, MoveParamUseSpheres)
	set(p.SetHoldKey, MoveParamSetHoldKey)
	set(p.Autonomous, MoveParamAutonomous)
	set(p.ModifyRawState, MoveParamModifyRawState)
	set(p.ModifyInterpretedState, MoveParamModifyInterpretedState)
	set(p.CancelMoveTo, MoveParamCancelMoveTo)
	set(p.StopCompletely, MoveParamStopCompletely)
	set(p.DisableJumpDuringLink, MoveParamDisableJumpDuringLink)
	return bits
}

// getCommand picks the forward command, hold key and direction for a
// distance (MovementParameters::get_command, ACE-derived): toward while
// beyond distance_to_object, away while inside min_distance, and Run when
// running is allowed and walking is not, or the remaining distance exceeds
// walk_run_threshold.
func (p *MoveToParams) getCommand(dist float32) (motion uint32, hold HoldKey, movingAway bool) {
	switch {
	case p.MoveTowards || !p.MoveAway:
		if p.MoveAway {
			motion, movingAway = p.towardsAndAway(dist)
		} else if dist > p.DistanceToObject {
			motion = WalkForward
		}
	case dist < p.MinDistance:
		motion, movingAway = WalkForward, true
	}
	hold = HoldKeyNone
	if p.CanRun && (!p.CanWalk || dist-p.DistanceToObject > p.WalkRunThreshold) {
		hold = HoldKeyRun
	}
	return motion, hold, movingAway
}

// towardsAndAway walks forward when too far and backwards when inside
// min_distance (MovementParameters::towards_and_away).
func (p *MoveToParams) towardsAndAway(dist float32) (uint32, bool) {
	switch {
	case dist > p.DistanceToObject:
		return WalkForward, false
	case dist-p.MinDistance < MoveToEpsilon:
		return WalkBackwards, true
	}
	return 0, false
}

// desiredHeading is the heading of the move relative to the bearing to the
// target: 180 when walking forward away or backwards toward
// (MovementParameters::get_desired_heading).
func desiredHeading(motion uint32, movingAway bool) float32 {
	switch motion {
	case RunForward, WalkForward:
		if movingAway {
			return 180
		}
	case WalkBackwards:
		if !movingAway {
			return 180
		}
	}
	return 0
}

// FrameHeading returns the heading of f in degrees in [0, 360), clockwise
// from north (+y) (AFrame::get_heading).
func FrameHeading(f physics.Frame) float32 {
	fwd := f.Orientation.Rotate(physics.Vec3{Y: 1})
	return vectorHeading(fwd.X, fwd.Y)
}

// SetFrameHeading turns f upright to face heading degrees clockwise from
// north (AFrame::set_heading for an upright frame).
func SetFrameHeading(f *physics.Frame, heading float32) {
	f.Orientation = physics.Heading(-float64(heading) * math.Pi / 180)
}

// vectorHeading is (450 − atan2(y, x)°) mod 360.
func vectorHeading(x, y float32) float32 {
	deg := math.Atan2(float64(y), float64(x)) * 180 / math.Pi
	h := float32(math.Mod(450-deg, 360))
	if h >= 360 || h < 0 {
		h = 0
	}
	return h
}

// PositionHeading is the heading from one position toward another in the
// horizontal plane, 0 when they coincide (Position::heading).
func PositionHeading(from, to physics.Position) float32 {
	d := dat.GlobalOffset(from, to)
	d.Z = 0
	if d.Len() < MoveToEpsilon {
		return 0
	}
	return vectorHeading(d.X, d.Y)
}

// CylinderDistance is the gap between two upright cylinders standing at
// their positions: horizontal reach less both radii, combined with the
// vertical gap when both are positive or both negative
// (Position::CylinderDistance).
func CylinderDistance(radius, height float32, pos physics.Position, otherRadius, otherHeight float32, other physics.Position) float32 {
	reach := dat.GlobalOffset(pos, other).Len() - (radius + otherRadius)
	var dz float32
	if pos.Frame.Origin.Z <= other.Frame.Origin.Z {
		dz = other.Frame.Origin.Z - (pos.Frame.Origin.Z + height)
	} else {
		dz = pos.Frame.Origin.Z - (other.Frame.Origin.Z + otherHeight)
	}
	switch {
	case dz > 0 && reach > 0:
		return float32(math.Sqrt(float64(dz*dz + reach*reach)))
	case dz < 0 && reach < 0:
		return -float32(math.Sqrt(float64(dz*dz + reach*reach)))
	}
	return reach
}

// normalizeHeadingDiff snaps |d| < ε to 0 and lifts d < −ε by 360, the
// normalisation every MoveToManager heading check applies.
func normalizeHeadingDiff(d float32) float32 {
	if float32(math.Abs(float64(d))) < MoveToEpsilon {
		d = 0
	}
	if d < -MoveToEpsilon {
		d += 360
	}
	return d
}

// headingDiff is how far h1 lies past h2 turning right, or turning left
// for any other motion (MoveToManager::heading_diff).
func headingDiff(h1, h2 float32, motion uint32) float32 {
	d := normalizeHeadingDiff(h1 - h2)
	if d > MoveToEpsilon && motion != TurnRight {
		d = 360 - d
	}
	return d
}

// headingGreater reports whether h1 has passed h2 in the direction of the
// turn, the shorter way round (MoveToManager::heading_greater).
func headingGreater(h1, h2 float32, motion uint32) bool {
	var result bool
	if float32(math.Abs(float64(h1-h2))) <= 180 {
		result = h1 > h2
	} else {
		result = h2 > h1
	}
	if motion != TurnRight {
		result = !result
	}
	return result
}

// MoveToWorld is what the MoveToManager needs from its object and the
// world around it.
type MoveToWorld interface {
	// Interp is the mover's motion interpreter (nil when it has none).
	Interp() *Interp
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
	Done(err WeenieError)
}

// MoveToSticker is implemented by a MoveToWorld that can stick the mover to
// its target when a Sticky move arrives (PositionManager::StickTo).
type MoveToSticker interface {
	StickTo(guid uint32, radius, height float32)
}

// MoveToNode is one pending MoveTo step (MovementNode): a MoveToPosition
// leg or a TurnToHeading to Heading degrees.
type MoveToNode struct {
	Type    MovementType
	Heading float32
}

// MoveToManager is the retail MoveToManager: it turns a server MoveTo or
// TurnTo into a queue of turn and move legs and drives them through the
// interpreter on every UseTime.
type MoveToManager struct {
	World MoveToWorld

	MovementType          MovementType
	SoughtPosition        physics.Position
	CurrentTargetPosition physics.Position
	StartingPosition      physics.Position
	Params                MoveToParams
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
	m.MovementType = MovementInvalid
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

func (m *MoveToManager) interp() *Interp {
	if m.World == nil {
		return nil
	}
	return m.World.Interp()
}

// IsMovingTo reports whether a MoveTo or TurnTo is in progress
// (MoveToManager::is_moving_to).
func (m *MoveToManager) IsMovingTo() bool { return m.MovementType != MovementInvalid }

// begin is the MoveToManager::PerformMovement prelude: cancel the move in
// progress with ActionCancelled, unstick, and take the wire run rate
// (MovementManager::unpack_movement stores my_run_rate for types 6 and 7).
func (m *MoveToManager) begin(p *MoveToParams) *Interp {
	m.CancelMoveTo(ErrActionCancelled)
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
func (m *MoveToManager) MoveToObject(target uint32, targetRadius, targetHeight float32, p MoveToParams) {
	mi := m.begin(&p)
	if mi == nil {
		return
	}
	mi.StopCompletely()
	m.StartingPosition = m.World.Position()
	m.SoughtObjectID, m.TopLevelObjectID = target, target
	m.SoughtObjectRadius, m.SoughtObjectHeight = targetRadius, targetHeight
	m.MovementType = MovementMoveToObject
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
	bearing := PositionHeading(cur, interpolated)
	if motion, _, _ := m.Params.getCommand(m.currentDistance()); motion != 0 {
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
func (m *MoveToManager) MoveToPosition(pos physics.Position, p MoveToParams) {
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
	if motion, _, _ := p.getCommand(m.currentDistance()); motion != 0 {
		m.addTurnToHeadingNode(PositionHeading(cur, pos))
		m.addMoveToPositionNode()
	}
	if p.UseFinalHeading {
		m.addTurnToHeadingNode(p.DesiredHeading)
	}
	m.SoughtPosition = pos
	m.StartingPosition = cur
	m.MovementType = MovementMoveToPosition
	m.beginNextNode()
}

// TurnToObject starts a turn to face an object plus p.DesiredHeading,
// stopping first when StopCompletely (MoveToManager::TurnToObject).
func (m *MoveToManager) TurnToObject(target uint32, p MoveToParams) {
	mi := m.begin(&p)
	if mi == nil {
		return
	}
	if p.StopCompletely {
		mi.StopCompletely()
	}
	m.MovementType = MovementTurnToObject
	m.SoughtObjectID, m.TopLevelObjectID = target, target
	SetFrameHeading(&m.SoughtPosition.Frame, p.DesiredHeading)
	m.Params = p
	m.Initialized = false
	m.pollTarget()
}

// turnToObjectInternal queues the turn to bearing + desired heading
// (MoveToManager::TurnToObject_Internal).
func (m *MoveToManager) turnToObjectInternal(target physics.Position) {
	m.CurrentTargetPosition = target
	h := PositionHeading(m.World.Position(), target) + FrameHeading(m.SoughtPosition.Frame)
	h = float32(math.Mod(float64(h), 360))
	SetFrameHeading(&m.SoughtPosition.Frame, h)
	m.addTurnToHeadingNode(h)
	m.Initialized = true
	m.beginNextNode()
}

// TurnToHeading queues a turn to p.DesiredHeading, stopping first when
// StopCompletely; UseTime starts it (MoveToManager::TurnToHeading).
func (m *MoveToManager) TurnToHeading(p MoveToParams) {
	mi := m.begin(&p)
	if mi == nil {
		return
	}
	if p.StopCompletely {
		mi.StopCompletely()
	}
	p.Sticky = false
	m.Params = p
	SetFrameHeading(&m.SoughtPosition.Frame, p.DesiredHeading)
	m.MovementType = MovementTurnToHeading
	m.addTurnToHeadingNode(p.DesiredHeading)
}

// addMoveToPositionNode is MoveToManager::AddMoveToPositionNode.
func (m *MoveToManager) addMoveToPositionNode() {
	m.Pending = append(m.Pending, MoveToNode{Type: MovementMoveToPosition})
}

// addTurnToHeadingNode is MoveToManager::AddTurnToHeadingNode.
func (m *MoveToManager) addTurnToHeadingNode(heading float32) {
	m.Pending = append(m.Pending, MoveToNode{Type: MovementTurnToHeading, Heading: heading})
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
		case MovementMoveToPosition:
			m.beginMoveForward()
		case MovementTurnToHeading:
			m.beginTurnToHeading()
		}
		return
	}
	if m.Params.Sticky {
		target, radius, height := m.TopLevelObjectID, m.SoughtObjectRadius, m.SoughtObjectHeight
		w := m.World
		m.cleanUpAndCallWeenie(ErrNone)
		if s, ok := w.(MoveToSticker); ok {
			s.StickTo(target, radius, height)
		}
		return
	}
	m.cleanUpAndCallWeenie(ErrNone)
}

// legParams is the MovementParameters a leg issues its motions with: the
// move's speed and hold key, never cancelling the MoveTo itself.
func (m *MoveToManager) legParams(hold HoldKey) Params {
	p := DefaultParams()
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
		m.CancelMoveTo(ErrNoPhysicsObject)
		return
	}
	dist := m.currentDistance()
	motion, hold, away := m.Params.getCommand(dist)
	if motion == 0 {
		m.removePendingHead()
		m.beginNextNode()
		return
	}
	if err := m.doMotion(motion, m.legParams(hold)); err != ErrNone {
		m.CancelMoveTo(err)
		return
	}
	m.CurrentCommand = motion
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
		m.CancelMoveTo(ErrNoPhysicsObject)
		return
	}
	cur := m.World.Position()
	p := m.legParams(m.Params.HoldKeyToApply)
	if !mi.MotionsPending() {
		heading := desiredHeading(m.CurrentCommand, m.MovingAway) + PositionHeading(cur, m.CurrentTargetPosition)
		if heading >= 360 {
			heading -= 360
		}
		diff := normalizeHeadingDiff(heading - FrameHeading(cur.Frame))
		if diff > MoveToTurnBand && diff < 360-MoveToTurnBand {
			turn := uint32(TurnRight)
			if diff >= 180 {
				turn = TurnLeft
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
		m.CancelMoveTo(ErrYouChargedTooFar)
	}
}

// beginTurnToHeading starts the head turn leg once no motion is pending:
// TurnRight when the target heading is at most 180° clockwise, TurnLeft
// otherwise, skipping the leg when already within ε
// (MoveToManager::BeginTurnToHeading).
func (m *MoveToManager) beginTurnToHeading() {
	mi := m.interp()
	if mi == nil {
		m.CancelMoveTo(ErrNoPhysicsObject)
		return
	}
	if mi.MotionsPending() {
		return
	}
	heading := FrameHeading(m.World.Position().Frame)
	diff := headingDiff(m.Pending[0].Heading, heading, TurnRight)
	var turn uint32
	switch {
	case diff <= 180 && diff > MoveToEpsilon:
		turn = TurnRight
	case diff > 180 && diff+MoveToEpsilon <= 360:
		turn = TurnLeft
	default:
		m.removePendingHead()
		m.beginNextNode()
		return
	}
	if err := m.doMotion(turn, m.legParams(m.Params.HoldKeyToApply)); err != ErrNone {
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
		m.CancelMoveTo(ErrNoPhysicsObject)
		return
	}
	if m.CurrentCommand != TurnRight && m.CurrentCommand != TurnLeft {
		m.beginTurnToHeading()
		return
	}
	target := m.Pending[0].Heading
	heading := FrameHeading(m.World.Position().Frame)
	if headingGreater(heading, target, m.CurrentCommand) {
		m.FailProgressCount = 0
		m.World.SetHeading(target)
		m.removePendingHead()
		m.stopMotion(m.CurrentCommand, m.legParams(m.Params.HoldKeyToApply))
		m.CurrentCommand = 0
		m.beginNextNode()
		return
	}
	if d := headingDiff(heading, m.PreviousHeading, m.CurrentCommand); d > MoveToEpsilon && d < 180 {
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
		m.CancelMoveTo(ErrNoPhysicsObject)
		return
	}
	if guid != m.TopLevelObjectID {
		return
	}
	m.lastTarget = pos
	switch {
	case m.Initialized && ok:
		if m.MovementType == MovementMoveToObject {
			m.SoughtPosition, m.CurrentTargetPosition = pos, pos
			now := m.now()
			m.PreviousDistance, m.PreviousDistanceTime = math.MaxFloat32, now
			m.OriginalDistance, m.OriginalDistanceTime = math.MaxFloat32, now
		}
	case m.Initialized:
		m.CancelMoveTo(ErrObjectGone)
	case ok && m.MovementType == MovementMoveToObject:
		m.moveToObjectInternal(pos, pos)
	case ok && m.MovementType == MovementTurnToObject:
		m.turnToObjectInternal(pos)
	case !ok:
		m.CancelMoveTo(ErrNoObject)
	}
}

// pollTarget stands in for the TargetManager: it asks the world where the
// target is and reports it when it is new, moved or gone.
func (m *MoveToManager) pollTarget() {
	if m.TopLevelObjectID == 0 || (m.MovementType != MovementMoveToObject && m.MovementType != MovementTurnToObject) {
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
	if float64(step)/dt < MoveToProgressRate {
		return false
	}
	m.PreviousDistance, m.PreviousDistanceTime = dist, now
	total := m.OriginalDistance - dist
	if m.MovingAway {
		total = -total
	}
	return float64(total)/(now-m.OriginalDistanceTime) >= MoveToProgressRate
}

// CancelMoveTo abandons the move in progress, dropping its legs and
// reporting err (MoveToManager::CancelMoveTo). It does nothing when idle.
func (m *MoveToManager) CancelMoveTo(err WeenieError) {
	if m.MovementType == MovementInvalid {
		return
	}
	m.Pending = m.Pending[:0]
	m.cleanUpAndCallWeenie(err)
}

// cleanUp stops the leg's command and steering turn and resets the state
// (MoveToManager::CleanUp).
func (m *MoveToManager) cleanUp() {
	if m.interp() != nil {
		p := DefaultParams()
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
func (m *MoveToManager) cleanUpAndCallWeenie(status WeenieError) {
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
	return CylinderDistance(r, h, cur, m.SoughtObjectRadius, m.SoughtObjectHeight, m.CurrentTargetPosition)
}

// HitGround restarts the head leg on landing (MoveToManager::HitGround).
func (m *MoveToManager) HitGround() {
	if m.MovementType != MovementInvalid {
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
	if m.TopLevelObjectID == 0 && m.MovementType == MovementInvalid && !m.Initialized {
		return
	}
	switch m.Pending[0].Type {
	case MovementMoveToPosition:
		m.handleMoveToPosition()
	case MovementTurnToHeading:
		m.handleTurnToHeading()
	}
}

// doMotion issues a motion through adjust_motion and DoInterpretedMotion
// (MoveToManager::_DoMotion).
func (m *MoveToManager) doMotion(motion uint32, p Params) WeenieError {
	mi := m.interp()
	if mi == nil {
		return ErrNoMotionInterpreter
	}
	mi.adjustMotion(&motion, &p.Speed, p.HoldKeyToApply)
	return mi.DoInterpretedMotion(motion, &p)
}

// stopMotion stops a motion through adjust_motion and
// StopInterpretedMotion (MoveToManager::_StopMotion).
func (m *MoveToManager) stopMotion(motion uint32, p Params) WeenieError {
	mi := m.interp()
	if mi == nil {
		return ErrNoMotionInterpreter
	}
	mi.adjustMotion(&motion, &p.Speed, p.HoldKeyToApply)
	return mi.StopInterpretedMotion(motion, &p)
}

// stopAuxCommand stops the steering turn, if any
// (MoveToManager::stop_aux_command).
func (m *MoveToManager) stopAuxCommand(p Params) {
	if m.AuxCommand != 0 {
		m.stopMotion(m.AuxCommand, p)
		m.AuxCommand = 0
	}
}

// MoveToHost is what a MoveTo asks of the world around its mover: where
// other objects are, the physics clock (PhysicsTimer::curr_time), and
// where a finished move is reported (WeenieObject::OnMoveComplete, with
// the mover's guid).
type MoveToHost interface {
	TargetPosition(guid uint32) (physics.Position, bool)
	CurrentTime() float64
	MoveToDone(guid uint32, err WeenieError)
}

// ObjectMoveTo adapts an Object to MoveToWorld: the object supplies the
// interpreter and position, Host the world around it. It holds no
// closures: the one link out of the object is Host, named.
type ObjectMoveTo struct {
	Obj *Object
	// Radius and Height are the mover's cylinder.
	Radius, Height float32
	// Host is the world around the mover; nil finds no target, keeps the
	// clock at 0 and reports completions nowhere.
	Host MoveToHost
}

// Interp returns the object's interpreter.
func (w *ObjectMoveTo) Interp() *Interp { return w.Obj.Interp() }

// Position returns the object's position.
func (w *ObjectMoveTo) Position() physics.Position { return w.Obj.Phys.Position }

// SetHeading turns the object upright to heading degrees.
func (w *ObjectMoveTo) SetHeading(heading float32) {
	SetFrameHeading(&w.Obj.Phys.Position.Frame, heading)
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
func (w *ObjectMoveTo) Done(err WeenieError) {
	if w.Host != nil {
		w.Host.MoveToDone(w.Obj.Phys.GUID, err)
	}
}
