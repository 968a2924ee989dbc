package dat

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/dereth/dereth/internal/cp1252"
	"github.com/dereth/dereth/internal/cursor"
	"github.com/dereth/dereth/physics"
)

// DecodeError reports a malformed object: the object type, its id and the
// byte offset inside the object where decoding failed.
// File is set when the object was read from a container.
// Field names the field being read, for the decoders that label their
// fields (Palette, SurfaceTexture, RenderSurface); it is empty otherwise.
type DecodeError struct {
	File   string
	Type   string
	ID     uint32
	Offset int
	Field  string
	Err    error
}

func (e *DecodeError) Error() string {
	file := ""
	if e.File != "" {
		file = e.File + ": "
	}
	field := ""
	if e.Field != "" {
		field = " (" + e.Field + ")"
	}
	return fmt.Sprintf("dat: %s%s 0x%08X: offset 0x%X%s: %v", file, e.Type, e.ID, e.Offset, field, e.Err)
}

func (e *DecodeError) Unwrap() error { return e.Err }

// ErrTruncated is wrapped by every DecodeError caused by running out of bytes.
var ErrTruncated = errors.New("object truncated")

// maxTreeDepth bounds BSP recursion; retail trees are far shallower.
const maxTreeDepth = 256

// decoder reads one object's fields on the shared cursor. The first error
// sticks: later reads return zero values and counts return 0, so a decode
// loop ends quickly once the data is found bad.
type decoder struct {
	cursor.Cursor
	typ   string
	id    uint32
	err   error
	field string // the field being read, when the decoder labels fields
}

// at names the field the next reads belong to (for error messages).
func (d *decoder) at(field string) *decoder {
	d.field = field
	return d
}

func newDecoder(typ string, id uint32, b []byte) *decoder {
	return &decoder{Cursor: cursor.Cursor{B: b}, typ: typ, id: id}
}

func (d *decoder) failf(format string, args ...any) {
	if d.err == nil {
		d.err = &DecodeError{Type: d.typ, ID: d.id, Offset: d.Off, Field: d.field, Err: fmt.Errorf(format, args...)}
	}
}

func (d *decoder) remaining() int { return d.Left() }

// need reports whether n more bytes are available, failing otherwise.
func (d *decoder) need(n int) bool {
	if d.err != nil {
		return false
	}
	if !d.Has(n) {
		d.short(n)
		return false
	}
	return true
}

//go:noinline
func (d *decoder) short(n int) {
	if d.err == nil {
		d.err = &DecodeError{Type: d.typ, ID: d.id, Offset: d.Off, Field: d.field,
			Err: fmt.Errorf("%w: need %d bytes, %d remain", ErrTruncated, n, d.Left())}
	}
}

func (d *decoder) u8() uint8 {
	if d.err != nil {
		return 0
	}
	v, ok := d.U8()
	if !ok {
		d.short(1)
	}
	return v
}

func (d *decoder) u16() uint16 {
	if d.err != nil {
		return 0
	}
	v, ok := d.U16()
	if !ok {
		d.short(2)
	}
	return v
}

func (d *decoder) u32() uint32 {
	if d.err != nil {
		return 0
	}
	v, ok := d.U32()
	if !ok {
		d.short(4)
	}
	return v
}

func (d *decoder) u64() uint64 {
	if d.err != nil {
		return 0
	}
	v, ok := d.U64()
	if !ok {
		d.short(8)
	}
	return v
}

func (d *decoder) i16() int16   { return int16(d.u16()) }
func (d *decoder) i32() int32   { return int32(d.u32()) }
func (d *decoder) f32() float32 { return math.Float32frombits(d.u32()) }
func (d *decoder) f64() float64 { return math.Float64frombits(d.u64()) }

func (d *decoder) vec() physics.Vec3 {
	return physics.Vec3{X: d.f32(), Y: d.f32(), Z: d.f32()}
}

func (d *decoder) quat() physics.Quat {
	return physics.Quat{W: d.f32(), X: d.f32(), Y: d.f32(), Z: d.f32()}
}

func (d *decoder) frame() physics.Frame {
	return physics.Frame{Origin: d.vec(), Orientation: d.quat()}
}

func (d *decoder) sphere() Sphere { return Sphere{Origin: d.vec(), Radius: d.f32()} }
func (d *decoder) plane() Plane   { return Plane{Normal: d.vec(), D: d.f32()} }

// cuint reads a compressed u32 (dat-format.md §0).
func (d *decoder) cuint() uint32 {
	b0 := d.u8()
	switch {
	case b0&0x80 == 0:
		return uint32(b0)
	case b0&0xC0 == 0x80:
		return uint32(b0&0x7F)<<8 | uint32(d.u8())
	default:
		b1 := d.u8()
		lo := d.u16()
		return uint32(b0&0x3F)<<24 | uint32(b1)<<16 | uint32(lo)
	}
}

// packedID reads a packed DataID of known type with the given base.
func (d *decoder) packedID(base uint32) uint32 {
	v := d.u16()
	if v&0x8000 == 0 {
		return base + uint32(v)
	}
	lo := d.u16()
	return base + (uint32(v&0x3FFF)<<16 | uint32(lo))
}

// align skips to the next multiple of 4 measured from the object's start.
func (d *decoder) align() {
	if pad := (4 - d.Off%4) % 4; pad > 0 && d.need(pad) {
		d.Off += pad
	}
}

// pstring reads a PString (u16 length, 0xFFFF escapes to a u32 length) in
// Windows-1252 and the align4 after it.
func (d *decoder) pstring() string {
	n := int(d.u16())
	if n == 0xFFFF {
		n = int(d.u32())
	}
	if !d.need(n) {
		return ""
	}
	s := cp1252.Decode(d.B[d.Off : d.Off+n])
	d.Off += n
	d.align()
	return s
}

// count validates a count of elements each at least minSize bytes against
// the bytes left, so no decode allocates more than its input could hold.
func (d *decoder) count(n uint64, minSize int, what string) int {
	if d.err != nil {
		return 0
	}
	if minSize < 1 {
		minSize = 1
	}
	if n > uint64(d.remaining()/minSize) {
		d.failf("%w: %s count %d needs at least %d bytes, %d remain", ErrTruncated, what, n, n*uint64(minSize), d.remaining())
		return 0
	}
	return int(n)
}

// scount is count for a signed i32 count, where negative is corrupt.
func (d *decoder) scount(n int32, minSize int, what string) int {
	if n < 0 {
		d.failf("%s count %d is negative", what, n)
		return 0
	}
	return d.count(uint64(n), minSize, what)
}

// finish checks the whole object was consumed. One to three zero bytes
// that pad the object to a multiple of 4 are accepted (docs/dat-notes.md
// DN-23); anything else left over is an error.
func (d *decoder) finish() error {
	if d.err != nil || d.Off == len(d.B) {
		return d.err
	}
	rest := d.B[d.Off:]
	if len(rest) < 4 && len(d.B)%4 == 0 && !slices.ContainsFunc(rest, func(c byte) bool { return c != 0 }) {
		return nil
	}
	d.failf("%d trailing bytes after the object", len(rest))
	return d.err
}

// encoder appends little-endian fields; the first error sticks.
type encoder struct {
	typ string
	id  uint32
	b   []byte
	err error
}

func newEncoder(typ string, id uint32, sizeHint int) *encoder {
	return &encoder{typ: typ, id: id, b: make([]byte, 0, sizeHint)}
}

func (e *encoder) failf(format string, args ...any) {
	if e.err == nil {
		e.err = fmt.Errorf("dat: encode %s 0x%08X: %s", e.typ, e.id, fmt.Sprintf(format, args...))
	}
}

func (e *encoder) u8(v uint8)   { e.b = append(e.b, v) }
func (e *encoder) u16(v uint16) { e.b = binary.LittleEndian.AppendUint16(e.b, v) }
func (e *encoder) u32(v uint32) { e.b = binary.LittleEndian.AppendUint32(e.b, v) }
func (e *encoder) u64(v uint64) { e.b = binary.LittleEndian.AppendUint64(e.b, v) }
func (e *encoder) i16(v int16)  { e.u16(uint16(v)) }
func (e *encoder) i32(v int32)  { e.u32(uint32(v)) }
func (e *encoder) f32(v float32) {
	e.u32(math.Float32bits(v))
}
func (e *encoder) f64(v float64) { e.u64(math.Float64bits(v)) }

func (e *encoder) vec(v physics.Vec3) { e.f32(v.X); e.f32(v.Y); e.f32(v.Z) }
func (e *encoder) quat(q physics.Quat) {
	e.f32(q.W)
	e.f32(q.X)
	e.f32(q.Y)
	e.f32(q.Z)
}
func (e *encoder) frame(f physics.Frame) { e.vec(f.Origin); e.quat(f.Orientation) }
func (e *encoder) sphere(s Sphere)       { e.vec(s.Origin); e.f32(s.Radius) }
func (e *encoder) plane(p Plane)         { e.vec(p.Normal); e.f32(p.D) }

// cuint writes a compressed u32; values ≥ 2^30 cannot be represented.
func (e *encoder) cuint(v uint32) {
	switch {
	case v < 0x80:
		e.u8(uint8(v))
	case v < 0x4000:
		e.u8(uint8(v>>8) | 0x80)
		e.u8(uint8(v))
	case v < 0x40000000:
		e.u8(uint8(v>>24) | 0xC0)
		e.u8(uint8(v >> 16))
		e.u16(uint16(v))
	default:
		e.failf("compressed count %d too large", v)
	}
}

// packedID writes a packed DataID relative to base, short form below 0x8000.
func (e *encoder) packedID(id, base uint32) {
	if id < base || id-base >= 0x40000000 {
		e.failf("id 0x%08X cannot be packed relative to 0x%08X", id, base)
		return
	}
	v := id - base
	if v < 0x8000 {
		e.u16(uint16(v))
		return
	}
	e.u16(uint16(v>>16) | 0x8000)
	e.u16(uint16(v))
}

func (e *encoder) align() {
	for len(e.b)%4 != 0 {
		e.b = append(e.b, 0)
	}
}

func (e *encoder) pstring(s string) {
	b, ok := cp1252.Encode(s)
	if !ok {
		e.failf("string %q has characters outside Windows-1252", s)
		return
	}
	if len(b) >= 0xFFFF {
		e.u16(0xFFFF)
		e.u32(uint32(len(b)))
	} else {
		e.u16(uint16(len(b)))
	}
	e.b = append(e.b, b...)
	e.align()
}

// count writes a u32 count.
func (e *encoder) count(n int) { e.u32(uint32(n)) }

func (e *encoder) result() ([]byte, error) {
	if e.err != nil {
		return nil, e.err
	}
	return e.b, nil
}
