package testbed

import (
	"strings"
	"testing"

	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/sampleworld/world"
)

// TestSpawnLook: world.spawn's look becomes the object's appearance as a
// CreateObject's ObjDesc would (subpalettes in order, texture swaps,
// part replacements), and world.sample_outfits() lists the sample's
// outfits with their subpalettes.
func TestSpawnLook(t *testing.T) {
	p, c := openDATs(t, sampleworld.PortalBytes(), sampleworld.CellBytes())
	s, err := runSnippet(t, `
world.set_default_place(world.find_place())
local outfits = world.sample_outfits()
assert(#outfits == 4, "outfits: " .. #outfits)
assert(outfits[2].name == "guard", outfits[2].name)
world.spawn{guid = 0x50000100, setup = sample.HUMAN, look = outfits[2].look}
world.spawn{guid = 0x50000101, setup = sample.HUMAN, look = {palette = 0x04000001,
  subpalettes = {{palette = 0x04000011, offset = 8, count = 4}},
  textures = {{part = 2, old = 0x05000015, new = 0x05000014}}, parts = {{part = 3, gfx = 0x01000014}}}}
`, Options{Portal: p, Cell: c})
	if err != nil {
		t.Fatal(err)
	}
	guard := s.World.Object(0x50000100)
	if guard == nil || guard.Look == nil {
		t.Fatal("no guard or no appearance")
	}
	want := world.Outfits[1].SubPalettes
	if len(guard.Look.SubPalettes) != len(want) {
		t.Fatalf("guard: %d subpalettes, want %d", len(guard.Look.SubPalettes), len(want))
	}
	for i, sp := range want {
		if got := guard.Look.SubPalettes[i]; got != [3]uint32{sp.Palette, uint32(sp.Offset), uint32(sp.Count)} {
			t.Errorf("guard subpalette %d: %v, want %+v", i, got, sp)
		}
	}
	o := s.World.Object(0x50000101)
	if o == nil || o.Look == nil {
		t.Fatal("no second figure")
	}
	l := o.Look
	if l.Palette != 0x04000001 || len(l.SubPalettes) != 1 || l.SubPalettes[0] != [3]uint32{0x04000011, 8, 4} ||
		len(l.Textures) != 1 || l.Textures[0] != [3]uint32{2, 0x05000015, 0x05000014} || l.PartGfx[3] != 0x01000014 {
		t.Errorf("look %+v", l)
	}

	_, err = runSnippet(t, `
world.set_default_place(world.find_place())
world.spawn{setup = sample.HUMAN, look = {subpalettes = {{palette = 0x04000011, offset = 300, count = 1}}}}
`, Options{Portal: p, Cell: c})
	if err == nil || !strings.Contains(err.Error(), "offset must be an integer 0–255") {
		t.Errorf("offset 300: %v, want a range error", err)
	}
}
