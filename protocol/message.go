package protocol

import (
	"encoding/binary"
	"fmt"
	"github.com/dereth/dereth/internal/cursor"
)

// Opcode is the u32 that starts every game message.
type Opcode uint32

// Opcodes handled by this package.
const (
	OpPositionAndMovement Opcode = 0xF619
	OpObjDescEvent        Opcode = 0xF625
	OpCreateObject        Opcode = 0xF745
	OpPlayerCreate        Opcode = 0xF746
	OpDeleteObject        Opcode = 0xF747
	OpUpdatePosition      Opcode = 0xF748
	OpParentEvent         Opcode = 0xF749
	OpPickupEvent         Opcode = 0xF74A
	OpSetState            Opcode = 0xF74B
	OpUpdateMotion        Opcode = 0xF74C
	OpVectorUpdate        Opcode = 0xF74E
	OpSound               Opcode = 0xF750
	OpPlayerTeleport      Opcode = 0xF751
	OpPlayEffect          Opcode = 0xF755
	OpGameEvent           Opcode = 0xF7B0
	OpGameAction          Opcode = 0xF7B1
	OpUpdateObject        Opcode = 0xF7DB
)

// GameAction types carried in a 0xF7B1 envelope.
const (
	ActionMoveToState        uint32 = 0xF61C
	ActionAutonomousPosition uint32 = 0xF753
	ActionJump               uint32 = 0xF61B
	ActionLoginComplete      uint32 = 0x00A1
)

// Message is any decoded game message.
type Message interface {
	// Opcode is the message's u32 opcode (0xF7B1 for every GameAction).
	Opcode() Opcode
	// Name is the message name used in errors and views, e.g. "UpdateMotion".
	Name() string
	// Encode appends the complete message, opcode first, to dst.
	Encode(dst []byte) []byte
	// Fields is the message's field view (snake_case names, wire-format.md).
	Fields() Object
}

// Decode decodes one complete message. Bytes after the message must be
// zero alignment padding; anything else is an error.
func Decode(b []byte) (Message, error) {
	m, n, err := DecodePrefix(b)
	if err != nil {
		return nil, err
	}
	if !zeroTail(b[n:]) {
		return nil, &DecodeError{Message: m.Name(), Field: "trailing", Offset: n,
			Reason: fmt.Sprintf("%d unexpected bytes after the message", len(b)-n)}
	}
	return m, nil
}

func zeroTail(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// DecodePrefix decodes the message at the start of b by its opcode and
// reports how many bytes it used; the caller judges what follows.
func DecodePrefix(b []byte) (Message, int, error) {
	if len(b) < 4 {
		return nil, 0, &DecodeError{Field: "opcode", Need: 4, Have: len(b)}
	}
	var (
		m   Message
		n   int
		err error
	)
	switch op := Opcode(binary.LittleEndian.Uint32(b)); op {
	case OpCreateObject:
		v := new(CreateObject)
		n, err = DecodeCreateObject(b, v)
		m = v
	case OpUpdateObject:
		v := new(UpdateObject)
		n, err = DecodeUpdateObject(b, v)
		m = v
	case OpUpdateMotion:
		v := new(UpdateMotion)
		n, err = DecodeUpdateMotion(b, v)
		m = v
	case OpPositionAndMovement:
		v := new(PositionAndMovement)
		n, err = DecodePositionAndMovement(b, v)
		m = v
	case OpUpdatePosition:
		v := new(UpdatePosition)
		n, err = DecodeUpdatePosition(b, v)
		m = v
	case OpObjDescEvent:
		v := new(ObjDescEvent)
		n, err = DecodeObjDescEvent(b, v)
		m = v
	case OpDeleteObject:
		v := new(DeleteObject)
		n, err = DecodeDeleteObject(b, v)
		m = v
	case OpSetState:
		v := new(SetState)
		n, err = DecodeSetState(b, v)
		m = v
	case OpPlayerTeleport:
		v := new(PlayerTeleport)
		n, err = DecodePlayerTeleport(b, v)
		m = v
	case OpPlayEffect:
		v := new(PlayEffect)
		n, err = DecodePlayEffect(b, v)
		m = v
	case OpVectorUpdate:
		v := new(VectorUpdate)
		n, err = DecodeVectorUpdate(b, v)
		m = v
	case OpParentEvent:
		v := new(ParentEvent)
		n, err = DecodeParentEvent(b, v)
		m = v
	case OpPickupEvent:
		v := new(PickupEvent)
		n, err = DecodePickupEvent(b, v)
		m = v
	case OpSound:
		v := new(Sound)
		n, err = DecodeSound(b, v)
		m = v
	case OpPlayerCreate:
		v := new(PlayerCreate)
		n, err = DecodePlayerCreate(b, v)
		m = v
	case OpGameEvent:
		v := new(GameEvent)
		n, err = DecodeGameEvent(b, v)
		m = v
	case OpGameAction:
		var typ uint32
		if len(b) >= 12 {
			typ = binary.LittleEndian.Uint32(b[8:])
		}
		switch typ {
		case ActionMoveToState:
			v := new(MoveToState)
			n, err = DecodeMoveToState(b, v)
			m = v
		case ActionAutonomousPosition:
			v := new(AutonomousPosition)
			n, err = DecodeAutonomousPosition(b, v)
			m = v
		case ActionJump:
			v := new(Jump)
			n, err = DecodeJump(b, v)
			m = v
		default:
			v := new(GameAction)
			n, err = DecodeGameAction(b, v)
			m = v
		}
	default:
		return nil, 0, &DecodeError{Field: "opcode", Reason: fmt.Sprintf("unknown opcode 0x%04X", uint32(op))}
	}
	if err != nil {
		return nil, n, err
	}
	return m, n, nil
}

// newReader starts a reader on b, checking the opcode.
func newReader(b []byte, name string, op Opcode) reader {
	r := reader{Cursor: cursor.Cursor{B: b}, msg: name}
	if got := r.u32("opcode"); r.err == nil && Opcode(got) != op {
		r.wrongOpcode(got, op)
	}
	return r
}

//go:noinline
func (r *reader) wrongOpcode(got uint32, want Opcode) {
	r.fail("opcode", 0, "opcode 0x%04X, want 0x%04X", got, uint32(want))
}
