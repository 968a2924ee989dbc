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

// decodeFunc decodes the message at the start of b (its opcode already
// known) and reports the bytes used.
type decodeFunc func(b []byte) (Message, int, error)

// typed adapts a DecodeX(b, *X) function to the opcode table.
func typed[T any, P interface {
	*T
	Message
}](dec func([]byte, P) (int, error)) decodeFunc {
	return func(b []byte) (Message, int, error) {
		v := P(new(T))
		n, err := dec(b, v)
		return v, n, err
	}
}

// body adapts a decoder of the fields after the opcode.
func body(name string, op Opcode, dec func(*reader) Message) decodeFunc {
	return func(b []byte) (Message, int, error) {
		r := newReader(b, name, op)
		m := dec(&r)
		return m, r.Off, r.err
	}
}

func bare(op Opcode) decodeFunc {
	return func(b []byte) (Message, int, error) { return &Bare{Op: op}, 4, nil }
}

// decoders is the opcode table of the messages with a hand-written typed
// codec; GameAction (0xF7B1) dispatches again on its action type.
var decoders map[Opcode]decodeFunc

// actionDecoders is the GameAction table by action type.
var actionDecoders map[uint32]decodeFunc

func init() {
	decoders = map[Opcode]decodeFunc{
		OpCreateObject:          typed(DecodeCreateObject),
		OpUpdateObject:          typed(DecodeUpdateObject),
		OpUpdateMotion:          typed(DecodeUpdateMotion),
		OpPositionAndMovement:   typed(DecodePositionAndMovement),
		OpUpdatePosition:        typed(DecodeUpdatePosition),
		OpObjDescEvent:          typed(DecodeObjDescEvent),
		OpDeleteObject:          typed(DecodeDeleteObject),
		OpSetState:              typed(DecodeSetState),
		OpPlayerTeleport:        typed(DecodePlayerTeleport),
		OpPlayEffect:            typed(DecodePlayEffect),
		OpVectorUpdate:          typed(DecodeVectorUpdate),
		OpParentEvent:           typed(DecodeParentEvent),
		OpPickupEvent:           typed(DecodePickupEvent),
		OpSound:                 typed(DecodeSound),
		OpPlayerCreate:          typed(DecodePlayerCreate),
		OpGameEvent:             typed(DecodeGameEvent),
		OpGameAction:            decodeAction,
		OpDDDEnd:                bare(OpDDDEnd),
		OpEnterGameRequest:      bare(OpEnterGameRequest),
		OpEnterGameServerReady:  bare(OpEnterGameServerReady),
		OpCharacterList:         body("CharacterList", OpCharacterList, decodeCharacterList),
		OpServerName:            body("ServerName", OpServerName, decodeServerName),
		OpDDDInterrogation:      body("DDDInterrogation", OpDDDInterrogation, decodeDDDInterrogation),
		OpDDDInterrogationReply: body("DDDInterrogationResponse", OpDDDInterrogationReply, decodeDDDInterrogationReply),
		OpCharacterEnterWorld:   body("CharacterEnterWorld", OpCharacterEnterWorld, decodeCharacterEnterWorld),
		OpCharacterError:        body("CharacterError", OpCharacterError, decodeCharacterError),
		OpBootAccount:           body("BootAccount", OpBootAccount, decodeBootAccount),
		OpServerMessage:         body("ServerMessage", OpServerMessage, decodeServerMessage),
		OpPrivateUpdateInt:      body("PrivateUpdatePropertyInt", OpPrivateUpdateInt, decodePrivateUpdateInt),
	}
	actionDecoders = map[uint32]decodeFunc{
		ActionMoveToState:        typed(DecodeMoveToState),
		ActionAutonomousPosition: typed(DecodeAutonomousPosition),
		ActionJump:               typed(DecodeJump),
	}
}

// typedAction reports whether b is a GameAction with a typed codec.
func typedAction(b []byte) bool {
	if len(b) < 12 {
		return false
	}
	_, ok := actionDecoders[binary.LittleEndian.Uint32(b[8:])]
	return ok
}

// subName names an event or action type for errors.
func subName(b []byte, op Opcode) string {
	what := "GameEvent type"
	at := 12
	if op == OpGameAction {
		what, at = "GameAction type", 8
	}
	if len(b) < at+4 {
		return what + " (short)"
	}
	return fmt.Sprintf("%s 0x%04X", what, binary.LittleEndian.Uint32(b[at:]))
}

func decodeAction(b []byte) (Message, int, error) {
	if len(b) >= 12 {
		if f, ok := actionDecoders[binary.LittleEndian.Uint32(b[8:])]; ok {
			return f(b)
		}
	}
	return typed(DecodeGameAction)(b)
}

// DecodePrefix decodes the message at the start of b by its opcode and
// reports how many bytes it used; the caller judges what follows. An
// opcode no table knows is a *DecodeError wrapping ErrUnknownOpcode.
func DecodePrefix(b []byte) (Message, int, error) {
	if len(b) < 4 {
		return nil, 0, &DecodeError{Field: "opcode", Need: 4, Have: len(b)}
	}
	op := Opcode(binary.LittleEndian.Uint32(b))
	var (
		m   Message
		n   int
		err error
	)
	f, ok := decoders[op]
	switch {
	case op == OpGameEvent || op == OpGameAction && !typedAction(b):
		m, n, ok, err = decodeCatalog(b, op)
		if !ok {
			return nil, 0, &DecodeError{Field: "opcode", Reason: fmt.Sprintf("unknown %s", subName(b, op)), Err: ErrUnknownOpcode}
		}
	case ok:
		m, n, err = f(b)
	default:
		m, n, ok, err = decodeCatalog(b, op)
		if !ok {
			return nil, 0, &DecodeError{Field: "opcode", Reason: fmt.Sprintf("unknown opcode 0x%04X", uint32(op)), Err: ErrUnknownOpcode}
		}
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
