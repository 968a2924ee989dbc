package protocol

import (
	"encoding/hex"
	"math"
	"reflect"
	"strings"
)

// unhex parses a hex dump: whitespace is ignored and "|" starts a comment
// that runs to the end of the line.
func unhex(s string) []byte {
	var b strings.Builder
	for line := range strings.SplitSeq(s, "\n") {
		if i := strings.IndexByte(line, '|'); i >= 0 {
			line = line[:i]
		}
		b.WriteString(strings.Join(strings.Fields(line), ""))
	}
	out, err := hex.DecodeString(b.String())
	if err != nil {
		panic("bad hex vector: " + err.Error())
	}
	return out
}

// sameValue is reflect.DeepEqual with floats compared by bit pattern (so a
// NaN equals itself) and nil slices equal to empty ones.
func sameValue(a, b any) bool { return sameV(reflect.ValueOf(a), reflect.ValueOf(b)) }

func sameV(a, b reflect.Value) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Float32:
		return math.Float32bits(float32(a.Float())) == math.Float32bits(float32(b.Float()))
	case reflect.Float64:
		return math.Float64bits(a.Float()) == math.Float64bits(b.Float())
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return sameV(a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			if !sameV(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !sameV(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

// le builds expected wire bytes by hand, independently of the encoder.
type le []byte

func (b le) u8(v uint8) le    { return append(b, v) }
func (b le) u16(v uint16) le  { return append(b, byte(v), byte(v>>8)) }
func (b le) u32(v uint32) le  { return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24)) }
func (b le) f32(v float32) le { return b.u32(math.Float32bits(v)) }
func (b le) f64(v float64) le {
	u := math.Float64bits(v)
	return b.u32(uint32(u)).u32(uint32(u >> 32))
}
func (b le) raw(p ...byte) le { return append(b, p...) }
func (b le) pad() le {
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	return b
}
