// Package cursor is the one little-endian byte cursor dereth's decoders
// share (net's packets, protocol's messages, dat's objects). It is a leaf:
// reads report ok instead of an error, never allocate, and are small enough
// to inline; each caller keeps its own error policy (which field, which
// offset, which error type) in a thin wrapper.
//
// A failed read leaves the cursor where it was and returns the zero value.
package cursor

import (
	"encoding/binary"
	"math"
)

// Cursor reads B from Off onward.
type Cursor struct {
	B   []byte
	Off int
}

// Left is the number of bytes after Off.
func (c *Cursor) Left() int { return len(c.B) - c.Off }

// Has reports whether n more bytes are there (false for a negative n).
func (c *Cursor) Has(n int) bool { return n >= 0 && len(c.B)-c.Off >= n }

// Skip advances n bytes.
func (c *Cursor) Skip(n int) bool {
	if n < 0 || len(c.B)-c.Off < n {
		return false
	}
	c.Off += n
	return true
}

// U8 reads one byte.
func (c *Cursor) U8() (uint8, bool) {
	if len(c.B)-c.Off < 1 {
		return 0, false
	}
	v := c.B[c.Off]
	c.Off++
	return v, true
}

// U16 reads a little-endian uint16.
func (c *Cursor) U16() (uint16, bool) {
	if len(c.B)-c.Off < 2 {
		return 0, false
	}
	v := binary.LittleEndian.Uint16(c.B[c.Off:])
	c.Off += 2
	return v, true
}

// U32 reads a little-endian uint32.
func (c *Cursor) U32() (uint32, bool) {
	if len(c.B)-c.Off < 4 {
		return 0, false
	}
	v := binary.LittleEndian.Uint32(c.B[c.Off:])
	c.Off += 4
	return v, true
}

// U64 reads a little-endian uint64.
func (c *Cursor) U64() (uint64, bool) {
	if len(c.B)-c.Off < 8 {
		return 0, false
	}
	v := binary.LittleEndian.Uint64(c.B[c.Off:])
	c.Off += 8
	return v, true
}

// F32 reads a little-endian IEEE float32.
func (c *Cursor) F32() (float32, bool) {
	v, ok := c.U32()
	return math.Float32frombits(v), ok
}

// F64 reads a little-endian IEEE float64.
func (c *Cursor) F64() (float64, bool) {
	v, ok := c.U64()
	return math.Float64frombits(v), ok
}

// Bytes returns the next n bytes (aliasing B, capacity clipped).
func (c *Cursor) Bytes(n int) ([]byte, bool) {
	if n < 0 || len(c.B)-c.Off < n {
		return nil, false
	}
	v := c.B[c.Off : c.Off+n : c.Off+n]
	c.Off += n
	return v, true
}

// Pad is the number of bytes from Off to the next multiple of 4 (offsets
// count from B[0]).
func (c *Cursor) Pad() int { return (4 - c.Off%4) % 4 }
