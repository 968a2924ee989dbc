package protocol

import "testing"

func TestCommandFromWire(t *testing.T) {
	tests := []struct {
		wire uint16
		full uint32
		name string
		ok   bool
	}{
		{0x0000, 0x00000000, "Invalid", true},
		{0x0003, 0x41000003, "Ready", true},
		{0x0005, 0x45000005, "WalkForward", true},
		{0x0006, 0x45000006, "WalkBackwards", true},
		{0x0007, 0x44000007, "RunForward", true},
		{0x000D, 0x6500000D, "TurnRight", true},
		{0x000F, 0x6500000F, "SideStepRight", true},
		{0x0011, 0x40000011, "Dead", true},
		{0x003B, 0x2500003B, "Jump", true},
		{0x003D, 0x8000003D, "NonCombat", true},
		{0x0051, 0x10000051, "Twitch1", true},
		{0x0087, 0x13000087, "Wave", true},
		{0x0001, 0x85000001, "HoldRun", true},
		{0x0115, 0x0115, "", false}, // unused index
		{0x019C, 0x019C, "", false}, // past the table
		{0xFFFF, 0xFFFF, "", false},
	}
	for _, tt := range tests {
		full, ok := CommandFromWire(tt.wire)
		if full != tt.full || ok != tt.ok {
			t.Errorf("CommandFromWire(%#04x) = %#08x, %v; want %#08x, %v", tt.wire, full, ok, tt.full, tt.ok)
		}
		if name := CommandName(full); name != tt.name {
			t.Errorf("CommandName(%#08x) = %q, want %q", full, name, tt.name)
		}
	}
}

func TestCommandTableIsComplete(t *testing.T) {
	known := 0
	for w := range 0x10000 {
		full, ok := CommandFromWire(uint16(w))
		if !ok {
			continue
		}
		known++
		if CommandToWire(full) != uint16(w) {
			t.Errorf("low word of %#08x is not %#04x", full, w)
		}
	}
	if known != 409 {
		t.Fatalf("%d known commands, want 409", known)
	}
}

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
