package protocol

// PositionAndMovement is 0xF619, the plain movement event: seed 004 Q1's
// first case of ACSmartBox::DispatchSmartBoxEvent ("Movement":
// SmartBox::UnpackPositionEvent, then CPhysics::SetObjectMovement), named
// Movement_PositionAndMovementEvent in the protocol documentation and
// PositionAndMovement in ACE's opcode list (ACE never sends it). On the
// wire: the guid, a position pack laid out exactly as UpdatePosition's
// body (flags, cell, origin, the rotation components the flags keep,
// velocity, placement, then the instance, position, teleport and
// force-position stamps), then the movement stamps, the autonomous byte,
// an alignment pad and the MovementData — the same tail as UpdateMotion
// after its instance stamp.
type PositionAndMovement struct {
	// Position is the position part; its Guid is the message's guid.
	Position              UpdatePosition
	MovementSequence      uint16
	ServerControlSequence uint16
	Autonomous            bool
	Movement              MovementData
}

// Opcode implements Message.
func (*PositionAndMovement) Opcode() Opcode { return OpPositionAndMovement }

// Name implements Message.
func (*PositionAndMovement) Name() string { return "PositionAndMovement" }

// DecodePositionAndMovement decodes b into m, reusing m's action slice, and
// returns the bytes used.
func DecodePositionAndMovement(b []byte, m *PositionAndMovement) (int, error) {
	r := newReader(b, "PositionAndMovement", OpPositionAndMovement)
	m.Position = UpdatePosition{}
	m.Position.Guid = r.u32("guid")
	r.positionPack(&m.Position)
	m.MovementSequence = r.u16("movement_sequence")
	m.ServerControlSequence = r.u16("server_control_sequence")
	m.Autonomous = r.u8("autonomous") != 0
	r.align("pad")
	r.movementData(&m.Movement)
	return r.Off, r.err
}

// Encode implements Message.
func (m *PositionAndMovement) Encode(dst []byte) []byte {
	start := len(dst)
	dst = appendU32(dst, uint32(OpPositionAndMovement))
	dst = appendU32(dst, m.Position.Guid)
	dst = appendPositionPack(dst, &m.Position)
	dst = appendU16(dst, m.MovementSequence)
	dst = appendU16(dst, m.ServerControlSequence)
	dst = appendU8(dst, b2u8(m.Autonomous))
	dst = appendAlign(dst, start)
	return appendMovementData(dst, start, &m.Movement)
}
