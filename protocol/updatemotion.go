package protocol

import (
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/dereth/dereth/motioncmd"
)

// UpdateMotion is 0xF74C (§3): an object's new movement, with the instance,
// movement and server-control sequence stamps.
type UpdateMotion struct {
	Guid                  uint32
	InstanceSequence      uint16
	MovementSequence      uint16
	ServerControlSequence uint16
	Autonomous            bool
	Movement              MovementData
}

// Opcode implements Message.
func (*UpdateMotion) Opcode() Opcode { return OpUpdateMotion }

// Name implements Message.
func (*UpdateMotion) Name() string { return "UpdateMotion" }

// DecodeUpdateMotion decodes b into m, reusing m's action slice, and returns
// the bytes used. It does not allocate unless the action list outgrows m's.
// A well-formed type-0 message takes a path with one length check up front;
// everything else, and every error, goes field by field.
func DecodeUpdateMotion(b []byte, m *UpdateMotion) (int, error) {
	if n, ok := decodeUpdateMotionFast(b, m); ok {
		return n, nil
	}
	return decodeUpdateMotionSlow(b, m)
}

// Encode implements Message.
func (m *UpdateMotion) Encode(dst []byte) []byte {
	start := len(dst)
	dst = appendU32(dst, uint32(OpUpdateMotion))
	dst = appendU32(dst, m.Guid)
	dst = appendU16(dst, m.InstanceSequence)
	dst = appendU16(dst, m.MovementSequence)
	dst = appendU16(dst, m.ServerControlSequence)
	dst = appendU8(dst, b2u8(m.Autonomous))
	dst = appendAlign(dst, start)
	return appendMovementData(dst, start, &m.Movement)
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// decodeUpdateMotionFast decodes the common type-0 UpdateMotion with one
// length check up front. It reports false for anything else (another
// movement type, a short or malformed message), and the field-by-field path
// then decodes it or names the failing field. Both paths give the same value.
func decodeUpdateMotionFast(b []byte, m *UpdateMotion) (int, bool) {
	if len(b) < 24 || binary.LittleEndian.Uint32(b) != uint32(OpUpdateMotion) || b[16] != 0 {
		return 0, false
	}
	packed := binary.LittleEndian.Uint32(b[20:])
	flags, nAct := packed&0x7F, int(packed>>7)
	size := 24 + 2*bits.OnesCount32(flags&(IMSCurrentStyle|IMSForwardCommand|IMSSideStepCommand|IMSTurnCommand)) +
		4*bits.OnesCount32(flags&(IMSForwardSpeed|IMSSideStepSpeed|IMSTurnSpeed)) + 8*nAct
	end := (size + 3) &^ 3
	if b[17]&MotionStickToObject != 0 {
		end += 4
	}
	if end > len(b) {
		return 0, false
	}
	m.Guid = binary.LittleEndian.Uint32(b[4:])
	m.InstanceSequence = binary.LittleEndian.Uint16(b[8:])
	m.MovementSequence = binary.LittleEndian.Uint16(b[10:])
	m.ServerControlSequence = binary.LittleEndian.Uint16(b[12:])
	m.Autonomous = b[14] != 0
	mv := &m.Movement
	actions := mv.State.Actions
	*mv = MovementData{MotionFlags: b[17]}
	mv.Style, _ = motioncmd.FromWire(binary.LittleEndian.Uint16(b[18:]))
	s := &mv.State
	s.Actions = actions
	s.Reset()
	s.Flags = flags
	off := 24
	cmd := func() uint32 {
		full, _ := motioncmd.FromWire(binary.LittleEndian.Uint16(b[off:]))
		off += 2
		return full
	}
	f32 := func() float32 {
		v := math.Float32frombits(binary.LittleEndian.Uint32(b[off:]))
		off += 4
		return v
	}
	if flags&IMSCurrentStyle != 0 {
		s.CurrentStyle = cmd()
	}
	if flags&IMSForwardCommand != 0 {
		s.ForwardCommand = cmd()
	}
	if flags&IMSSideStepCommand != 0 {
		s.SidestepCommand = cmd()
	}
	if flags&IMSTurnCommand != 0 {
		s.TurnCommand = cmd()
	}
	if flags&IMSForwardSpeed != 0 {
		s.ForwardSpeed = f32()
	}
	if flags&IMSSideStepSpeed != 0 {
		s.SidestepSpeed = f32()
	}
	if flags&IMSTurnSpeed != 0 {
		s.TurnSpeed = f32()
	}
	if nAct > 0 {
		if cap(s.Actions) < nAct {
			s.Actions = make([]MotionItem, 0, nAct)
		}
		for range nAct {
			c := cmd()
			seq := binary.LittleEndian.Uint16(b[off:])
			off += 2
			s.Actions = append(s.Actions, MotionItem{Command: c, Sequence: seq & 0x7FFF, Autonomous: seq&0x8000 != 0, Speed: f32()})
		}
	}
	off = (off + 3) &^ 3
	if mv.MotionFlags&MotionStickToObject != 0 {
		mv.StickyObject = binary.LittleEndian.Uint32(b[off:])
		off += 4
	}
	return off, true
}

// decodeUpdateMotionSlow is the field-by-field path alone, for tests that
// compare it with the fast one.
func decodeUpdateMotionSlow(b []byte, m *UpdateMotion) (int, error) {
	r := newReader(b, "UpdateMotion", OpUpdateMotion)
	m.decodeFields(&r)
	return r.Off, r.err
}

func (m *UpdateMotion) decodeFields(r *reader) {
	m.Guid = r.u32("guid")
	m.InstanceSequence = r.u16("instance_sequence")
	m.MovementSequence = r.u16("movement_sequence")
	m.ServerControlSequence = r.u16("server_control_sequence")
	m.Autonomous = r.u8("autonomous") != 0
	r.align("pad")
	r.movementData(&m.Movement)
}
