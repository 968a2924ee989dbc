package collision

import (
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// The golden cases of the placement search (Resolver.Place). Every
// expected value was worked out by hand from ACE's port (7b47913:
// Physics/Transition.cs FindPlacementPosition, FindPlacementPos,
// ValidatePlacement, ValidatePlacementTransition, StepDown;
// BSP/BSPTree.cs placement_insert; Polygon.cs adjust_to_placement_poly;
// Animation/AFrame.cs set_heading/get_vector_heading: heading a is the
// direction (sin a, cos a, 0), clockwise from north) before the test was
// run. Common ground, beyond retail_test.go's:
//
//   - InitialPlacement tests the terrain under the low point (a sphere
//     below it is lifted onto it) and pushes the spheres out of an indoor
//     cell's polygons; objects are not tested;
//   - Placement then inserts the spheres as they stand: touching an
//     object is Collided;
//   - the search's rings for r = 0.5 are 8 of 0.5 (4/r), ring i with
//     2·⌈i·π⌉ headings (ring 1: 8 at 45°, ring 2: 14 at 25.714°); for
//     r < 0.48 they are made for 0.48: 9 rings of 0.44444, ring 1 with
//     2·⌈2.9089⌉ = 6 headings at 60°;
//   - the placed object steps down by r/2 (one sphere, step down 1.5
//     over its diameter): ground within that is stood on, else it stays.
type placeCase struct {
	name   string
	m      func() *Mover
	env    *flatEnv
	cell   uint32
	from   physics.Vec3
	slide  bool
	want   physics.Vec3
	onWalk bool
	failed bool
}

func smallWalker() *Mover {
	return &Mover{GUID: 1, Spheres: []dat.Sphere{{Origin: v3(0, 0, 0.3), Radius: 0.3}}, StepUpHeight: 0.6, StepDownHeight: 1.5}
}

func placeCases() []placeCase {
	wall := func() *flatEnv { return &flatEnv{obs: []Obstacle{wallEast()}} }
	buddy := func() *flatEnv { return &flatEnv{obs: []Obstacle{creature(2, 10, 10.3)}} }
	return []placeCase{
		// Low point on the flat terrain (dist 0): OK; Placement OK; the
		// step down of 0.25 is lifted back by ValidateWalkable (interp
		// 1 − 4·0.25 = 0): contact z 1, placement clear.
		{name: "clear spot stays", m: walker, env: &flatEnv{}, from: v3(10, 10, 0), slide: true, want: v3(10, 10, 0), onWalk: true},
		// 0.3 under the terrain: ValidateWalkable lifts the check by 0.3
		// (Adjusted), the second attempt is on the plane: OK.
		{name: "below the terrain lifted", m: walker, env: &flatEnv{}, from: v3(10, 10, -0.3), slide: true, want: v3(10, 10, 0), onWalk: true},
		// 0.2 over the terrain: the step down of 0.25 reaches it (zd
		// −0.05, interp 0.8): stood on the ground.
		{name: "hovering 0.2 dropped", m: walker, env: &flatEnv{}, from: v3(10, 10, 0.2), slide: true, want: v3(10, 10, 0), onWalk: true},
		// 0.3 over: the step down of 0.25 leaves the low point 0.05 over
		// the plane: no contact, restored, not on walkable ground.
		{name: "hovering 0.3 stays", m: walker, env: &flatEnv{}, from: v3(10, 10, 0.3), slide: true, want: v3(10, 10, 0.3)},
		// A creature (sphere r 0.5) 0.3 north: Placement collides
		// (radsum 1 − ε). Ring 1 (0.5): every heading stays within 0.8
		// of its centre (north 0.2, 45° 0.358, east 0.583, 135° 0.743,
		// south 0.8, …, west 0.583): Collided. Ring 2 (1.0): 0° 0.7,
		// 25.7° 0.741, 51.4° 0.846, 77.1° (0.97493, 0.22252) 0.978 <
		// 0.9998; 102.9° (0.97493, −0.22252): disp (0.97493, −0.52252),
		// 1.1061 > radsum: clear.
		{name: "overlapping creature moved", m: walker, env: buddy(), from: v3(10, 10, 0), slide: true, want: v3(10.974928, 9.777479, 0), onWalk: true},
		// The same without sliding: FindPlacementPos fails at once.
		{name: "overlapping creature without slide", m: walker, env: buddy(), from: v3(10, 10, 0), want: v3(10, 10, 0), failed: true},
		// Without sliding a small lift is taken: x and y unchanged.
		{name: "lift without slide", m: walker, env: &flatEnv{}, from: v3(10, 10, -0.3), want: v3(10, 10, 0), onWalk: true},
		// 0.2 from the wall's face x = 20: Collided. Ring 1 (0.5, 45°):
		// headings 0°…180° keep x ≥ 19.8; 225° (−0.35355, −0.35355)
		// puts the centre 0.55355 from the face: clear.
		{name: "overlapping a wall moved", m: walker, env: wall(), from: v3(19.8, 50, 0), slide: true, want: v3(19.446447, 49.646447, 0), onWalk: true},
		// r 0.3 (rings made for 0.48), 0.1 from the face: ring 1 of
		// 0.44444 has 6 headings at 60°; 0°, 60°, 120°, 180° keep x ≥
		// 19.9 − 0; 240° (−0.86603, −0.5)·0.44444: x 19.51510, 0.48490
		// from the face > 0.2998: clear. Step down r/2 = 0.15.
		{name: "small sphere rings", m: smallWalker, env: wall(), from: v3(19.9, 50, 0), slide: true, want: v3(19.515100, 49.777778, 0), onWalk: true},
		// In the room 0.2 from its west wall (x 100, facing +x):
		// InitialPlacement's placement_insert pushes the sphere along
		// +x to r off the plane (dp 0.2 → 0.5): Adjusted by (0.3, 0, 0);
		// the second attempt is clear. Placement clear; the step down
		// finds the floor. In the room's cell.
		{name: "pushed out of a cell wall", m: walker, env: roomEnv(), cell: roomID, from: v3(100.2, 105, 0), slide: true, want: v3(100.5, 105, 0), onWalk: true},
	}
}

func TestPlacementGolden(t *testing.T) {
	for _, tc := range placeCases() {
		t.Run(tc.name, func(t *testing.T) {
			r := NewResolver(tc.env)
			cell := tc.cell
			if cell == 0 {
				cell = testCell
			}
			pos := at(tc.from.X, tc.from.Y, tc.from.Z)
			pos.Cell = cell
			res := r.Place(tc.m(), pos, tc.slide)
			o := res.Origin
			const tol = 1e-4
			if !near(o.X, tc.want.X, tol) || !near(o.Y, tc.want.Y, tol) || !near(o.Z, tc.want.Z, tol) {
				t.Errorf("placed at %+v, want %+v", o, tc.want)
			}
			if res.Failed != tc.failed || res.OnWalkable != tc.onWalk {
				t.Errorf("failed %v on walkable %v, want %v %v", res.Failed, res.OnWalkable, tc.failed, tc.onWalk)
			}
			want := cell
			if dat.IsOutdoorCell(cell) {
				w := tc.want
				want, _ = dat.AdjustToOutside(cell, &w)
			}
			if !tc.failed && res.Cell != want {
				t.Errorf("cell %08X, want %08X", res.Cell, want)
			}
			if len(res.Hits) != 0 {
				t.Errorf("placement reported %d hits", len(res.Hits))
			}
		})
	}
}

// TestPlacementNoRoom: a walker in the middle of a ring of creatures
// packed too tight to leave any gap within the search's 4 units finds no
// placement, and the result keeps the wanted position.
func TestPlacementNoRoom(t *testing.T) {
	env := &flatEnv{}
	g := uint32(10)
	for x := float32(4); x <= 16; x += 0.8 {
		for y := float32(4); y <= 16; y += 0.8 {
			env.obs = append(env.obs, creature(g, x, y))
			g++
		}
	}
	res := NewResolver(env).Place(walker(), at(10, 10, 0), true)
	if !res.Failed || res.Origin != v3(10, 10, 0) {
		t.Fatalf("placed %+v failed %v, want no placement at (10, 10, 0)", res.Origin, res.Failed)
	}
}

// TestPlacementRejectsBadInput: no spheres or a non-finite position is
// no placement.
func TestPlacementRejectsBadInput(t *testing.T) {
	r := NewResolver(&flatEnv{})
	if res := r.Place(&Mover{}, at(10, 10, 0), true); !res.Failed {
		t.Fatal("a mover without spheres was placed")
	}
	nan := float32(0)
	nan /= nan
	if res := r.Place(walker(), at(nan, 10, 0), true); !res.Failed {
		t.Fatal("a NaN position was placed")
	}
}
