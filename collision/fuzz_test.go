package collision

import (
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// roomCellStruct is the room of room() as a CellStruct: its physics
// polygons under one leaf, its cell BSP's six planes, its door as the one
// drawn portal polygon (key 100).
func roomCellStruct() *dat.CellStruct {
	c, _ := room()
	cs := &dat.CellStruct{}
	poly := func(p Poly, key uint16) dat.Polygon {
		ids := make([]int16, len(p.Verts))
		for i, v := range p.Verts {
			ids[i] = int16(len(cs.Vertices))
			cs.Vertices = append(cs.Vertices, dat.Vertex{Key: uint16(len(cs.Vertices)), Origin: v})
		}
		return dat.Polygon{Key: key, Stippling: 0xC, SidesType: dat.SidesClockwise, VertexIDs: ids}
	}
	leaf := &dat.BSPNode{Tag: "LEAF", Solid: 1}
	for i, p := range c.Shape.Polys {
		cs.PhysicsPolygons = append(cs.PhysicsPolygons, poly(p, uint16(i)))
		leaf.Polys = append(leaf.Polys, uint16(i))
	}
	cs.PhysicsBSP = leaf
	cs.Polygons = []dat.Polygon{poly(c.Portals[0].Poly, 100)}
	cs.Portals = []uint16{100}
	n := &dat.BSPNode{Tag: "LEAF"}
	for i := len(c.Inside) - 1; i >= 0; i-- {
		n = &dat.BSPNode{Tag: "BPIn", Plane: dat.Plane{Normal: c.Inside[i].N, D: c.Inside[i].D}, Pos: n}
	}
	cs.CellBSP = n
	return cs
}

func roomEnvCell() *dat.EnvCell {
	return &dat.EnvCell{ID: roomID, EnvironmentID: 0x0D000001, Position: physics.Frame{Origin: v3(100, 100, 0), Orientation: physics.IdentityQuat},
		Portals: []dat.CellPortal{{PolygonID: 100, OtherCellID: 0xFFFF}, {PolygonID: 7, OtherCellID: 0x0105}}}
}

// TestNewCellFromTheDATs: the room's CellStruct and EnvCell build the same
// cell as room() (its planes, its physics polygons), the door portal opens
// outside, and a portal naming a polygon the CellStruct lacks is left out.
func TestNewCellFromTheDATs(t *testing.T) {
	want, _ := room()
	got := NewCell(roomEnvCell(), roomCellStruct())
	if got.ID != roomID || got.Frame != want.Frame || len(got.Inside) != 6 || len(got.Shape.Polys) != len(want.Shape.Polys) {
		t.Fatalf("cell %+v, want the room's id, frame, 6 planes and %d polygons", got, len(want.Shape.Polys))
	}
	for i := range want.Inside {
		if got.Inside[i] != want.Inside[i] {
			t.Errorf("plane %d %+v, want %+v", i, got.Inside[i], want.Inside[i])
		}
	}
	for i := range want.Shape.Polys {
		if got.Shape.Polys[i].Plane != want.Shape.Polys[i].Plane {
			t.Errorf("polygon %d plane %+v, want %+v", i, got.Shape.Polys[i].Plane, want.Shape.Polys[i].Plane)
		}
	}
	if len(got.Portals) != 1 || !got.Portals[0].Outside() {
		t.Fatalf("portals %+v, want only the door, opening outside", got.Portals)
	}
	// Walking in through the door of the built cell works as with room().
	_, shell := room()
	env := &flatEnv{obs: []Obstacle{shell}, cells: map[uint32]*Cell{roomID: got}}
	p := physics.Position{Cell: 0x7F7F0025, Frame: physics.Frame{Origin: v3(105, 98, 0), Orientation: physics.IdentityQuat}}
	p, _ = walk(t, NewResolver(env), walker(), p, v3(0, 1, 0), 20)
	if p.Cell != roomID {
		t.Fatalf("cell 0x%08X at %+v, want inside the built cell", p.Cell, p.Frame.Origin)
	}
}

// TestNewCellLeavesOutAPortalWithAMissingVertex: a door polygon naming a
// vertex the CellStruct lacks is no portal (not a portal over the
// vertices that remain), as NewBSPShape leaves such a polygon out.
func TestNewCellLeavesOutAPortalWithAMissingVertex(t *testing.T) {
	cs := roomCellStruct()
	if n := len(NewCell(roomEnvCell(), cs).Portals); n != 1 {
		t.Fatalf("%d portals before the vertex goes missing, want 1", n)
	}
	door := &cs.Polygons[0]
	door.VertexIDs = append(door.VertexIDs, int16(len(cs.Vertices)))
	if got := NewCell(roomEnvCell(), cs).Portals; len(got) != 0 {
		t.Fatalf("portals %+v, want none when the door names a missing vertex", got)
	}
}

// FuzzCellAndShapeFromBytes decodes an Environment and a GfxObj from
// arbitrary bytes (seeded with real encodings), builds their collision
// and runs what the transition runs on it: the BSP queries
// (sphere_intersects_solid, sphere_intersects_poly, find_walkable,
// hits_walkable) with a sphere of radius 0.5 at c moving by d, and a
// Resolver.Transition of a walker from c towards c + d with the GfxObj's
// shape as an obstacle beside the room and the decoded cell as the room.
// No panic; a polygon a query returns is one of the shape's, with a unit
// normal; find_walkable leaves the sphere finite and the walk
// interpolation in [-0.5, 1]; the move ends finite, with unit or zero
// contact normals.
func FuzzCellAndShapeFromBytes(f *testing.F) {
	_, envBytes, err := dat.Encode(&dat.Environment{ID: 0x0D000001, Cells: map[uint32]dat.CellStruct{0: *roomCellStruct()}})
	if err != nil {
		f.Fatal(err)
	}
	g := boxGfx(v3(0, 0, 0), v3(2, 3, 4))
	g.ID = 0x01000001
	for i := range g.PhysicsPolygons {
		g.PhysicsPolygons[i].Stippling = 0xC // no UVs
	}
	_, gfxBytes, err := dat.Encode(g)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(envBytes, gfxBytes, float32(105), float32(95), float32(0.5), float32(0), float32(10), float32(0))
	f.Add(envBytes, gfxBytes, float32(1), float32(-1), float32(1), float32(0), float32(3), float32(0.5))
	f.Add(envBytes, gfxBytes, float32(-0.4), float32(1), float32(1), float32(2), float32(0), float32(0))
	f.Add(envBytes, gfxBytes, float32(1), float32(1), float32(4.4), float32(0.5), float32(0), float32(-1))
	f.Fuzz(func(t *testing.T, envB, gfxB []byte, x, y, z, dx, dy, dz float32) {
		c, d := v3(x, y, z), v3(dx, dy, dz)
		if !c.Finite() || !d.Finite() || d.Len() > 50 || c.Len() > 1e4 {
			return
		}
		env := &flatEnv{cells: map[uint32]*Cell{}}
		if e, err := dat.DecodeEnvironment(0x0D000001, envB); err == nil {
			for _, cs := range e.Cells {
				cell := NewCell(roomEnvCell(), &cs)
				cell.Contains(c)
				if cell.Shape != nil {
					fuzzQueries(t, "cell", cell.Shape, c.Sub(cell.Frame.Origin), d)
				}
				env.cells[roomID] = cell
			}
		}
		if g, err := dat.DecodeGfxObj(0x01000001, gfxB); err == nil {
			if s := NewShape(g); s != nil {
				fuzzQueries(t, "shape", s, c, d)
				env.obs = append(env.obs, Obstacle{GUID: 9, Frame: physics.IdentityFrame, Scale: 1, Shape: s, Cells: []uint32{roomID}})
			}
		}
		begin := at(c.X, c.Y, c.Z)
		if cell := env.cells[roomID]; cell != nil && cell.Contains(c) {
			begin.Cell = roomID
		} else if nc, ok := dat.AdjustToOutside(testCell, &begin.Frame.Origin); ok {
			begin.Cell = nc
		} else {
			return // off the world
		}
		res := transit(NewResolver(env), walker(), begin, begin.Frame.Origin.Add(d))
		if !res.Origin.Finite() {
			t.Fatalf("transition from %+v by %+v: end %+v", begin, d, res.Origin)
		}
		for _, h := range res.Hits {
			if l := h.Normal.Len(); !h.Normal.Finite() || (l != 0 && (l < 0.99 || l > 1.01)) {
				t.Fatalf("transition from %+v by %+v: contact normal %+v", begin, d, h.Normal)
			}
		}
	})
}

// fuzzQueries runs the transition's BSP queries on s with a sphere of
// radius 0.5 at c moving by d and checks what they return.
func fuzzQueries(t *testing.T, what string, s *Shape, c, d vec) {
	t.Helper()
	sp := tsphere{c: c, r: 0.5}
	up := v3(0, 0, 1)
	own := func(q string, p *Poly) {
		t.Helper()
		if p == nil {
			return
		}
		for i := range s.Polys {
			if p == &s.Polys[i] {
				if l := p.Plane.N.Len(); l < 0.99 || l > 1.01 {
					t.Fatalf("%s %s: polygon normal %+v", what, q, p.Plane.N)
				}
				return
			}
		}
		t.Fatalf("%s %s: polygon %+v is not one of the shape's", what, q, p)
	}
	s.hitsSolid(sp)
	hit, hp := s.intersectsPoly(sp, d)
	if hit && hp == nil {
		t.Fatalf("%s intersectsPoly: a hit without a polygon", what)
	}
	own("intersectsPoly", hp)
	var path spherePath
	path.walkableAllowance, path.walkInterp = FloorZ, 1
	valid := sp
	own("findWalkable", s.findWalkable(&path, &valid, d, up))
	if !valid.c.Finite() || path.walkInterp < -0.5 || path.walkInterp > 1 {
		t.Fatalf("%s findWalkable: sphere %+v, walk interpolation %v", what, valid.c, path.walkInterp)
	}
	s.hitsWalkable(&path, sp, up)
}
