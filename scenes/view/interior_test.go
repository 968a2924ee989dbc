package view

import (
	"math"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// roomStruct is a 10×10×4 box room: floor 0, ceiling 1, north 2, west 3,
// south 4, east 5 (two-sided), with the walls named in portals as its
// openings.
func roomStruct(portals ...uint16) dat.CellStruct {
	var cs dat.CellStruct
	for i, p := range []physics.Vec3{{}, {X: 10}, {X: 10, Y: 10}, {Y: 10}, {Z: 4}, {X: 10, Z: 4}, {X: 10, Y: 10, Z: 4}, {Y: 10, Z: 4}} {
		cs.Vertices = append(cs.Vertices, dat.Vertex{Key: uint16(i), Origin: p})
	}
	faces := [][]int16{{0, 1, 2, 3}, {4, 7, 6, 5}, {3, 2, 6, 7}, {0, 3, 7, 4}, {0, 4, 5, 1}, {1, 5, 6, 2}}
	for i, f := range faces {
		cs.Polygons = append(cs.Polygons, dat.Polygon{Key: uint16(i), SidesType: dat.SidesNone, PosSurface: 0, NegSurface: -1, VertexIDs: f})
	}
	cs.Portals = portals
	return cs
}

// roomAssets: landblock 0x4040, flat, with two rooms: 0x40400100 at
// (50, 50) with a door south to the outdoors and an opening east into
// 0x40400101 at (60, 50), whose only opening is back west.
type roomAssets struct{ noMeshes }

func (roomAssets) Landblock(id uint32) (*Landblock, error) {
	if id|0xFFFF != 0x4040FFFF {
		return nil, dat.ErrNotFound
	}
	return &Landblock{ID: 0x4040FFFF, NumCells: 2}, nil
}

func (roomAssets) Environment(id uint32) (*dat.Environment, error) {
	if id != 0x0D000001 {
		return nil, dat.ErrNotFound
	}
	return &dat.Environment{ID: id, Cells: map[uint32]dat.CellStruct{0: roomStruct(4, 5), 1: roomStruct(3)}}, nil
}

func (roomAssets) EnvCell(id uint32) (*dat.EnvCell, error) {
	switch id {
	case 0x40400100:
		return &dat.EnvCell{ID: id, Flags: dat.EnvCellSeenOutside, Surfaces: []uint32{0x08000001}, EnvironmentID: 0x0D000001,
			Position: physics.Frame{Origin: physics.Vec3{X: 50, Y: 50, Z: 0.1}, Orientation: physics.IdentityQuat},
			Portals:  []dat.CellPortal{{PolygonID: 4, OtherCellID: 0xFFFF}, {PolygonID: 5, OtherCellID: 0x0101}}}, nil
	case 0x40400101:
		return &dat.EnvCell{ID: id, Surfaces: []uint32{0x08000001}, EnvironmentID: 0x0D000001, CellStructure: 1,
			Position: physics.Frame{Origin: physics.Vec3{X: 60, Y: 50, Z: 0.1}, Orientation: physics.IdentityQuat},
			Portals:  []dat.CellPortal{{PolygonID: 3, OtherCellID: 0x0100}}}, nil
	}
	return nil, dat.ErrNotFound
}

// roomCamera looks from target t along yaw's opposite (the eye sits
// distance d from t toward yaw).
func roomCamera(t physics.Vec3, yaw, d float32) *Camera {
	c := &Camera{BaseX: 0x40, BaseY: 0x40, W: 640, H: 480, FOV: 1, Target: t, Yaw: yaw, Distance: d, MapScale: 2}
	c.Update()
	return c
}

// TestInteriorPortalVisibility: from inside a room its cell is drawn, the
// next room only while the opening between them is in view, the outdoors
// only while a portal to it is; from outside a room shows through its
// door and not when the door is out of view.
func TestInteriorPortalVisibility(t *testing.T) {
	const roomA, roomB = 0x40400100, 0x40400101
	pi := float32(math.Pi)
	for _, tc := range []struct {
		name     string
		viewer   uint32
		cam      *Camera
		a, b     bool
		outdoors bool
	}{
		{"in A looking east into B", roomA, roomCamera(physics.Vec3{X: 57, Y: 55, Z: 2}, pi, 2), true, true, false},
		{"in A looking west, B behind", roomA, roomCamera(physics.Vec3{X: 53, Y: 55, Z: 2}, 0, 2), true, false, false},
		{"in A looking south out of the door", roomA, roomCamera(physics.Vec3{X: 55, Y: 52, Z: 2}, pi/2, 3), true, false, true},
		{"in B looking east, away from A", roomB, roomCamera(physics.Vec3{X: 67, Y: 55, Z: 2}, pi, 2), false, true, false},
		{"in B looking west through A and its door", roomB, roomCamera(physics.Vec3{X: 55, Y: 53, Z: 2}, 0.2, 12), true, true, true},
		// The line from the eye (55, 20) to B's opening at (60, 55) passes
		// the door at x 59.3: a sliver of B shows through A.
		{"outside looking at the door", 0x40400012, roomCamera(physics.Vec3{X: 55, Y: 30, Z: 2}, -pi/2, 10), true, true, true},
		{"outside looking away", 0x40400012, roomCamera(physics.Vec3{X: 55, Y: 30, Z: 2}, pi/2, 10), false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRenderer(roomAssets{})
			r.ViewerCell = tc.viewer
			r.Build(nil, tc.cam)
			if len(r.Errors) > 0 {
				t.Fatal(r.Errors)
			}
			if r.seen[roomA] != tc.a || r.seen[roomB] != tc.b {
				t.Errorf("drew A %v B %v, want %v %v", r.seen[roomA], r.seen[roomB], tc.a, tc.b)
			}
			if r.drawOutdoors != tc.outdoors {
				t.Errorf("outdoors %v, want %v", r.drawOutdoors, tc.outdoors)
			}
			if tc.outdoors != (len(r.terrain.vals) > 0) {
				t.Errorf("%d terrain triangles with the outdoors %v", len(r.terrain.vals), tc.outdoors)
			}
			if (tc.a || tc.b) != (len(r.interior.vals) > 0) {
				t.Errorf("%d interior triangles", len(r.interior.vals))
			}
		})
	}
}

// TestInteriorMeshSkipsPortals: a cell's mesh has its CellStruct's faces
// but its portals (openings are not drawn), placed by the cell's frame.
func TestInteriorMeshSkipsPortals(t *testing.T) {
	r := NewRenderer(roomAssets{})
	c := r.envCell(0x40400100)
	if c == nil {
		t.Fatal(r.Errors)
	}
	if got := len(c.mesh.Tris); got != 4*2 {
		t.Errorf("%d triangles, want 4 faces of 2 (floor, ceiling, north, west)", got)
	}
	if len(c.portals) != 2 || c.portals[0].other != 0 || c.portals[1].other != 0x40400101 {
		t.Errorf("portals %+v", c.portals)
	}
	if r.envCell(0x40400177) != nil || len(r.Errors) != 0 {
		t.Errorf("a missing cell: %v", r.Errors)
	}
}

// TestCellVisible: an object indoors is drawn only when its cell was,
// one outdoors only when the outdoors is; without interiors everything.
func TestCellVisible(t *testing.T) {
	r := NewRenderer(roomAssets{})
	r.seen[0x40400100], r.drawOutdoors = true, false
	for _, tc := range []struct {
		cell uint32
		want bool
	}{{0x40400100, true}, {0x40400101, false}, {0x40400012, false}} {
		if got := r.cellVisible(tc.cell); got != tc.want {
			t.Errorf("cellVisible(%#x) = %v, want %v", tc.cell, got, tc.want)
		}
	}
	r.drawOutdoors = true
	if !r.cellVisible(0x40400012) {
		t.Error("an outdoor object hidden with the outdoors drawn")
	}
	flat := NewRenderer(planeAssets{})
	if !flat.cellVisible(0x40400105) {
		t.Error("without interiors an object in an EnvCell is hidden")
	}
	if !r.cellVisible(0x40400177) {
		t.Error("an object in a cell the data lacks is hidden")
	}
}
