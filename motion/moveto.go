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

// GetCommand picks the forward command, hold key and direction for a
// distance (MovementParameters::get_command, ACE-derived): toward while
// beyond distance_to_object, away while inside min_distance, and Run when
// running is allowed and walking is not, or the remaining distance exceeds
// walk_run_threshold.
func (p *MoveToParams) GetCommand(dist float32) (motion uint32, hold HoldKey, movingAway bool) {
	switch {
	case p.MoveTowards || !p.MoveAway:
		if p.MoveAway {
			motion, movingAway = p.TowardsAndAway(dist)
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

// TowardsAndAway walks forward when too far and backwards when inside
// min_distance (MovementParameters::towards_and_away).
func (p *MoveToParams) TowardsAndAway(dist float32) (uint32, bool) {
	switch {
	case dist > p.DistanceToObject:
		return WalkForward, false
	case dist-p.MinDistance < MoveToEpsilon:
		return WalkBackwards, true
	}
	return 0, false
}

// DesiredHeading is the heading of the move relative to the bearing to the
// target: 180 when walking forward away or backwards toward
// (MovementParameters::get_desired_heading).
func DesiredHeading(motion uint32, movingAway bool) float32 {
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
	return VectorHeading(fwd.X, fwd.Y)
}

// SetFrameHeading turns f upright to face heading degrees clockwise from
// north (AFrame::set_heading for an upright frame).
func SetFrameHeading(f *physics.Frame, heading float32) {
	f.Orientation = physics.Heading(-float64(heading) * math.Pi / 180)
}

// VectorHeading is the heading of direction (x, y) in degrees clockwise
// from north: (450 − atan2(y, x)°) mod 360.
func VectorHeading(x, y float32) float32 {
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
	return VectorHeading(d.X, d.Y)
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
	// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
	switch {
	case dz > 0 && reach > 0:
		return float32(math.Sqrt(float64(float32(dz*dz) + float32(reach*reach))))
	case dz < 0 && reach < 0:
		return -float32(math.Sqrt(float64(float32(dz*dz) + float32(reach*reach))))
	}
	return reach
}
