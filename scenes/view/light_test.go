package view

import (
	"math"
	"testing"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld/world"
)

// TestPointLightLit: a cell light adds its colour × intensity by
// Lambert's cosine and falls linearly to nothing at Falloff — exactly
// nothing at the boundary and beyond, something just inside it.
func TestPointLightLit(t *testing.T) {
	l := NewPointLight(physics.Vec3{Z: 0}, dat.LightInfo{Color: 0xFF8040FF, Intensity: 2, Falloff: 8})
	if l.Color != (rgb{2 * float32(0x80) / 255, 2 * float32(0x40) / 255, 2}) || l.Falloff != 8 {
		t.Fatalf("NewPointLight: %+v", l)
	}
	for _, bad := range []dat.LightInfo{{Color: 0xFFFFFFFF, Intensity: float32(math.NaN()), Falloff: 8},
		{Color: 0xFFFFFFFF, Intensity: 1, Falloff: float32(math.Inf(1))}, {Color: 0xFFFFFFFF, Intensity: -1, Falloff: 8}} {
		l := NewPointLight(physics.Vec3{}, bad)
		if c := l.Lit(physics.Vec3{Z: -1}, physics.Vec3{Z: 1}); c != (rgb{}) {
			t.Errorf("damaged light %+v lights %v, want nothing", bad, c)
		}
	}
	up := physics.Vec3{Z: 1}
	for _, tc := range []struct {
		name string
		p, n physics.Vec3
		want float32 // blue channel
	}{
		{"at falloff", physics.Vec3{Z: -8}, up, 0},
		{"beyond", physics.Vec3{Z: -9}, up, 0},
		{"just inside", physics.Vec3{Z: -7.99}, up, 2 * (1 - 7.99/8)},
		{"half way, facing", physics.Vec3{Z: -4}, up, 1},
		{"half way, facing away", physics.Vec3{Z: -4}, physics.Vec3{Z: -1}, 0},
		{"half way, at 60°", physics.Vec3{Z: -4}, physics.Vec3{X: 0.8660254, Z: 0.5}, 0.5},
		{"at the light", physics.Vec3{}, up, 0},
	} {
		got := l.Lit(tc.p, tc.n).B
		if d := got - tc.want; d < -1e-5 || d > 1e-5 || (tc.want == 0) != (got == 0) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestCellLitByItsLights: the sample dungeon's entry room carries two
// wall torches, Setups with a LightInfo each; DATAssets.CellLights places
// them by the stabs' frames, and the room drawn from inside is lit by
// them — warm light near the torches that the even IndoorLight (the
// renderer without the lights) cannot give.
func TestCellLitByItsLights(t *testing.T) {
	_, a := testWorld(t)
	ec, err := a.Cell.EnvCell(world.DungeonEntryCell)
	if err != nil {
		t.Fatal(err)
	}
	setup, err := a.Portal.Setup(world.TorchSetup)
	if err != nil || len(setup.Lights) != 1 {
		t.Fatalf("torch setup: %v, %d lights", err, len(setup.Lights))
	}
	li := setup.Lights[0]
	lights := a.CellLights(ec)
	if len(lights) != 2 {
		t.Fatalf("%d lights in the entry room, want its 2 torches'", len(lights))
	}
	for i, l := range lights {
		want := physics.Combine(ec.StaticObjects[i].Frame, li.Frame).Origin
		if l.Pos.Sub(want).Len() > 1e-4 || l != NewPointLight(l.Pos, li) {
			t.Errorf("light %d: %+v, want at %v from %+v", i, l, want, li)
		}
	}

	// The player stands in the room by the east torch: its figure is lit
	// by the cell's lights too, not by the sun.
	w, _ := testWorld(t)
	e, _ := w.Entity(guidPlayer)
	pres := components.Presentation.Get(w.ECS.Entry(e))
	pres.Root = physics.Position{Cell: world.DungeonEntryCell, Frame: physics.Frame{
		Origin: physics.Vec3{X: 100.5, Y: 62, Z: -40}, Orientation: physics.IdentityQuat}}
	warmth := func(withLights bool) (maxWarm, playerWarm float32, n int) {
		r := NewRenderer(a)
		cam := NewCamera(640, 360, physics.Position{Cell: world.DungeonEntryCell, Frame: physics.Frame{
			Origin: physics.Vec3{X: 96, Y: 61, Z: -38.5}, Orientation: physics.IdentityQuat}})
		cam.Distance, cam.Pitch = 5, 0.12
		cam.Update()
		r.ViewerCell = world.DungeonEntryCell
		r.Build(w, cam) // loads every cell in view
		if !withLights {
			for _, c := range r.envCells {
				if c != nil {
					c.lights = nil
				}
			}
			r.Build(w, cam)
		}
		if len(r.Errors) > 0 {
			t.Fatal(r.Errors)
		}
		for _, tri := range r.interior.vals {
			for _, v := range r.triVerts(uint32(tri)) {
				maxWarm = max(maxWarm, v.ColorR-v.ColorB)
				n++
			}
		}
		player := int32(-1)
		for i, d := range r.Drawn {
			if d.GUID == guidPlayer {
				player = int32(i)
			}
		}
		if player < 0 {
			t.Fatal("the player in the room is not drawn")
		}
		for tri, rec := range r.tris {
			o := rec.Owner
			if o == player {
				for _, v := range r.triVerts(uint32(tri)) {
					playerWarm = max(playerWarm, v.ColorR-v.ColorB)
				}
			}
		}
		return maxWarm, playerWarm, n
	}
	lit, litPlayer, n := warmth(true)
	even, evenPlayer, _ := warmth(false)
	if n == 0 {
		t.Fatal("no interior drawn")
	}
	if lit < even+0.2 || litPlayer < evenPlayer+0.2 {
		t.Errorf("warmest vertex (red − blue) of the room, the player: %.3f, %.3f with the torches, %.3f, %.3f without; want each ≥ 0.2 more",
			lit, litPlayer, even, evenPlayer)
	}
	t.Logf("warmest room vertex: %.3f lit by the torches, %.3f by IndoorLight (%d vertices); the player's %.3f, %.3f", lit, even, n, litPlayer, evenPlayer)
}
