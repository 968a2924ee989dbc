package protocol

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// TestTruncationAtEveryLength cuts every vector at every length: each cut is
// an error naming the message and a field, at an offset inside the input.
func TestTruncationAtEveryLength(t *testing.T) {
	for _, v := range vectors() {
		enc := v.msg.Encode(nil)
		for n := range len(enc) {
			_, err := Decode(enc[:n])
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("%s cut to %d bytes: error %v, want *DecodeError", v.name, n, err)
			}
			wantMsg := v.msg.Name()
			switch {
			case v.msg.Opcode() == OpGameAction && n < 12:
				wantMsg = "GameAction" // too short to carry the action type
			case v.msg.Opcode() == OpGameEvent && n < 16:
				wantMsg = "GameEvent"
			}
			if de.Field == "" || de.Offset > n || (n >= 4 && de.Message != wantMsg) {
				t.Fatalf("%s cut to %d bytes: %+v", v.name, n, de)
			}
		}
	}
}

func TestErrorText(t *testing.T) {
	full := vectorNamed("UpdateMotion/doc_example").wire // UpdateMotion/doc_example
	tests := []struct {
		name string
		in   []byte
		want string
	}{
		{"forward_speed", full[:31], "protocol: UpdateMotion: field forward_speed at offset 0x1E: need 4 bytes, have 1"},
		{"ims_pad", full[:34], "protocol: UpdateMotion: field ims_pad at offset 0x22: need 2 bytes, have 0"},
		{"opcode", full[:2], "protocol: field opcode at offset 0x0: need 4 bytes, have 2"},
		{"unknown opcode", []byte{1, 2, 0, 0}, "protocol: field opcode at offset 0x0: unknown opcode 0x0201"},
		{"trailing", append(append([]byte{}, full...), 0, 0, 1), "protocol: UpdateMotion: field trailing at offset 0x24: 3 unexpected bytes after the message"},
		{"movement type", func() []byte {
			b := append([]byte{}, full...)
			b[16] = 10
			return b
		}(), "protocol: UpdateMotion: field movement_type at offset 0x10: unknown movement type 10"},
		{"huge action count", func() []byte {
			b := append([]byte{}, full...)
			b[23] = 0x40 // packed flags 0x40000027: 0x800000 actions
			return b
		}(), "protocol: UpdateMotion: field num_actions at offset 0x14: count 8388608 needs at least 67108864 bytes, have 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(tt.in)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}

func TestTrailingZeroPaddingIsAccepted(t *testing.T) {
	enc := (&PlayEffect{Guid: 1, Script: 2, Speed: 1}).Encode(nil)
	m, n, err := DecodePrefix(append(enc, 0, 0, 0, 0))
	if err != nil || n != len(enc) {
		t.Fatalf("DecodePrefix used %d of %d: %v", n, len(enc), err)
	}
	if _, err := Decode(append(enc, 0, 0, 0, 0)); err != nil {
		t.Fatalf("Decode with zero tail: %v", err)
	}
	if m.Name() != "PlayEffect" {
		t.Fatalf("decoded %s", m.Name())
	}
}

func TestMovementLengthMismatch(t *testing.T) {
	enc := fullCreateObject().Encode(nil)
	// The movement length sits after guid (4), ObjDesc (28) and the two
	// physics words: offset 4+4+28+8 = 44.
	const lenAt = 44
	tests := []struct {
		name   string
		length uint32
		want   string
	}{
		{"longer than body", 52, "field movement_length at offset 0x2C: length 52 but the body used 48 bytes"},
		{"shorter than body", 40, "field num_actions at offset 0x34: count 2 needs at least 16 bytes, have 12"},
		{"shorter by the sticky guid", 44, "field sticky_object at offset 0x5C: need 4 bytes, have 0"},
		{"beyond message", 0x10000, "field movement_length at offset 0x2C: length 65536, have"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := append([]byte{}, enc...)
			if b[lenAt] != 48 {
				t.Fatalf("vector layout changed: byte at %d is %d", lenAt, b[lenAt])
			}
			binary.LittleEndian.PutUint32(b[lenAt:], tt.length)
			_, err := Decode(b)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestWrongActionType(t *testing.T) {
	enc := docMoveToState().Encode(nil)
	var m AutonomousPosition
	_, err := DecodeAutonomousPosition(enc, &m)
	want := "protocol: AutonomousPosition: field action_type at offset 0x8: action type 0xF61C, want 0xF753"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}
