package protocol

import "testing"

func TestCP1252RoundTrip(t *testing.T) {
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	s := decode1252(all)
	if got := append1252(nil, s); string(got) != string(all) {
		t.Fatalf("bytes 0-255 do not survive a round trip")
	}
	tests := []struct{ in, want string }{
		{"\x80", "€"}, {"T\xFCsker", "Tüsker"}, {"\x93hi\x94", "“hi”"}, {"plain", "plain"},
	}
	for _, tt := range tests {
		if got := decode1252([]byte(tt.in)); got != tt.want {
			t.Errorf("decode1252(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := string(append1252(nil, "a☃b")); got != "a?b" {
		t.Errorf("unmappable rune: got %q", got)
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
		r := reader{b: tt.wire}
		if back := r.packed("v"); back != tt.v || r.err != nil || r.off != len(tt.wire) {
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
		r := reader{b: got}
		if back := r.knownDID("v", tt.typ); back != tt.v {
			t.Errorf("knownDID(% x) = %#x, want %#x", got, back, tt.v)
		}
	}
}
