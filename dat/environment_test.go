package dat

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"
)

// TestSceneLayout pins the ObjectDesc field order against ACE ObjectDesc:
// obj id, base frame (origin, then quaternion w x y z), freq, displace x/y,
// min/max scale, max rotation, min/max slope, align, orient, weenie obj.
func TestSceneLayout(t *testing.T) {
	s := fixtureScene()
	_, b, err := Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	if want := 8 + 2*objectDescSize; len(b) != want || objectDescSize != 76 {
		t.Fatalf("Scene is %d bytes, ObjectDesc %d; want %d and 76", len(b), objectDescSize, want)
	}
	u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }
	f32 := func(off int) float32 { return math.Float32frombits(u32(off)) }
	o := 8 // first ObjectDesc
	checks := []struct {
		name string
		got  float32
		want float32
	}{
		{"origin.x", f32(o + 4), 1}, {"origin.y", f32(o + 8), 2}, {"quat.w", f32(o + 16), 0.5},
		{"quat.y", f32(o + 24), -0.5}, {"freq", f32(o + 32), 0.25}, {"displace_x", f32(o + 36), 12},
		{"displace_y", f32(o + 40), 6}, {"min_scale", f32(o + 44), 0.8}, {"max_scale", f32(o + 48), 1.4},
		{"max_rotation", f32(o + 52), 360}, {"min_slope", f32(o + 56), 0.9}, {"max_slope", f32(o + 60), 1},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if u32(0) != 0x120000A1 || u32(4) != 2 || u32(o) != 0x02000010 || u32(o+64) != 1 || u32(o+72) != 0 ||
		u32(o+objectDescSize+72) != 0x7000 {
		t.Errorf("id, count, obj id, align or weenie flag misplaced: % X", b[:16])
	}
}

// TestCellStructLayout pins the CellStruct field order against ACE
// CellStruct.Unpack: the three counts come first, the portal list is
// followed by an align4, and the drawing BSP sits behind a u32 flag.
func TestCellStructLayout(t *testing.T) {
	env := &Environment{ID: 0x0D000001, Cells: map[uint32]CellStruct{3: {
		Portals: []uint16{0x0102}, CellBSP: &BSPNode{Tag: "LEAF", LeafIndex: 5},
		PhysicsBSP: &BSPNode{Tag: "LEAF", LeafIndex: 6, Solid: 1, Sphere: Sphere{Radius: 2}},
	}}}
	_, b, err := Encode(env)
	if err != nil {
		t.Fatal(err)
	}
	u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }
	// id, count, key 3, counts (0 polygons, 0 physics, 1 portal), vertex
	// array (type 1, 0 vertices), portal 0x0102 + 2 pad bytes, cell leaf,
	// physics leaf, no drawing BSP.
	want := []uint32{0x0D000001, 1, 3, 0, 0, 1, 1, 0, 0x0102, 0x4C454146, 5, 0x4C454146, 6, 1}
	for i, w := range want {
		if got := u32(4 * i); got != w {
			t.Fatalf("u32 %d at offset %d = %#x, want %#x", i, 4*i, got, w)
		}
	}
	if n := len(b); n != 4*len(want)+16+4+4 {
		t.Fatalf("encoded %d bytes", n)
	}
	if u32(len(b)-4) != 0 {
		t.Error("drawing BSP flag is not 0")
	}
	got, err := DecodeEnvironment(env.ID, b)
	if err != nil {
		t.Fatal(err)
	}
	if c := got.Cells[3]; c.DrawingBSP != nil || len(c.Portals) != 1 || c.CellBSP.LeafIndex != 5 || c.PhysicsBSP.Solid != 1 {
		t.Errorf("decoded %+v", c)
	}
}

// TestEnvironmentBadInput: corrupt Environments and Scenes fail with a
// DecodeError naming the type, the id and the offset, never a panic or a
// huge allocation.
func TestEnvironmentBadInput(t *testing.T) {
	_, env, err := Encode(fixtureEnvironment())
	if err != nil {
		t.Fatal(err)
	}
	_, scene, err := Encode(fixtureScene())
	if err != nil {
		t.Fatal(err)
	}
	dup := append([]byte(nil), env...)
	// Rewrite the second cell structure's index (7) to the first's (0).
	_, first, _ := Encode(&Environment{ID: 0x0D000123, Cells: map[uint32]CellStruct{0: fixtureEnvironment().Cells[0]}})
	binary.LittleEndian.PutUint32(dup[len(first):], 0)
	huge := append([]byte(nil), env...)
	binary.LittleEndian.PutUint32(huge[4:], 0xFFFFFFFF)
	badTag := append([]byte(nil), env...)
	// The cell BSP of the bare structure starts after id, count, its key,
	// the three counts and the empty vertex array.
	copy(badTag[len(first)+4+12+8:], "XXXX")
	tests := []struct {
		name string
		typ  Type
		data []byte
		off  int
		msg  string
	}{
		{"truncated environment", TypeEnvironment, env[:len(env)-3], -1, "truncated"},
		{"repeated index", TypeEnvironment, dup, len(first), "cell structure 0 repeated"},
		{"huge count", TypeEnvironment, huge, 8, "cell structure count 4294967295"},
		{"bad tag", TypeEnvironment, badTag, len(first) + 4 + 12 + 8, "unknown BSP tag"},
		{"truncated scene", TypeScene, scene[:len(scene)-1], -1, "truncated"},
		{"scene count", TypeScene, append(append([]byte(nil), scene[:4]...), 0xFF, 0xFF, 0, 0), 8, "scene object count 65535"},
		{"scene trailing", TypeScene, append(append([]byte(nil), scene...), 1, 2, 3, 4), len(scene), "trailing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id := uint32(0x0D000123)
			if tc.typ == TypeScene {
				id = 0x120000A1
			}
			_, err := Decode(tc.typ, id, tc.data)
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("err = %v, want a DecodeError", err)
			}
			if de.Type != tc.typ.String() || de.ID != id || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("err = %v, want %s 0x%08X and %q", err, tc.typ, id, tc.msg)
			}
			if tc.off >= 0 && de.Offset != tc.off {
				t.Errorf("offset = %#x, want %#x (%v)", de.Offset, tc.off, err)
			}
		})
	}
}

// TestEnvironmentTypes: 0x0D ids are Environments and 0x12 ids Scenes in
// the portal dataset, and the container reads them.
func TestEnvironmentTypes(t *testing.T) {
	if got := TypeOf(0x0D000001, DatasetPortal); got != TypeEnvironment {
		t.Errorf("TypeOf(0x0D000001) = %v", got)
	}
	if got := TypeOf(0x12000001, DatasetPortal); got != TypeScene {
		t.Errorf("TypeOf(0x12000001) = %v", got)
	}
	b := NewBuilder(DatasetPortal)
	if err := b.AddObject(fixtureEnvironment()); err != nil {
		t.Fatal(err)
	}
	if err := b.AddObject(fixtureScene()); err != nil {
		t.Fatal(err)
	}
	data, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	c, err := OpenBytes(data, "t.dat")
	if err != nil {
		t.Fatal(err)
	}
	env, err := c.Environment(0x0D000123)
	if err != nil || len(env.Cells) != 2 {
		t.Fatalf("Environment: %v, %+v", err, env)
	}
	if p, ok := func() (Polygon, bool) { s := env.Cells[0]; return s.Polygon(2) }(); !ok || p.Key != 2 {
		t.Errorf("Polygon(2) = %+v, %v", p, ok)
	}
	sc, err := c.Scene(0x120000A1)
	if err != nil || len(sc.Objects) != 2 || sc.Objects[1].WeenieObj != 0x7000 {
		t.Fatalf("Scene: %v, %+v", err, sc)
	}
}
