package protocol

import (
	"fmt"
	"math"
	"sync"

	"github.com/dereth/dereth/internal/cp1252"
	"github.com/dereth/dereth/internal/cursor"
	"github.com/dereth/dereth/physics"
)

// reader walks one message on the shared cursor. Offsets are
// message-relative (B[0] is the first opcode byte). The first failure is
// kept in err as a *DecodeError; a failed read returns zero, so decoders
// check err once at the end.
type reader struct {
	cursor.Cursor
	msg string
	err error
}

func (r *reader) left() int { return r.Left() }

// short records a short read (the first failure wins).
//
//go:noinline
func (r *reader) short(field string, need int) {
	if r.err == nil {
		r.err = &DecodeError{Message: r.msg, Field: field, Offset: r.Off, Need: need, Have: r.Left()}
	}
}

//go:noinline
func (r *reader) fail(field string, offset int, format string, args ...any) {
	if r.err == nil {
		r.err = &DecodeError{Message: r.msg, Field: field, Offset: offset, Reason: fmt.Sprintf(format, args...)}
	}
}

// need reports whether n more bytes are there, recording a short read if
// not. Reads after a failure may still succeed on the bytes that are left;
// their values are discarded with the message, and err keeps the first
// failure.
func (r *reader) need(field string, n int) bool {
	if !r.Has(n) {
		r.short(field, n)
		return false
	}
	return true
}

func (r *reader) u8(field string) uint8 {
	v, ok := r.U8()
	if !ok {
		r.short(field, 1)
	}
	return v
}

func (r *reader) u16(field string) uint16 {
	v, ok := r.U16()
	if !ok {
		r.short(field, 2)
	}
	return v
}

func (r *reader) u32(field string) uint32 {
	v, ok := r.U32()
	if !ok {
		r.short(field, 4)
	}
	return v
}

func (r *reader) f32(field string) float32 { return math.Float32frombits(r.u32(field)) }

func (r *reader) f64(field string) float64 {
	v, ok := r.F64()
	if !ok {
		r.short(field, 8)
	}
	return v
}

func (r *reader) vec3(field string) physics.Vec3 {
	if !r.need(field, 12) {
		return physics.Vec3{}
	}
	return physics.Vec3{X: r.f32(field), Y: r.f32(field), Z: r.f32(field)}
}

// position reads the 32-byte Position: cell, origin, rotation w x y z.
func (r *reader) position(field string) Position {
	if !r.need(field, 32) {
		return Position{}
	}
	var p Position
	p.Cell = r.u32(field)
	p.Frame.Origin = r.vec3(field)
	p.Frame.Orientation = physics.Quat{W: r.f32(field), X: r.f32(field), Y: r.f32(field), Z: r.f32(field)}
	return p
}

// origin reads the 16-byte Origin: cell, then a vec3.
func (r *reader) origin(field string) Origin {
	return Origin{Cell: r.u32(field), Pos: r.vec3(field)}
}

// align skips the zero padding up to the next message offset that is a
// multiple of 4 (ACE Extensions.Align).
func (r *reader) align(field string) {
	pad := (4 - r.Off%4) % 4
	if pad != 0 && r.need(field, pad) {
		r.Off += pad
	}
}

// packed reads a PackedDword (§1.4).
func (r *reader) packed(field string) uint32 {
	start := r.Off
	a := r.u16(field)
	if a&0x8000 == 0 {
		return uint32(a)
	}
	if r.left() < 2 && r.err == nil {
		r.Off = start
		r.short(field, 4)
		return 0
	}
	b := r.u16(field)
	return uint32(a&0x7FFF)<<16 | uint32(b)
}

// knownDID reads a packed DID of known type (§1.5): a packed 0 is "none",
// anything else gets the file-type prefix ORed back in.
func (r *reader) knownDID(field string, typ uint32) uint32 {
	v := r.packed(field)
	if v == 0 {
		return 0
	}
	return v | typ
}

// count reads nothing; it checks that n elements of at least size bytes each
// can still follow, so no slice is ever sized beyond what the input holds.
func (r *reader) count(field string, offset int, n uint64, size int) int {
	if r.err != nil {
		return 0
	}
	if n*uint64(size) > uint64(r.left()) {
		r.fail(field, offset, "count %d needs at least %d bytes, have %d", n, n*uint64(size), r.left())
		return 0
	}
	return int(n)
}

// string16L reads a String16L (§1.3): u16 length, Windows-1252 bytes, and
// padding counted from the length field.
func (r *reader) string16L(field string) string {
	start := r.Off
	n := int(r.u16(field))
	if r.err != nil {
		return ""
	}
	if r.left() < n {
		r.Off = start
		r.short(field, 2+n)
		return ""
	}
	s := internString(r.B[r.Off : r.Off+n])
	r.Off += n
	pad := (4 - (2+n)%4) % 4
	if pad != 0 && r.need(field, pad) {
		r.Off += pad
	}
	return s
}

// Interned strings: the names and short texts messages carry repeat (a
// town's doors, chests and creatures; the player's name in every
// message), so string16L keeps the decoded form of short ones and hands
// the same string out again without allocating — a CreateObject decodes
// with no allocation once its names were seen. Bounded: at most
// maxInterned strings of at most maxInternLen bytes are kept (a full
// table is emptied and fills again with the names in use); longer ones
// are decoded afresh each time.
const (
	maxInterned  = 4096
	maxInternLen = 48
)

var interned = struct {
	sync.Mutex
	m map[string]string // raw cp1252 bytes -> decoded UTF-8
}{m: map[string]string{}}

// internString decodes a cp1252 string, through the intern table when it
// is short.
func internString(raw []byte) string {
	if len(raw) == 0 {
		return ""
	}
	if len(raw) > maxInternLen {
		return cp1252.Decode(raw)
	}
	interned.Lock()
	defer interned.Unlock()
	if s, ok := interned.m[string(raw)]; ok { // the lookup does not allocate
		return s
	}
	s := cp1252.Decode(raw)
	if len(interned.m) == maxInterned {
		clear(interned.m) // start over: the names in use now come back
	}
	interned.m[string(raw)] = s
	return s
}
