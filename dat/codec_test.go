package dat

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestCompressedUint(t *testing.T) {
	tests := []struct {
		v    uint32
		wire []byte
	}{
		{0, []byte{0}}, {127, []byte{0x7F}}, {128, []byte{0x80, 0x80}}, {0x3FFF, []byte{0xBF, 0xFF}},
		{0x4000, []byte{0xC0, 0x00, 0x00, 0x40}}, {0x3FFFFFFF, []byte{0xFF, 0xFF, 0xFF, 0xFF}},
		{0x12345678 & 0x3FFFFFFF, []byte{0xD2, 0x34, 0x78, 0x56}},
	}
	for _, tc := range tests {
		e := newEncoder("t", 0, 4)
		e.cuint(tc.v)
		if !bytes.Equal(e.b, tc.wire) {
			t.Errorf("cuint(%#x) wrote % X, want % X", tc.v, e.b, tc.wire)
		}
		d := newDecoder("t", 0, tc.wire)
		if got := d.cuint(); got != tc.v || d.finish() != nil {
			t.Errorf("cuint % X read %#x, want %#x", tc.wire, got, tc.v)
		}
	}
	e := newEncoder("t", 0, 4)
	if e.cuint(0x40000000); e.err == nil {
		t.Error("cuint accepted 2^30")
	}
}

func TestPackedID(t *testing.T) {
	tests := []struct {
		id   uint32
		wire []byte
	}{
		{0x01000000, []byte{0, 0}}, {0x01007FFF, []byte{0xFF, 0x7F}},
		{0x01008000, []byte{0x00, 0x80, 0x00, 0x80}}, {0x01123456, []byte{0x12, 0x80, 0x56, 0x34}},
	}
	for _, tc := range tests {
		e := newEncoder("t", 0, 4)
		e.packedID(tc.id, 0x01000000)
		if !bytes.Equal(e.b, tc.wire) {
			t.Errorf("packedID(%#x) wrote % X, want % X", tc.id, e.b, tc.wire)
		}
		if got := newDecoder("t", 0, tc.wire).packedID(0x01000000); got != tc.id {
			t.Errorf("packedID % X read %#x", tc.wire, got)
		}
	}
	// Bit 0x4000 of the high word is ignored on read.
	if got := newDecoder("t", 0, []byte{0x12, 0xC0, 0x56, 0x34}).packedID(0x01000000); got != 0x01123456 {
		t.Errorf("packedID with bit 0x4000 read %#x", got)
	}
}

func TestPString(t *testing.T) {
	tests := []struct {
		s    string
		wire []byte
	}{
		{"", []byte{0, 0, 0, 0}},
		{"ab", []byte{2, 0, 'a', 'b'}},
		{"abc", []byte{3, 0, 'a', 'b', 'c', 0, 0, 0}},
		{"€é", []byte{2, 0, 0x80, 0xE9}},
	}
	for _, tc := range tests {
		e := newEncoder("t", 0, 8)
		e.pstring(tc.s)
		if !bytes.Equal(e.b, tc.wire) {
			t.Errorf("pstring(%q) wrote % X, want % X", tc.s, e.b, tc.wire)
		}
		d := newDecoder("t", 0, tc.wire)
		if got := d.pstring(); got != tc.s || d.finish() != nil {
			t.Errorf("pstring % X read %q (%v)", tc.wire, got, d.err)
		}
	}
	// DRW's 0xFFFF escape: a u32 length follows.
	d := newDecoder("t", 0, []byte{0xFF, 0xFF, 2, 0, 0, 0, 'h', 'i'})
	if got := d.pstring(); got != "hi" || d.finish() != nil {
		t.Errorf("escaped pstring read %q (%v)", got, d.err)
	}
	// Every Windows-1252 byte survives a PString read and write.
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	wire := append(append([]byte{0, 1}, all...), 0, 0) // length 256, padded to 4
	d = newDecoder("t", 0, wire)
	text := d.pstring()
	e := newEncoder("t", 0, len(wire))
	e.pstring(text)
	if d.finish() != nil || !bytes.Equal(e.b, wire) {
		t.Errorf("bytes 0-255 do not round-trip through a PString (%v)", d.err)
	}
	// Text outside Windows-1252 cannot be written.
	e = newEncoder("t", 0, 8)
	e.pstring("a☃b")
	if _, err := e.result(); err == nil || !strings.Contains(err.Error(), "outside Windows-1252") {
		t.Errorf("pstring(a☃b): err %v, want outside Windows-1252", err)
	}
}

func TestMarshalJSON(t *testing.T) {
	for _, obj := range fixtures() {
		out := MarshalJSON(obj, "")
		var m map[string]any
		if err := json.Unmarshal(out, &m); err != nil {
			t.Fatalf("%T: invalid JSON: %v\n%s", obj, err, out)
		}
		if _, ok := m["id"].(float64); !ok {
			t.Errorf("%T: no numeric id", obj)
		}
		pretty := MarshalJSON(obj, "  ")
		if err := json.Unmarshal(pretty, &m); err != nil {
			t.Fatalf("%T: invalid indented JSON: %v", obj, err)
		}
	}
	s := fixtureSetup()
	s.Height = float32(math.NaN())
	var m map[string]any
	if err := json.Unmarshal(MarshalJSON(s, ""), &m); err != nil || m["height"] != nil {
		t.Errorf("NaN should encode as null: %v, %v", err, m["height"])
	}
	f := MarshalJSON(fixtureAnimation().PosFrames[0], "")
	if string(f) != `{"origin":[0,0,0],"orientation":[0.5,0.5,-0.5,0.5]}` {
		t.Errorf("frame JSON %s", f)
	}
	p := fixtureGfxObj().Polygons[0]
	if out := string(MarshalJSON(p, "")); !strings.Contains(out, `"pos_uv_indices":[0,0,1]`) {
		t.Errorf("byte list not a number array: %s", out)
	}
	if out := string(Format(fixtureSetup())); !strings.Contains(out, `"id": 0x02000001`) {
		t.Errorf("Format does not show ids in hex:\n%s", out)
	}
}

func TestTrailingPad(t *testing.T) {
	_, data, err := Encode(fixtureEnvCell())
	if err != nil {
		t.Fatal(err)
	}
	pad := (4 - len(data)%4) % 4
	if pad == 0 {
		t.Fatal("fixture EnvCell is already aligned; the test needs an unaligned one")
	}
	tests := []struct {
		name string
		tail []byte
		ok   bool
	}{
		{"exact", nil, true},
		{"zero pad to 4", make([]byte, pad), true},
		{"non-zero pad", append(make([]byte, pad-1), 1), false},
		{"pad past 4", make([]byte, pad+4), false},
	}
	for _, tc := range tests {
		_, err := DecodeEnvCell(0xA9B40100, append(bytes.Clone(data), tc.tail...))
		if (err == nil) != tc.ok {
			t.Errorf("%s: err %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
}
