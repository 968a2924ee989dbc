package protocol

import (
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
)

// Position is a cell id plus a frame: the 32-byte wire Position (§1.6), whose
// quaternion travels w first.
type Position struct {
	Cell  uint32
	Frame physics.Frame
}

// Origin is the 16-byte cell id plus origin used by the MoveTo bodies.
type Origin struct {
	Cell uint32
	Pos  physics.Vec3
}

// MovementType selects the MovementData body (§3.2).
type MovementType uint8

// Movement types; 1–5 are never sent by ACE and carry no body.
const (
	MovementInterpreted            MovementType = 0
	MovementRawCommand             MovementType = 1
	MovementInterpretedCommand     MovementType = 2
	MovementStopRawCommand         MovementType = 3
	MovementStopInterpretedCommand MovementType = 4
	MovementStopCompletely         MovementType = 5
	MovementMoveToObject           MovementType = 6
	MovementMoveToPosition         MovementType = 7
	MovementTurnToObject           MovementType = 8
	MovementTurnToHeading          MovementType = 9
)

// MotionFlags bits in the MovementData header.
const (
	MotionStickToObject    uint8 = 0x01
	MotionStandingLongJump uint8 = 0x02
)

// InterpretedMotionState flag bits (ACE MovementStateFlag).
const (
	IMSCurrentStyle    uint32 = 0x01
	IMSForwardCommand  uint32 = 0x02
	IMSForwardSpeed    uint32 = 0x04
	IMSSideStepCommand uint32 = 0x08
	IMSSideStepSpeed   uint32 = 0x10
	IMSTurnCommand     uint32 = 0x20
	IMSTurnSpeed       uint32 = 0x40
)

// MotionItem is one entry of an action list: the command (full 32-bit after
// decoding, 16-bit on the wire), the 15-bit action sequence, the autonomous
// bit and the speed.
type MotionItem struct {
	Command    uint32
	Sequence   uint16 // 0–0x7FFF
	Autonomous bool
	Speed      float32
}

// InterpretedMotionState is the server's motion state (§3.3). Flags says
// which fields were on the wire; absent fields hold the retail defaults
// (NonCombat, Ready, speeds 1.0).
type InterpretedMotionState struct {
	Flags           uint32 // bits 0–6
	CurrentStyle    uint32
	ForwardCommand  uint32
	SidestepCommand uint32
	TurnCommand     uint32
	ForwardSpeed    float32
	SidestepSpeed   float32
	TurnSpeed       float32
	Actions         []MotionItem
}

// Reset sets s to the retail InterpretedMotionState defaults, keeping the
// action slice's storage.
func (s *InterpretedMotionState) Reset() {
	*s = InterpretedMotionState{
		CurrentStyle:   motioncmd.NonCombat,
		ForwardCommand: motioncmd.Ready,
		ForwardSpeed:   1, SidestepSpeed: 1, TurnSpeed: 1,
		Actions: s.Actions[:0],
	}
}

// BuildFlags sets Flags the way ACE does (InterpretedMotionState.
// BuildMovementFlags): a command bit for every non-zero command (so Ready is
// explicit), the style bit for a non-zero style other than 0x80000000, a
// speed bit for every speed other than 1.0.
func (s *InterpretedMotionState) BuildFlags() {
	var f uint32
	if s.CurrentStyle != 0 && s.CurrentStyle != motioncmd.MaskStyle {
		f |= IMSCurrentStyle
	}
	if s.ForwardCommand != 0 {
		f |= IMSForwardCommand
	}
	if s.SidestepCommand != 0 {
		f |= IMSSideStepCommand
	}
	if s.TurnCommand != 0 {
		f |= IMSTurnCommand
	}
	if s.ForwardSpeed != 1 {
		f |= IMSForwardSpeed
	}
	if s.SidestepSpeed != 1 {
		f |= IMSSideStepSpeed
	}
	if s.TurnSpeed != 1 {
		f |= IMSTurnSpeed
	}
	s.Flags = f
}

// MoveToParameters is the 28-byte MoveTo parameter block (§3.4).
type MoveToParameters struct {
	MovementParams   uint32
	DistanceToObject float32
	MinDistance      float32
	FailDistance     float32
	Speed            float32
	WalkRunThreshold float32
	DesiredHeading   float32
}

// TurnToParameters is the 12-byte TurnTo parameter block (§3.4).
type TurnToParameters struct {
	MovementParams uint32
	Speed          float32
	DesiredHeading float32
}

// MovementData is the movement body shared by UpdateMotion and CreateObject
// (§3.2). Which fields mean anything depends on Type:
//   - 0: State, and StickyObject when MotionFlags has MotionStickToObject;
//   - 6: Target, Origin, MoveTo, RunRate;   7: Origin, MoveTo, RunRate;
//   - 8: Target, DesiredHeading, TurnTo;    9: TurnTo.
type MovementData struct {
	Type           MovementType
	MotionFlags    uint8
	Style          uint32 // header stance, full 32-bit (may be 0 for type 0)
	State          InterpretedMotionState
	StickyObject   uint32
	Target         uint32
	Origin         Origin
	MoveTo         MoveToParameters
	RunRate        float32
	DesiredHeading float32
	TurnTo         TurnToParameters
}

// command reads a 16-bit command and widens it through the command table.
func (r *reader) command(field string) uint32 {
	full, _ := motioncmd.FromWire(r.u16(field))
	return full
}

// motionItems reads n action items; at is the offset of the packed word
// that holds the count.
func (r *reader) motionItems(items []MotionItem, n uint64, field string, at int) []MotionItem {
	cnt := r.count(field, at, n, 8)
	items = items[:0]
	if cnt == 0 {
		return items
	}
	if cap(items) < cnt {
		items = make([]MotionItem, 0, cnt)
	}
	for range cnt {
		var it MotionItem
		it.Command = r.command("action_command")
		seq := r.u16("action_sequence")
		it.Sequence = seq & 0x7FFF
		it.Autonomous = seq&0x8000 != 0
		it.Speed = r.f32("action_speed")
		items = append(items, it)
	}
	return items
}

func appendMotionItems(dst []byte, items []MotionItem) []byte {
	for _, it := range items {
		dst = appendU16(dst, motioncmd.ToWire(it.Command))
		seq := it.Sequence & 0x7FFF
		if it.Autonomous {
			seq |= 0x8000
		}
		dst = appendU16(dst, seq)
		dst = appendF32(dst, it.Speed)
	}
	return dst
}

// interpretedState reads an InterpretedMotionState: commands first, then
// speeds, then actions, then a message-relative align.
func (r *reader) interpretedState(s *InterpretedMotionState) {
	s.Reset()
	at := r.Off
	packed := r.u32("ims_flags")
	s.Flags = packed & 0x7F
	if s.Flags&IMSCurrentStyle != 0 {
		s.CurrentStyle = r.command("current_style")
	}
	if s.Flags&IMSForwardCommand != 0 {
		s.ForwardCommand = r.command("forward_command")
	}
	if s.Flags&IMSSideStepCommand != 0 {
		s.SidestepCommand = r.command("sidestep_command")
	}
	if s.Flags&IMSTurnCommand != 0 {
		s.TurnCommand = r.command("turn_command")
	}
	if s.Flags&IMSForwardSpeed != 0 {
		s.ForwardSpeed = r.f32("forward_speed")
	}
	if s.Flags&IMSSideStepSpeed != 0 {
		s.SidestepSpeed = r.f32("sidestep_speed")
	}
	if s.Flags&IMSTurnSpeed != 0 {
		s.TurnSpeed = r.f32("turn_speed")
	}
	s.Actions = r.motionItems(s.Actions, uint64(packed>>7), "num_actions", at)
	r.align("ims_pad")
}

func appendInterpretedState(dst []byte, start int, s *InterpretedMotionState) []byte {
	f := s.Flags & 0x7F
	dst = appendU32(dst, f|uint32(len(s.Actions))<<7)
	if f&IMSCurrentStyle != 0 {
		dst = appendU16(dst, motioncmd.ToWire(s.CurrentStyle))
	}
	if f&IMSForwardCommand != 0 {
		dst = appendU16(dst, motioncmd.ToWire(s.ForwardCommand))
	}
	if f&IMSSideStepCommand != 0 {
		dst = appendU16(dst, motioncmd.ToWire(s.SidestepCommand))
	}
	if f&IMSTurnCommand != 0 {
		dst = appendU16(dst, motioncmd.ToWire(s.TurnCommand))
	}
	if f&IMSForwardSpeed != 0 {
		dst = appendF32(dst, s.ForwardSpeed)
	}
	if f&IMSSideStepSpeed != 0 {
		dst = appendF32(dst, s.SidestepSpeed)
	}
	if f&IMSTurnSpeed != 0 {
		dst = appendF32(dst, s.TurnSpeed)
	}
	dst = appendMotionItems(dst, s.Actions)
	return appendAlign(dst, start)
}

func (r *reader) moveToParams() MoveToParameters {
	return MoveToParameters{
		MovementParams:   r.u32("movement_params"),
		DistanceToObject: r.f32("distance_to_object"),
		MinDistance:      r.f32("min_distance"),
		FailDistance:     r.f32("fail_distance"),
		Speed:            r.f32("speed"),
		WalkRunThreshold: r.f32("walk_run_threshold"),
		DesiredHeading:   r.f32("desired_heading"),
	}
}

func appendMoveToParams(dst []byte, p MoveToParameters) []byte {
	dst = appendU32(dst, p.MovementParams)
	for _, f := range [...]float32{p.DistanceToObject, p.MinDistance, p.FailDistance, p.Speed, p.WalkRunThreshold, p.DesiredHeading} {
		dst = appendF32(dst, f)
	}
	return dst
}

func (r *reader) turnToParams() TurnToParameters {
	return TurnToParameters{
		MovementParams: r.u32("movement_params"),
		Speed:          r.f32("speed"),
		DesiredHeading: r.f32("desired_heading"),
	}
}

func appendTurnToParams(dst []byte, p TurnToParameters) []byte {
	return appendF32(appendF32(appendU32(dst, p.MovementParams), p.Speed), p.DesiredHeading)
}

// movementData reads a MovementData body (§3.2) into m, reusing m's action
// slice.
func (r *reader) movementData(m *MovementData) {
	actions := m.State.Actions
	*m = MovementData{}
	m.State.Actions = actions
	typeAt := r.Off
	m.Type = MovementType(r.u8("movement_type"))
	m.MotionFlags = r.u8("motion_flags")
	m.Style = r.command("current_style")
	switch m.Type {
	case MovementInterpreted:
		r.interpretedState(&m.State)
		if m.MotionFlags&MotionStickToObject != 0 {
			m.StickyObject = r.u32("sticky_object")
		}
	case MovementRawCommand, MovementInterpretedCommand, MovementStopRawCommand,
		MovementStopInterpretedCommand, MovementStopCompletely:
		// ACE writes no body for these.
	case MovementMoveToObject:
		m.Target = r.u32("target")
		m.Origin = r.origin("origin")
		m.MoveTo = r.moveToParams()
		m.RunRate = r.f32("run_rate")
	case MovementMoveToPosition:
		m.Origin = r.origin("origin")
		m.MoveTo = r.moveToParams()
		m.RunRate = r.f32("run_rate")
	case MovementTurnToObject:
		m.Target = r.u32("target")
		m.DesiredHeading = r.f32("desired_heading")
		m.TurnTo = r.turnToParams()
	case MovementTurnToHeading:
		m.TurnTo = r.turnToParams()
	default:
		r.fail("movement_type", typeAt, "unknown movement type %d", m.Type)
	}
}

// appendMovementData writes m; start is the message start in dst.
func appendMovementData(dst []byte, start int, m *MovementData) []byte {
	dst = appendU8(dst, uint8(m.Type))
	dst = appendU8(dst, m.MotionFlags)
	dst = appendU16(dst, motioncmd.ToWire(m.Style))
	switch m.Type {
	case MovementInterpreted:
		dst = appendInterpretedState(dst, start, &m.State)
		if m.MotionFlags&MotionStickToObject != 0 {
			dst = appendU32(dst, m.StickyObject)
		}
	case MovementMoveToObject:
		dst = appendU32(dst, m.Target)
		dst = appendOrigin(dst, m.Origin)
		dst = appendMoveToParams(dst, m.MoveTo)
		dst = appendF32(dst, m.RunRate)
	case MovementMoveToPosition:
		dst = appendOrigin(dst, m.Origin)
		dst = appendMoveToParams(dst, m.MoveTo)
		dst = appendF32(dst, m.RunRate)
	case MovementTurnToObject:
		dst = appendU32(dst, m.Target)
		dst = appendF32(dst, m.DesiredHeading)
		dst = appendTurnToParams(dst, m.TurnTo)
	case MovementTurnToHeading:
		dst = appendTurnToParams(dst, m.TurnTo)
	}
	return dst
}
