package protocol

import (
	"encoding/binary"
	"math"

	"github.com/dereth/dereth/internal/cp1252"
	"github.com/dereth/dereth/physics"
)

// The append helpers below build messages. Alignment is relative to start,
// the index in dst where the message's opcode was written.

func appendU8(dst []byte, v uint8) []byte { return append(dst, v) }

func appendU16(dst []byte, v uint16) []byte { return binary.LittleEndian.AppendUint16(dst, v) }

func appendU32(dst []byte, v uint32) []byte { return binary.LittleEndian.AppendUint32(dst, v) }

func appendF32(dst []byte, v float32) []byte { return appendU32(dst, math.Float32bits(v)) }

func appendF64(dst []byte, v float64) []byte {
	return binary.LittleEndian.AppendUint64(dst, math.Float64bits(v))
}

func appendVec3(dst []byte, v physics.Vec3) []byte {
	return appendF32(appendF32(appendF32(dst, v.X), v.Y), v.Z)
}

func appendPosition(dst []byte, p Position) []byte {
	dst = appendU32(dst, p.Cell)
	dst = appendVec3(dst, p.Frame.Origin)
	q := p.Frame.Orientation
	return appendF32(appendF32(appendF32(appendF32(dst, q.W), q.X), q.Y), q.Z)
}

func appendOrigin(dst []byte, o Origin) []byte { return appendVec3(appendU32(dst, o.Cell), o.Pos) }

// appendAlign pads with zero bytes until len(dst)-start is a multiple of 4.
func appendAlign(dst []byte, start int) []byte {
	for (len(dst)-start)%4 != 0 {
		dst = append(dst, 0)
	}
	return dst
}

// appendPacked writes a PackedDword (§1.4). Values of 0x80000000 and above
// cannot be represented; their top bit is lost.
func appendPacked(dst []byte, v uint32) []byte {
	if v <= 0x7FFF {
		return appendU16(dst, uint16(v))
	}
	return appendU16(appendU16(dst, uint16(v>>16)|0x8000), uint16(v))
}

// appendKnownDID writes a packed DID of known type (§1.5), stripping the
// type prefix as ACE does. A bare prefix (index 0) is written unstripped so
// that it does not turn into the "none" value 0.
func appendKnownDID(dst []byte, v, typ uint32) []byte {
	if v&typ != 0 && v != typ {
		v -= typ
	}
	return appendPacked(dst, v)
}

// appendString16L writes a String16L (§1.3) in Windows-1252. Text longer than
// 65535 bytes is cut to fit the u16 length.
func appendString16L(dst []byte, s string) []byte {
	lenAt := len(dst)
	dst = append(dst, 0, 0)
	dst = cp1252.Append(dst, s)
	n := len(dst) - lenAt - 2
	if n > 0xFFFF {
		dst = dst[:lenAt+2+0xFFFF]
		n = 0xFFFF
	}
	binary.LittleEndian.PutUint16(dst[lenAt:], uint16(n))
	return appendAlign(dst, lenAt)
}

func putU32(b []byte, v uint32) { binary.LittleEndian.PutUint32(b, v) }

func f32bits(v float32) uint32 { return math.Float32bits(v) }
