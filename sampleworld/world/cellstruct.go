package world

import (
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// rect adds the axis-aligned rectangle with opposite corners a and b (they
// differ in exactly two coordinates) facing n. A rectangle of zero size is
// skipped.
func (m *mesh) rect(surf int16, n, a, b physics.Vec3) {
	var pts [4]physics.Vec3
	switch {
	case a.X == b.X:
		pts = [4]physics.Vec3{a, v3(a.X, b.Y, a.Z), b, v3(a.X, a.Y, b.Z)}
	case a.Y == b.Y:
		pts = [4]physics.Vec3{a, v3(b.X, a.Y, a.Z), b, v3(a.X, a.Y, b.Z)}
	default:
		pts = [4]physics.Vec3{a, v3(b.X, a.Y, a.Z), b, v3(a.X, b.Y, a.Z)}
	}
	c := pts[1].Sub(pts[0]).Cross(pts[2].Sub(pts[0]))
	if c.Len() < 1e-6 {
		return
	}
	if c.Dot(n) < 0 {
		pts[1], pts[3] = pts[3], pts[1]
	}
	m.face(surf, pts[:]...)
}

// opening is a doorway in one wall of a box: the wall ('N', 'S', 'E',
// 'W'), its centre along the wall (x for N/S walls, y for E/W) and its
// width and height from the floor. Its portal polygon faces into the box,
// or out of it (towards the neighbouring cell) when out is set: the
// EnvCell's CellPortal says which with its PortalSide flag 0x2 (set: the
// polygon faces into the cell; clear: towards the other cell — ACE
// EnvCell.find_transit_cells / check_building_transit).
type opening struct {
	wall    byte
	c, w, h float32
	out     bool
}

// Cell portal flags (ACE PortalFlags).
const (
	portalExactMatch = 0x1
	// portalFacesIn is PortalFlags.PortalSide: set, the portal polygon's
	// normal points into the cell (ACE's PortalSide property is false).
	portalFacesIn = 0x2
)

// wallOf returns a wall's plane coordinate, its normal facing into the box
// (sign 1) or out of it (sign −1), and the horizontal axis along it.
func wallOf(wall byte, lo, hi physics.Vec3, sign float32) (n physics.Vec3, at func(s, z float32) physics.Vec3, s0, s1 float32) {
	switch wall {
	case 'S':
		return v3(0, sign, 0), func(s, z float32) physics.Vec3 { return v3(s, lo.Y, z) }, lo.X, hi.X
	case 'N':
		return v3(0, -sign, 0), func(s, z float32) physics.Vec3 { return v3(s, hi.Y, z) }, lo.X, hi.X
	case 'W':
		return v3(sign, 0, 0), func(s, z float32) physics.Vec3 { return v3(lo.X, s, z) }, lo.Y, hi.Y
	}
	return v3(-sign, 0, 0), func(s, z float32) physics.Vec3 { return v3(hi.X, s, z) }, lo.Y, hi.Y
}

// walls adds the four walls of the box lo..hi on surface surf, facing in
// (sign 1) or out (−1), each split around its opening (at most one a wall).
func (m *mesh) walls(surf int16, lo, hi physics.Vec3, sign float32, ops []opening) {
	for _, w := range []byte{'S', 'E', 'N', 'W'} {
		n, at, s0, s1 := wallOf(w, lo, hi, sign)
		var op *opening
		for i := range ops {
			if ops[i].wall == w {
				op = &ops[i]
			}
		}
		if op == nil {
			m.rect(surf, n, at(s0, lo.Z), at(s1, hi.Z))
			continue
		}
		a, b := op.c-float32(op.w/2), op.c+float32(op.w/2)
		m.rect(surf, n, at(s0, lo.Z), at(a, hi.Z))
		m.rect(surf, n, at(b, lo.Z), at(s1, hi.Z))
		m.rect(surf, n, at(a, lo.Z+op.h), at(b, hi.Z))
	}
}

// room returns the CellStruct of the box lo..hi seen from inside: the
// portal polygons first (keys 0.. in the order of ops, the doorways an
// EnvCell's CellPortals name), then the floor (surface index floor), the
// ceiling and the walls (index wall) split around the doorways. Physics
// polygons are every solid face; the cell BSP is the six inward planes
// (a point is in the cell when it is in front of all of them); the physics
// BSP is one leaf holding every physics polygon. No drawing BSP.
func room(lo, hi physics.Vec3, floor, wall int16, ops ...opening) dat.CellStruct {
	m := &mesh{tile: 2.5}
	for _, op := range ops {
		sign := float32(1)
		if op.out {
			sign = -1
		}
		n, at, _, _ := wallOf(op.wall, lo, hi, sign)
		m.rect(wall, n, at(op.c-float32(op.w/2), lo.Z), at(op.c+float32(op.w/2), lo.Z+op.h))
	}
	portals := make([]uint16, len(m.polys))
	for i := range m.polys {
		p := &m.polys[i]
		p.Stippling, p.PosUVIndices = dat.StipplingNoPos|dat.StipplingNoNeg, nil
		portals[i] = p.Key
	}
	m.rect(floor, v3(0, 0, 1), lo, v3(hi.X, hi.Y, lo.Z))
	m.rect(floor, v3(0, 0, -1), v3(lo.X, lo.Y, hi.Z), hi)
	m.walls(wall, lo, hi, 1, ops)
	var phys []dat.Polygon
	var keys []uint16
	for _, p := range m.polys[len(ops):] {
		p.Key = uint16(len(phys))
		p.Stippling, p.PosUVIndices = dat.StipplingNoPos|dat.StipplingNoNeg, nil
		phys = append(phys, p)
		keys = append(keys, p.Key)
	}
	centre := lo.Add(hi).Scale(0.5)
	bsp := &dat.BSPNode{Tag: "LEAF"}
	for _, pl := range []dat.Plane{
		{Normal: v3(0, 0, -1), D: hi.Z}, {Normal: v3(0, 0, 1), D: -lo.Z},
		{Normal: v3(0, -1, 0), D: hi.Y}, {Normal: v3(0, 1, 0), D: -lo.Y},
		{Normal: v3(-1, 0, 0), D: hi.X}, {Normal: v3(1, 0, 0), D: -lo.X},
	} {
		bsp = &dat.BSPNode{Tag: "BPIn", Plane: pl, Pos: bsp}
	}
	return dat.CellStruct{Vertices: m.verts, Polygons: m.polys, Portals: portals, CellBSP: bsp,
		PhysicsPolygons: phys,
		PhysicsBSP: &dat.BSPNode{Tag: "LEAF", Sphere: dat.Sphere{Origin: centre, Radius: hi.Sub(lo).Len() / 2},
			Polys: keys}}
}

// House interior (HouseGfxObj is 10×8×4): cell 0 is the southern half with
// the doorway (portal 0, to outside) and the opening to cell 1 (portal 1);
// cell 1 the northern half (portal 0, back to cell 0). Cell 0 has surfaces
// {stone, wood} (a wooden floor), cell 1 {stone}. The house's EnvCells
// (unchanged from the 2×2 sample) flag the doorway 0x2 and the inner
// openings 0: the doorway faces in, the inner openings face the other cell.
func houseEnvironment() *dat.Environment {
	return &dat.Environment{ID: Environment, Cells: map[uint32]dat.CellStruct{
		0: room(v3(-5, -4, 0), v3(5, 0, 4), 1, 0, opening{'S', 0, 1.4, 2.2, false}, opening{'N', 0, 10, 4, true}),
		1: room(v3(-5, 0, 0), v3(5, 4, 4), 0, 0, opening{'S', 0, 10, 4, true}),
	}}
}

// Town house interior: one room inside TownHouseGfxObj's walls, its
// doorway on the south wall (portal 0, to outside). Surfaces {wood, stone}.
var townHouseLo, townHouseHi = v3(-4, -3, 0), v3(4, 3, 3.5)

const townDoorW, townDoorH = 1.6, 2.4

func townHouseEnvironment() *dat.Environment {
	return &dat.Environment{ID: EnvTownHouse, Cells: map[uint32]dat.CellStruct{
		0: room(townHouseLo, townHouseHi, 0, 1, opening{'S', 0, townDoorW, townDoorH, false}),
	}}
}

// Dungeon structures: 0 a 12×12×5 room with a 4×4 doorway north (portal
// 0); 1 a 4×16×4 corridor open at both ends (portal 0 south, 1 north).
// Their portal polygons face in (the dungeon's CellPortals set 0x2).
// Surfaces {stone, rock}: stone walls, a rock floor and ceiling.
func dungeonEnvironment() *dat.Environment {
	return &dat.Environment{ID: EnvDungeon, Cells: map[uint32]dat.CellStruct{
		DungeonRoom:     room(v3(-6, -6, 0), v3(6, 6, 5), 1, 0, opening{'N', 0, 4, 4, false}),
		DungeonCorridor: room(v3(-2, -8, 0), v3(2, 8, 4), 1, 0, opening{'S', 0, 4, 4, false}, opening{'N', 0, 4, 4, false}),
	}}
}

// Dungeon cell structure indices of EnvDungeon.
const (
	DungeonRoom     = 0
	DungeonCorridor = 1
)

// townHouseGfxObj is the town house's shell seen from outside: walls with
// a real doorway in the south wall, a pitched roof. Its physics BSP leaf
// is not solid: the building is hollow, entered through its EnvCell.
func townHouseGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceStone, SurfaceRoof, SurfaceWood, SurfaceWindow, SurfaceDoor}, tile: 2.5}
	lo, hi := townHouseLo, townHouseHi
	m.walls(0, lo, hi, -1, []opening{{'S', 0, townDoorW, townDoorH, false}})
	m.face(1, v3(-4.3, -3.3, 3.5), v3(4.3, -3.3, 3.5), v3(4.3, 0, 5.5), v3(-4.3, 0, 5.5))
	m.face(1, v3(4.3, 3.3, 3.5), v3(-4.3, 3.3, 3.5), v3(-4.3, 0, 5.5), v3(4.3, 0, 5.5))
	m.face(0, v3(-4, 3, 3.5), v3(-4, -3, 3.5), v3(-4, 0, 5.5))
	m.face(0, v3(4, -3, 3.5), v3(4, 3, 3.5), v3(4, 0, 5.5))
	m.decorateTownHouse(houseSurfaces{wood: 2, window: 3, door: 4})
	g := m.gfxObj(TownHouseGfxObj)
	g.PhysicsBSP.Solid = 0
	return g
}
