package sampleworld

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld/world"
	"github.com/dereth/dereth/scenery"
)

// TestBiggerWorld: 12×12 landblocks of land around the original 2×2 area,
// with seams that match, hills, water and roads.
func TestBiggerWorld(t *testing.T) {
	p, c := open(t)
	r, err := p.Region(Region)
	if err != nil {
		t.Fatal(err)
	}
	if len(Blocks) != 144 || world.WorldSide < 12 {
		t.Fatalf("%d landblocks", len(Blocks))
	}
	blocks := map[uint32]*dat.LandBlock{}
	var water, roads, snow, forest int
	minZ, maxZ := float32(math.MaxFloat32), float32(-math.MaxFloat32)
	for _, id := range Blocks {
		lb, err := c.LandBlock(id)
		if err != nil {
			t.Fatal(err)
		}
		blocks[id] = lb
		for i, w := range lb.Terrain {
			switch typ := dat.TerrainWordType(w); {
			case typ >= 16 && typ <= 20:
				water++
			case typ == 15:
				snow++
			case typ == 9:
				forest++
			}
			if dat.TerrainWordRoad(w) != 0 {
				roads++
			}
			z := r.LandDefs.LandHeightTable[lb.Heights[i]]
			minZ, maxZ = min(minZ, z), max(maxZ, z)
		}
	}
	if water < 100 || roads < 50 || snow < 20 || forest < 200 || maxZ-minZ < 300 {
		t.Errorf("terrain not varied: %d water, %d road, %d snow, %d forest vertices, z %v..%v", water, roads, snow, forest, minZ, maxZ)
	}
	// Every shared edge matches: heights and terrain words of column 8 of a
	// block are column 0 of its eastern neighbour (rows likewise).
	for id, lb := range blocks {
		if e := blocks[id+0x01000000]; e != nil {
			for j := range 9 {
				if lb.Heights[8*9+j] != e.Heights[j] || lb.Terrain[8*9+j] != e.Terrain[j] {
					t.Fatalf("seam 0x%08X/0x%08X row %d differs", id, e.ID, j)
				}
			}
		}
		if n := blocks[id+0x00010000]; n != nil {
			for i := range 9 {
				if lb.Heights[i*9+8] != n.Heights[i*9] || lb.Terrain[i*9+8] != n.Terrain[i*9] {
					t.Fatalf("seam 0x%08X/0x%08X column %d differs", id, n.ID, i)
				}
			}
		}
	}
}

// TestOriginalAreaKept: the original four landblocks, their
// LandBlockInfos and the house EnvCells are what they were before the
// world grew (pinned by a few values the existing tests rely on).
func TestOriginalAreaKept(t *testing.T) {
	_, c := open(t)
	sw, err := c.LandBlock(BlockSW)
	if err != nil {
		t.Fatal(err)
	}
	// A lake in the south-west of BlockSW, a road along y = 192.
	if typ := dat.TerrainWordType(sw.Terrain[3*9+3]); typ != 17 {
		t.Errorf("BlockSW vertex (3, 3) terrain type %d, want fresh water", typ)
	}
	if dat.TerrainWordRoad(sw.Terrain[4*9+8]) == 0 || dat.TerrainWordRoad(sw.Terrain[3*9+8]) != 0 {
		t.Error("BlockSW road along y = 192 from x = 96 moved")
	}
	info, err := c.LandBlockInfo(InfoSW)
	if err != nil || len(info.Objects) != 4 || len(info.Buildings) != 1 || info.NumCells != 2 {
		t.Fatalf("InfoSW changed: %v %+v", err, info)
	}
	if cell, err := c.EnvCell(HouseCell0); err != nil || cell.EnvironmentID != world.Environment || len(cell.Portals) != 2 {
		t.Errorf("house cell 0 changed: %v %+v", err, cell)
	}
}

// TestEnvCellsResolve: every EnvCell's structure exists in its
// Environment, its surfaces cover the structure's surface indices, every
// CellPortal names a portal polygon of the structure and links back to a
// portal of the cell it opens into, and the cell's position lies inside
// its own cell BSP.
func TestEnvCellsResolve(t *testing.T) {
	p, c := open(t)
	cells := map[uint32]*dat.EnvCell{}
	for _, e := range c.Entries() {
		if dat.TypeOf(e.ID, dat.DatasetCell) != dat.TypeEnvCell {
			continue
		}
		cell, err := c.EnvCell(e.ID)
		if err != nil {
			t.Fatal(err)
		}
		cells[e.ID] = cell
	}
	if len(cells) != 2+len(world.TownHouses)+len(DungeonCells) {
		t.Fatalf("%d EnvCells", len(cells))
	}
	for id, cell := range cells {
		env, err := p.Environment(cell.EnvironmentID)
		if err != nil {
			t.Fatalf("cell 0x%08X: %v", id, err)
		}
		cs, ok := env.Cells[uint32(cell.CellStructure)]
		if !ok {
			t.Fatalf("cell 0x%08X: structure %d missing", id, cell.CellStructure)
		}
		for _, poly := range cs.Polygons {
			if int(poly.PosSurface) >= len(cell.Surfaces) {
				t.Errorf("cell 0x%08X polygon %d surface %d of %d", id, poly.Key, poly.PosSurface, len(cell.Surfaces))
			}
		}
		if len(cs.PhysicsPolygons) == 0 || cs.PhysicsBSP == nil || cs.CellBSP == nil {
			t.Errorf("cell 0x%08X: no physics or cell BSP", id)
		}
		centre := cs.PhysicsBSP.Sphere.Origin
		for i, cp := range cell.Portals {
			if !containsKey(cs.Portals, cp.PolygonID) || int(cp.PolygonID) != i || cs.Portals[i] != cp.PolygonID {
				t.Errorf("cell 0x%08X portal %d: polygon %d is not the structure's portal %d", id, i, cp.PolygonID, i)
				continue
			}
			// PortalSide (flag 0x2) set: the polygon faces into the cell;
			// clear: towards the other cell (ACE find_transit_cells).
			poly, _ := cs.Polygon(cp.PolygonID)
			a, _ := cs.Vertex(uint16(poly.VertexIDs[0]))
			b, _ := cs.Vertex(uint16(poly.VertexIDs[1]))
			c3, _ := cs.Vertex(uint16(poly.VertexIDs[2]))
			n := b.Origin.Sub(a.Origin).Cross(c3.Origin.Sub(a.Origin))
			if in := n.Dot(centre.Sub(a.Origin)) > 0; in != (cp.Flags&0x2 != 0) {
				t.Errorf("cell 0x%08X portal %d: flags 0x%X but the polygon faces in = %v", id, i, cp.Flags, in)
			}
			if cp.OtherCellID == 0xFFFF {
				continue
			}
			other := cells[id&0xFFFF0000|uint32(cp.OtherCellID)]
			if other == nil || int(cp.OtherPortalID) >= len(other.Portals) ||
				other.Portals[cp.OtherPortalID].OtherCellID != uint16(id) {
				t.Errorf("cell 0x%08X portal %d does not link back", id, i)
			}
		}
		// The structure's centre, through the cell's frame, is inside.
		if !insideCell(cs.CellBSP, cs.PhysicsBSP.Sphere.Origin) {
			t.Errorf("cell 0x%08X: its centre is outside its cell BSP", id)
		}
	}
}

func containsKey(l []uint16, k uint16) bool {
	for _, v := range l {
		if v == k {
			return true
		}
	}
	return false
}

// insideCell is point_inside_cell_bsp: in front of every plane down to a
// leaf.
func insideCell(n *dat.BSPNode, p physics.Vec3) bool {
	for n != nil && n.Tag != "LEAF" {
		if n.Plane.Normal.Dot(p)+n.Plane.D < 0 {
			return false
		}
		n = n.Pos
	}
	return true
}

// TestTownAndPortals: the town's buildings lead into their EnvCells, and
// the exported portal positions name the cells they stand in.
func TestTownAndPortals(t *testing.T) {
	p, c := open(t)
	info, err := c.LandBlockInfo(TownInfo)
	if err != nil {
		t.Fatal(err)
	}
	if len(info.Buildings) < 4 || int(info.NumCells) != len(info.Buildings) {
		t.Fatalf("town: %d buildings, %d cells", len(info.Buildings), info.NumCells)
	}
	g, err := p.GfxObj(world.TownHouseGfxObj)
	if err != nil || g.PhysicsBSP == nil {
		t.Fatalf("town house: %v", err)
	}
	for i, b := range info.Buildings {
		if b.ModelID != world.TownHouseGfxObj || len(b.Portals) != 1 || uint32(b.Portals[0].OtherCellID) != (TownHouseCell0+uint32(i))&0xFFFF {
			t.Errorf("building %d: %+v", i, b)
		}
		cell, err := c.EnvCell(TownHouseCell0 + uint32(i))
		if err != nil || cell.Portals[0].OtherCellID != 0xFFFF || cell.Position != b.Frame {
			t.Errorf("building %d cell: %v %+v", i, err, cell)
		}
	}
	for _, tc := range []struct {
		name string
		pos  physics.Position
	}{{"town portal", TownPortalPosition()}, {"dungeon portal destination", DungeonPortalDestination()}, {"spawn", SpawnPosition()}} {
		o := tc.pos.Frame.Origin
		if got := dat.CellAt(tc.pos.Cell, o.X, o.Y); got != tc.pos.Cell {
			t.Errorf("%s: cell 0x%08X, the point is in 0x%08X", tc.name, tc.pos.Cell, got)
		}
		if o.Z < 1 {
			t.Errorf("%s: z %v not on the terrain", tc.name, o.Z)
		}
	}
	for _, tc := range []struct {
		name string
		pos  physics.Position
	}{{"town portal destination", TownPortalDestination()}, {"dungeon portal", DungeonPortalPosition()}} {
		cell, err := c.EnvCell(tc.pos.Cell)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		env, _ := p.Environment(cell.EnvironmentID)
		cs := env.Cells[uint32(cell.CellStructure)]
		local := physics.Subtract(tc.pos.Frame, cell.Position).Origin
		if !insideCell(cs.CellBSP, local.Add(physics.Vec3{Z: 1})) {
			t.Errorf("%s: %+v is not inside cell 0x%08X", tc.name, tc.pos.Frame.Origin, tc.pos.Cell)
		}
	}
	// The town portal is a short walk from the spawn.
	sp, tp := SpawnPosition(), TownPortalPosition()
	off := dat.BlockOffset(sp.Cell, tp.Cell).Add(tp.Frame.Origin).Sub(sp.Frame.Origin)
	if d := math.Hypot(float64(off.X), float64(off.Y)); d > 120 {
		t.Errorf("town portal %v units from the spawn", d)
	}
	s, err := p.Setup(world.PortalSetup)
	if err != nil || s.DefaultAnimation == 0 || len(s.Lights) == 0 {
		t.Errorf("portal setup: %v %+v", err, s)
	}
	torch, err := p.Setup(world.TorchSetup)
	if err != nil || len(torch.Lights) == 0 {
		t.Errorf("torch setup has no light: %v", err)
	}
}

// TestSampleScenery generates the scenery of every landblock: it
// succeeds, is the same twice, plants trees and rocks in the new land
// (the nearest within 100 units of the spawn) and nothing that collides
// in the original 2×2 area.
func TestSampleScenery(t *testing.T) {
	p, c := open(t)
	g, err := scenery.FromPortal(p)
	if err != nil {
		t.Fatal(err)
	}
	orig := map[uint32]bool{BlockSW: true, BlockSE: true, BlockNW: true, BlockNE: true}
	kinds := map[uint32]int{}
	total, near, nearest := 0, 0, math.Inf(1)
	sp := SpawnPosition()
	for _, id := range Blocks {
		objs, err := g.GenerateBlock(c, id, nil)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := g.GenerateBlock(c, id&0xFFFF0000|0x0123, nil)
		if !reflect.DeepEqual(objs, again) {
			t.Fatalf("landblock 0x%08X: scenery differs between runs", id)
		}
		for _, o := range objs {
			kinds[o.ObjID]++
			if orig[id] && o.ObjID != world.BushSetup {
				t.Errorf("landblock 0x%08X: 0x%08X in the original area", id, o.ObjID)
			}
			off := dat.BlockOffset(sp.Cell, id).Add(o.Frame.Origin).Sub(sp.Frame.Origin)
			if d := math.Hypot(float64(off.X), float64(off.Y)); o.ObjID != world.BushSetup {
				nearest = min(nearest, d)
				if d < 150 {
					near++
				}
			}
		}
		total += len(objs)
	}
	if _, err := g.GenerateBlock(c, 0x0303FFFF, nil); !errors.Is(err, dat.ErrNotFound) {
		t.Errorf("a landblock the sample lacks: %v, want dat.ErrNotFound", err)
	}
	if kinds[world.TreeSetup] < 100 || kinds[world.PineSetup] < 50 || kinds[world.RockSetup] < 20 || kinds[world.BushSetup] < 50 || nearest > 100 {
		t.Errorf("scenery: %d objects %v, the nearest tree or rock %v from the spawn", total, kinds, nearest)
	}
	t.Logf("scenery: %d objects %v; %d trees and rocks within 150 of the spawn, the nearest %.0f away", total, kinds, near, nearest)
}

// BenchmarkLandblockScenery is the scenery of the town's neighbour, a
// forested landblock, per landblock.
func BenchmarkLandblockScenery(b *testing.B) {
	p, err := Portal()
	if err != nil {
		b.Fatal(err)
	}
	c, _ := Cell()
	g, err := scenery.FromPortal(p)
	if err != nil {
		b.Fatal(err)
	}
	lb, err := c.LandBlock(0xA7B3FFFF)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]scenery.Object, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		if buf, err = g.Generate(lb, nil, buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(buf)), "objects/op")
}
