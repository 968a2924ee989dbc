package protocol

import (
	"github.com/dereth/dereth/internal/cursor"
	"testing"

	"github.com/dereth/dereth/internal/cp1252"
)

// TestString16LText checks the Windows-1252 text of a String16L through the
// writer and the reader.
func TestString16LText(t *testing.T) {
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	tests := []struct {
		name, in, wire, back string
	}{
		{"plain", "plain", "plain", "plain"},
		{"latin-1", "Tüsker", "T\xFCsker", "Tüsker"},
		{"windows-1252 only", "€“hi”", "\x80\x93hi\x94", "€“hi”"},
		{"unmappable rune", "a☃b", "a?b", "a?b"},
		{"every byte", cp1252.Decode(all), string(all), cp1252.Decode(all)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := appendString16L(nil, tt.in)
			if n := int(b[0]) | int(b[1])<<8; n != len(tt.wire) || string(b[2:2+n]) != tt.wire || len(b)%4 != 0 {
				t.Fatalf("appendString16L(%q) = % x, want text %q padded to 4", tt.in, b, tt.wire)
			}
			r := reader{Cursor: cursor.Cursor{B: b}}
			if got := r.string16L("s"); got != tt.back || r.err != nil || r.Off != len(b) {
				t.Errorf("string16L = %q (err %v, off %d of %d), want %q", got, r.err, r.Off, len(b), tt.back)
			}
		})
	}
}

func TestPackedDword(t *testing.T) {
	tests := []struct {
		v    uint32
		wire []byte
	}{
		{0, []byte{0, 0}},
		{0x7FFF, []byte{0xFF, 0x7F}},
		{0x8000, []byte{0x00, 0x80, 0x00, 0x80}},
		{0x12345, []byte{0x01, 0x80, 0x45, 0x23}},
		{0x7FFFFFFF, []byte{0xFF, 0xFF, 0xFF, 0xFF}},
	}
	for _, tt := range tests {
		got := appendPacked(nil, tt.v)
		if string(got) != string(tt.wire) {
			t.Errorf("appendPacked(%#x) = % x, want % x", tt.v, got, tt.wire)
		}
		r := reader{Cursor: cursor.Cursor{B: tt.wire}}
		if back := r.packed("v"); back != tt.v || r.err != nil || r.Off != len(tt.wire) {
			t.Errorf("packed(% x) = %#x, err %v", tt.wire, back, r.err)
		}
	}
}

func TestKnownDID(t *testing.T) {
	tests := []struct {
		v, typ uint32
		wire   []byte
	}{
		{0x06001036, didIcon, []byte{0x36, 0x10}},
		{0x04001FDF, didPalette, []byte{0xDF, 0x1F}},
		{0x05008001, didTexture, []byte{0x00, 0x80, 0x01, 0x80}},
		{0, didIcon, []byte{0, 0}},
		{didIcon, didIcon, []byte{0x00, 0x86, 0x00, 0x00}}, // a bare prefix is not "none"
	}
	for _, tt := range tests {
		got := appendKnownDID(nil, tt.v, tt.typ)
		if string(got) != string(tt.wire) {
			t.Errorf("appendKnownDID(%#x) = % x, want % x", tt.v, got, tt.wire)
		}
		r := reader{Cursor: cursor.Cursor{B: got}}
		if back := r.knownDID("v", tt.typ); back != tt.v {
			t.Errorf("knownDID(% x) = %#x, want %#x", got, back, tt.v)
		}
	}
}
