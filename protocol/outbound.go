package protocol

import (
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
)

// HoldKey values (ACE HoldKey).
const (
	HoldKeyInvalid uint32 = 0
	HoldKeyNone    uint32 = 1
	HoldKeyRun     uint32 = 2
)

// RawMotionState flag bits, in wire order (§6.2).
const (
	RawCurrentHoldKey  uint32 = 0x001
	RawCurrentStyle    uint32 = 0x002
	RawForwardCommand  uint32 = 0x004
	RawForwardHoldKey  uint32 = 0x008
	RawForwardSpeed    uint32 = 0x010
	RawSideStepCommand uint32 = 0x020
	RawSideStepHoldKey uint32 = 0x040
	RawSideStepSpeed   uint32 = 0x080
	RawTurnCommand     uint32 = 0x100
	RawTurnHoldKey     uint32 = 0x200
	RawTurnSpeed       uint32 = 0x400
)

// RawMotionState is the client's motion state inside MoveToState (§6.2):
// full 32-bit commands, fields in flag-bit order, 16-bit actions. Absent
// fields hold the retail defaults (RawMotionState::InitDefaults).
type RawMotionState struct {
	Flags           uint32 // bits 0–10
	CurrentHoldKey  uint32
	CurrentStyle    uint32
	ForwardCommand  uint32
	ForwardHoldKey  uint32
	ForwardSpeed    float32
	SidestepCommand uint32
	SidestepHoldKey uint32
	SidestepSpeed   float32
	TurnCommand     uint32
	TurnHoldKey     uint32
	TurnSpeed       float32
	Actions         []MotionItem
}

// Reset sets s to the retail defaults, keeping the action slice's storage.
func (s *RawMotionState) Reset() {
	*s = RawMotionState{
		CurrentHoldKey: HoldKeyNone,
		CurrentStyle:   motioncmd.NonCombat,
		ForwardCommand: motioncmd.Ready,
		ForwardSpeed:   1, SidestepSpeed: 1, TurnSpeed: 1,
		Actions: s.Actions[:0],
	}
}

// BuildFlags sets Flags to exactly the fields that differ from the retail
// defaults, as the client sends them.
func (s *RawMotionState) BuildFlags() {
	var f uint32
	set := func(bit uint32, differs bool) {
		if differs {
			f |= bit
		}
	}
	set(RawCurrentHoldKey, s.CurrentHoldKey != HoldKeyNone)
	set(RawCurrentStyle, s.CurrentStyle != motioncmd.NonCombat)
	set(RawForwardCommand, s.ForwardCommand != motioncmd.Ready)
	set(RawForwardHoldKey, s.ForwardHoldKey != HoldKeyInvalid)
	set(RawForwardSpeed, s.ForwardSpeed != 1)
	set(RawSideStepCommand, s.SidestepCommand != 0)
	set(RawSideStepHoldKey, s.SidestepHoldKey != HoldKeyInvalid)
	set(RawSideStepSpeed, s.SidestepSpeed != 1)
	set(RawTurnCommand, s.TurnCommand != 0)
	set(RawTurnHoldKey, s.TurnHoldKey != HoldKeyInvalid)
	set(RawTurnSpeed, s.TurnSpeed != 1)
	s.Flags = f
}

func (r *reader) rawMotionState(s *RawMotionState) {
	s.Reset()
	at := r.Off
	packed := r.u32("raw_flags")
	s.Flags = packed & 0x7FF
	f := s.Flags
	if f&RawCurrentHoldKey != 0 {
		s.CurrentHoldKey = r.u32("current_holdkey")
	}
	if f&RawCurrentStyle != 0 {
		s.CurrentStyle = r.u32("current_style")
	}
	if f&RawForwardCommand != 0 {
		s.ForwardCommand = r.u32("forward_command")
	}
	if f&RawForwardHoldKey != 0 {
		s.ForwardHoldKey = r.u32("forward_holdkey")
	}
	if f&RawForwardSpeed != 0 {
		s.ForwardSpeed = r.f32("forward_speed")
	}
	if f&RawSideStepCommand != 0 {
		s.SidestepCommand = r.u32("sidestep_command")
	}
	if f&RawSideStepHoldKey != 0 {
		s.SidestepHoldKey = r.u32("sidestep_holdkey")
	}
	if f&RawSideStepSpeed != 0 {
		s.SidestepSpeed = r.f32("sidestep_speed")
	}
	if f&RawTurnCommand != 0 {
		s.TurnCommand = r.u32("turn_command")
	}
	if f&RawTurnHoldKey != 0 {
		s.TurnHoldKey = r.u32("turn_holdkey")
	}
	if f&RawTurnSpeed != 0 {
		s.TurnSpeed = r.f32("turn_speed")
	}
	s.Actions = r.motionItems(s.Actions, uint64(packed>>11), "num_actions", at)
}

func appendRawMotionState(dst []byte, s *RawMotionState) []byte {
	f := s.Flags & 0x7FF
	dst = appendU32(dst, f|uint32(len(s.Actions))<<11)
	words := [...]struct {
		bit uint32
		v   uint32
	}{
		{RawCurrentHoldKey, s.CurrentHoldKey},
		{RawCurrentStyle, s.CurrentStyle},
		{RawForwardCommand, s.ForwardCommand},
		{RawForwardHoldKey, s.ForwardHoldKey},
		{RawForwardSpeed, f32bits(s.ForwardSpeed)},
		{RawSideStepCommand, s.SidestepCommand},
		{RawSideStepHoldKey, s.SidestepHoldKey},
		{RawSideStepSpeed, f32bits(s.SidestepSpeed)},
		{RawTurnCommand, s.TurnCommand},
		{RawTurnHoldKey, s.TurnHoldKey},
		{RawTurnSpeed, f32bits(s.TurnSpeed)},
	}
	for _, w := range words {
		if f&w.bit != 0 {
			dst = appendU32(dst, w.v)
		}
	}
	return appendMotionItems(dst, s.Actions)
}

// ClientStamps are the four update-time stamps the client echoes in
// MoveToState, AutonomousPosition and Jump, in wire order: the instance,
// server-control, teleport and force-position sequences (8 bytes).
type ClientStamps struct {
	InstanceSequence      uint16
	ServerControlSequence uint16
	TeleportSequence      uint16
	ForcePositionSequence uint16
}

// clientStamps reads the four client stamps into s.
func (r *reader) clientStamps(s *ClientStamps) {
	s.InstanceSequence = r.u16("instance_sequence")
	s.ServerControlSequence = r.u16("server_control_sequence")
	s.TeleportSequence = r.u16("teleport_sequence")
	s.ForcePositionSequence = r.u16("force_position_sequence")
}

// appendClientStamps writes the four client stamps.
func appendClientStamps(dst []byte, s *ClientStamps) []byte {
	dst = appendU16(dst, s.InstanceSequence)
	dst = appendU16(dst, s.ServerControlSequence)
	dst = appendU16(dst, s.TeleportSequence)
	return appendU16(dst, s.ForcePositionSequence)
}

// MoveToState is GameAction 0xF7B1 / 0xF61C (§6.2), sent whenever a movement
// key, hold key or stance changes.
type MoveToState struct {
	Sequence uint32 // game-action sequence
	Raw      RawMotionState
	Position Position
	ClientStamps
	Contact          bool // contact/long-jump bit 0
	StandingLongJump bool // bit 1
}

// Opcode implements Message.
func (*MoveToState) Opcode() Opcode { return OpGameAction }

// Name implements Message.
func (*MoveToState) Name() string { return "MoveToState" }

// DecodeMoveToState decodes b into m, reusing m's action slice, and returns
// the bytes used.
func DecodeMoveToState(b []byte, m *MoveToState) (int, error) {
	r := newReader(b, "MoveToState", OpGameAction)
	m.Sequence = r.u32("sequence")
	r.actionType(ActionMoveToState)
	r.rawMotionState(&m.Raw)
	m.Position = r.position("position")
	r.clientStamps(&m.ClientStamps)
	c := r.u8("contact")
	m.Contact, m.StandingLongJump = c&1 != 0, c&2 != 0
	r.align("pad")
	return r.Off, r.err
}

// Encode implements Message.
func (m *MoveToState) Encode(dst []byte) []byte {
	start := len(dst)
	dst = appendU32(dst, uint32(OpGameAction))
	dst = appendU32(appendU32(dst, m.Sequence), ActionMoveToState)
	dst = appendRawMotionState(dst, &m.Raw)
	dst = appendPosition(dst, m.Position)
	dst = appendClientStamps(dst, &m.ClientStamps)
	dst = appendU8(dst, b2u8(m.Contact)|b2u8(m.StandingLongJump)<<1)
	return appendAlign(dst, start)
}

// AutonomousPosition is GameAction 0xF7B1 / 0xF753 (§6.3), sent about once a
// second while the player moves.
type AutonomousPosition struct {
	Sequence uint32 // game-action sequence
	Position Position
	ClientStamps
	Contact bool
}

// Opcode implements Message.
func (*AutonomousPosition) Opcode() Opcode { return OpGameAction }

// Name implements Message.
func (*AutonomousPosition) Name() string { return "AutonomousPosition" }

// DecodeAutonomousPosition decodes b into m and returns the bytes used.
func DecodeAutonomousPosition(b []byte, m *AutonomousPosition) (int, error) {
	r := newReader(b, "AutonomousPosition", OpGameAction)
	m.Sequence = r.u32("sequence")
	r.actionType(ActionAutonomousPosition)
	m.Position = r.position("position")
	r.clientStamps(&m.ClientStamps)
	m.Contact = r.u8("contact") != 0
	r.align("pad")
	return r.Off, r.err
}

// Encode implements Message.
func (m *AutonomousPosition) Encode(dst []byte) []byte {
	start := len(dst)
	dst = appendU32(dst, uint32(OpGameAction))
	dst = appendU32(appendU32(dst, m.Sequence), ActionAutonomousPosition)
	dst = appendPosition(dst, m.Position)
	dst = appendClientStamps(dst, &m.ClientStamps)
	dst = appendU8(dst, b2u8(m.Contact))
	return appendAlign(dst, start)
}

// Jump is GameAction 0xF7B1 / 0xF61B, sent when the player jumps: the
// game-action sequence and a JumpPack — the jump extent (0..1), the launch
// velocity, and the instance, server-control, teleport and force-position
// stamps (24 bytes, already aligned).
type Jump struct {
	Sequence uint32 // game-action sequence
	Extent   float32
	Velocity physics.Vec3
	ClientStamps
}

// Opcode implements Message.
func (*Jump) Opcode() Opcode { return OpGameAction }

// Name implements Message.
func (*Jump) Name() string { return "Jump" }

// DecodeJump decodes b into m and returns the bytes used.
func DecodeJump(b []byte, m *Jump) (int, error) {
	r := newReader(b, "Jump", OpGameAction)
	m.Sequence = r.u32("sequence")
	r.actionType(ActionJump)
	m.Extent = r.f32("extent")
	m.Velocity = r.vec3("velocity")
	r.clientStamps(&m.ClientStamps)
	return r.Off, r.err
}

// Encode implements Message.
func (m *Jump) Encode(dst []byte) []byte {
	dst = appendU32(dst, uint32(OpGameAction))
	dst = appendU32(appendU32(dst, m.Sequence), ActionJump)
	dst = appendF32(dst, m.Extent)
	dst = appendVec3(dst, m.Velocity)
	return appendClientStamps(dst, &m.ClientStamps)
}

// GameAction is any other 0xF7B1 envelope (e.g. LoginComplete 0x00A1);
// Body aliases the decoded input.
type GameAction struct {
	Sequence uint32
	Type     uint32
	Body     []byte
}

// Opcode implements Message.
func (*GameAction) Opcode() Opcode { return OpGameAction }

// Name implements Message.
func (*GameAction) Name() string { return "GameAction" }

// DecodeGameAction decodes the envelope in b into m and returns the bytes
// used (all of b: the body runs to the end).
func DecodeGameAction(b []byte, m *GameAction) (int, error) {
	r := newReader(b, "GameAction", OpGameAction)
	m.Sequence = r.u32("sequence")
	m.Type = r.u32("action_type")
	m.Body = nil
	if r.err == nil {
		m.Body = r.B[r.Off:len(r.B):len(r.B)]
		r.Off = len(r.B)
	}
	return r.Off, r.err
}

// Encode implements Message.
func (m *GameAction) Encode(dst []byte) []byte {
	dst = appendU32(dst, uint32(OpGameAction))
	dst = appendU32(appendU32(dst, m.Sequence), m.Type)
	return append(dst, m.Body...)
}

func (r *reader) actionType(want uint32) {
	at := r.Off
	if got := r.u32("action_type"); r.err == nil && got != want {
		r.fail("action_type", at, "action type 0x%04X, want 0x%04X", got, want)
	}
}
