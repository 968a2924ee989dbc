package systems

import (
	"math"
	"testing"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/sampleworld/world"
)

// sampleCollideWorld is the sample world on its own terrain, collision
// found by the World in the sample DATs alone (nothing published by hand).
func sampleCollideWorld(t *testing.T) *World {
	t.Helper()
	w, _ := sampleWorld(t)
	w.Trace = nil
	withTerrain(t, w)
	return w
}

// TestSampleTownHouseDoorway: in the sample world's town, a creature
// walking north from the plaza through the first house's south doorway
// ends in its EnvCell (sampleworld.TownHouseCell0), stopped by the room's north
// wall at its radius (house centre y + 3 − 0.45) on the floor; one walking
// north beside the doorway is stopped outside by the shell's south wall
// (y − 3 − 0.45) in an outdoor cell.
func TestSampleTownHouseDoorway(t *testing.T) {
	h := world.TownHouses[0]
	if h.Heading != 0 {
		t.Fatalf("house 0 heading %v: the test expects its doorway on the south", h.Heading)
	}
	w := sampleCollideWorld(t)
	ground := func(x, y float32) float32 {
		z, ok := w.Ground.GroundZ(sampleworld.TownBlock, x, y)
		if !ok {
			t.Fatal("no town terrain")
		}
		return z
	}
	walkerInCell(t, w, 0x50000001, dat.CellAt(sampleworld.TownBlock, h.X, h.Y-8), v3s(h.X, h.Y-8, ground(h.X, h.Y-8)), 0)
	walkerInCell(t, w, 0x50000002, dat.CellAt(sampleworld.TownBlock, h.X+2.5, h.Y-8), v3s(h.X+2.5, h.Y-8, ground(h.X+2.5, h.Y-8)), 0)
	for range 200 {
		w.Step(0.05)
	}
	ec := w.Ground.Landblock(sampleworld.TownBlock).EnvCell(sampleworld.TownHouseCell0)
	if ec == nil {
		t.Fatal("no house EnvCell")
	}
	floor := ec.Position.Origin.Z
	in, out := w.Object(0x50000001).Phys.Position, w.Object(0x50000002).Phys.Position
	if in.Cell != sampleworld.TownHouseCell0 || !stoppedBefore(in.Frame.Origin.Y, h.Y+3-0.45) ||
		math.Abs(float64(in.Frame.Origin.Z-floor)) > 0.01 || math.Abs(float64(in.Frame.Origin.X-h.X)) > 0.01 {
		t.Fatalf("through the doorway: 0x%08X at %+v, want 0x%08X at (%v, %v, floor %v)", in.Cell, in.Frame.Origin,
			uint32(sampleworld.TownHouseCell0), h.X, h.Y+3-0.45, floor)
	}
	if !dat.IsOutdoorCell(out.Cell) || !stoppedBefore(out.Frame.Origin.Y, h.Y-3-0.45) {
		t.Fatalf("beside the doorway: 0x%08X at %+v, want outdoors at y %v", out.Cell, out.Frame.Origin, h.Y-3-0.45)
	}
}

// TestSampleDungeonCellToCell: in the sample dungeon (landblock 0x0202,
// 40 units underground) a creature walking north from the entry room
// passes through the doorway into the corridor (its cell changes when its
// centre crosses y 66) and on into the hall (at y 82), whose far wall
// (the hall spans y 82..94) stops it short of its radius, y 93.55, on the
// hall's floor.
func TestSampleDungeonCellToCell(t *testing.T) {
	w := sampleCollideWorld(t)
	walkerInCell(t, w, 0x50000001, sampleworld.DungeonEntryCell, v3s(96, 58, -40), 0)
	o := w.Object(0x50000001)
	seen := map[uint32]float32{}
	for range 400 {
		w.Step(0.05)
		p := o.Phys.Position
		if _, ok := seen[p.Cell]; !ok {
			seen[p.Cell] = p.Frame.Origin.Y
		}
	}
	if y, ok := seen[sampleworld.DungeonCorridorCell]; !ok || y < 66 || y > 66.5 {
		t.Fatalf("cells entered %v: want the corridor from y 66", seen)
	}
	if y, ok := seen[sampleworld.DungeonHallCell]; !ok || y < 82 || y > 82.5 {
		t.Fatalf("cells entered %v: want the hall from y 82", seen)
	}
	p := o.Phys.Position
	if p.Cell != sampleworld.DungeonHallCell || math.Abs(float64(p.Frame.Origin.Z+40)) > 0.01 || !o.Phys.Transient.Has(physics.TransientOnWalkable) {
		t.Fatalf("ended in 0x%08X at %+v, want on the hall's floor (z -40)", p.Cell, p.Frame.Origin)
	}
	c := w.Collisions(0x50000001)
	if !stoppedBefore(p.Frame.Origin.Y, 93.55) || c == nil || len(c.Hits) == 0 ||
		c.Hits[0].Kind != collision.HitCell || c.Hits[0].Cell != sampleworld.DungeonHallCell {
		t.Fatalf("ended at %+v touching %+v: want stopped at y 93.55 by the hall's wall", p.Frame.Origin, c)
	}
}

// TestSceneryTreeBlocks: a tree of the sample scenery (sampleworld.TreeSetup,
// CylSphere radius 0.35, no spheres or physics BSP) published with its
// landblock, at scale 1.5, stops a creature walking into it short of the
// sum of the radii from its axis: 0.35 × 1.5 + 0.45.
func TestSceneryTreeBlocks(t *testing.T) {
	w := collideWorld(t)
	tree := collision.Static{GUID: 0x8A9B4000, ID: sampleworld.TreeSetup, Cell: 0xA9B40013, Scale: 1.5,
		Frame: physics.Frame{Origin: v3s(60, 50, groundZ), Orientation: physics.IdentityQuat}}
	w.Ground.(*testLand).set(0xA9B40000, nil, nil).Scenery = []collision.Static{tree}
	walker(t, w, 0x50000001, 60, 44, 0)
	for range 60 {
		w.Step(0.05)
	}
	if y := origin(w, 0x50000001).Y; !stoppedBefore(y, 50-0.35*1.5-0.45) {
		t.Fatalf("y %v, want stopped at %v by the tree", y, 50-0.35*1.5-0.45)
	}
}
