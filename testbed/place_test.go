package testbed

import (
	"math"
	"strings"
	"testing"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld"
)

// slopeHeights is a landblock rising along x with gradient k: every
// triangle's normal z is 1/√(1+k²).
func slopeHeights(k float64) *collision.Heights {
	var z collision.Heights
	for i := range z {
		z[i] = float32(k * float64(i/dat.VerticesPerSide) * dat.CellLength)
	}
	return &z
}

// TestWalkableAroundAtFloorZ puts the middle vertex on planes just less
// and just more steep than FloorZ allows: find_place's walkable test is
// the collision's walkable test, normal z ≥ FloorZ.
func TestWalkableAroundAtFloorZ(t *testing.T) {
	lb := &dat.LandBlock{ID: 0xA9B4FFFF} // all terrain words 0: land
	kFloor := math.Sqrt(1/(collision.FloorZ*collision.FloorZ) - 1)
	for _, tt := range []struct {
		name string
		k    float64
		want bool
	}{
		{"level", 0, true},
		{"0.1% gentler than FloorZ", kFloor * 0.999, true},
		{"0.1% steeper than FloorZ", kFloor * 1.001, false},
		{"50 degrees", math.Tan(50 * math.Pi / 180), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := walkableAround(lb.ID, lb, slopeHeights(tt.k), 4, 4, collision.FloorZ); got != tt.want {
				t.Errorf("walkableAround = %v, want %v", got, tt.want)
			}
		})
	}
	// Near the landblock's edge the circle leaves the block: not walkable.
	if walkableAround(lb.ID, lb, slopeHeights(0), 0, 4, collision.FloorZ) {
		t.Error("a vertex on the landblock's edge counted as walkable")
	}
	// Water within the circle is not walkable.
	wet := &dat.LandBlock{ID: lb.ID}
	wet.Terrain[5*dat.VerticesPerSide+4] = 17 << 2 // type in bits 2..6
	if dat.TerrainWordType(wet.Terrain[5*dat.VerticesPerSide+4]) != 17 {
		t.Fatalf("terrain word layout: type %d", dat.TerrainWordType(wet.Terrain[5*dat.VerticesPerSide+4]))
	}
	if walkableAround(wet.ID, wet, slopeHeights(0), 4, 4, collision.FloorZ) {
		t.Error("a place with a water vertex 24 m away counted as walkable")
	}
}

// TestDistToTriangle2DAtRadius: a triangle whose nearest point is exactly
// PlaceRadius away is within reach; a hair further is not.
func TestDistToTriangle2DAtRadius(t *testing.T) {
	tri := [3]physics.Vec3{{X: 10, Y: -5}, {X: 20, Y: -5}, {X: 10, Y: 5}}
	if d := distToTriangle2D(0, 0, tri); d != PlaceRadius {
		t.Errorf("distance %v, want %v", d, PlaceRadius)
	}
	if d := distToTriangle2D(-0.01, 0, tri); d <= PlaceRadius {
		t.Errorf("distance %v, want > %v", d, PlaceRadius)
	}
	if d := distToTriangle2D(12, 0, tri); d != 0 {
		t.Errorf("inside: distance %v, want 0", d)
	}
}

// TestFindPlaceSampleIsWalkable: on the sample world the default place's
// ground within 10 m is walkable, while flat=false keeps the old answer
// (the land vertex nearest the middle), and max_slope bounds the slope.
func TestFindPlaceSampleIsWalkable(t *testing.T) {
	p, c := openDATs(t, sampleworld.PortalBytes(), sampleworld.CellBytes())
	s := New("", Options{Portal: p, Cell: c})
	defer s.Close()
	place, err := s.FindPlace(0)
	if err != nil {
		t.Fatal(err)
	}
	var z collision.Heights
	for i := range z {
		x, y := float32(i/dat.VerticesPerSide)*dat.CellLength, float32(i%dat.VerticesPerSide)*dat.CellLength
		z[i], _ = s.dataGround().GroundZ(place.Cell, x, y)
	}
	// Every terrain normal sampled within 10 m of the place is walkable.
	for dx := float32(-PlaceRadius); dx <= PlaceRadius; dx++ {
		for dy := float32(-PlaceRadius); dy <= PlaceRadius; dy++ {
			if float32(dx*dx)+float32(dy*dy) > PlaceRadius*PlaceRadius {
				continue
			}
			n := dat.TerrainNormal(place.Block, &z, place.Origin[0]+dx, place.Origin[1]+dy)
			if n.Z < collision.FloorZ {
				t.Fatalf("normal z %.3f < FloorZ at %+v of the place %+v", n.Z, [2]float32{dx, dy}, place)
			}
		}
	}
	if _, err := runSnippet(t, `
local p = world.find_place{max_slope = 0}
`, Options{Portal: p, Cell: c}); err == nil || !strings.Contains(err.Error(), "flat=false or max_slope=") {
		t.Errorf("max_slope=0 on hills: error %v, want one naming flat=false or max_slope=", err)
	}
	if _, err := runSnippet(t, `world.find_place{flat = false, max_slope = 10}`, Options{Portal: p, Cell: c}); err == nil ||
		!strings.Contains(err.Error(), "not both") {
		t.Errorf("flat=false with max_slope: error %v", err)
	}
	if _, err := runSnippet(t, `
local a = world.find_place{flat = false}
local b = world.find_place{max_slope = 90}
assert(a.cell == b.cell and a.origin[1] == b.origin[1] and a.origin[2] == b.origin[2], "flat=false and max_slope=90 differ")
`, Options{Portal: p, Cell: c}); err != nil {
		t.Error(err)
	}
}

// TestPortalMakesEthereal: world.portal on a solid object (as
// sample_portals() entries spawn) makes it Ethereal, so the player can
// walk into the 2 m trigger instead of stopping at its spheres.
func TestPortalMakesEthereal(t *testing.T) {
	p, c := openDATs(t, sampleworld.PortalBytes(), sampleworld.CellBytes())
	s, err := runSnippet(t, `
world.set_default_place(world.find_place())
G = world.spawn{archetype = "static", guid = 0x60000100, setup = sample.WINDMILL, state = {"Static"}}
world.portal(G, {cell = 0xA9B40001, origin = {10, 10, 0}})
`, Options{Portal: p, Cell: c})
	if err != nil {
		t.Fatal(err)
	}
	o := s.World.Object(0x60000100)
	if o == nil {
		t.Fatal("no portal object")
	}
	if o.Phys.State&physics.StateEthereal == 0 {
		t.Errorf("state %v: world.portal left the portal solid", o.Phys.State)
	}
	if o.Phys.State&physics.StateStatic == 0 {
		t.Errorf("state %v: world.portal dropped the object's own bits", o.Phys.State)
	}
}
