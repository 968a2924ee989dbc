package world

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// The town: five town houses (TownHouseGfxObj, each one EnvCell of
// EnvTownHouse entered through its south doorway) around a plaza in
// landblock 0xA8B4, west of the original area, on the road's south side.
const (
	TownBlock = 0xA8B4FFFF
	TownInfo  = 0xA8B4FFFE
	// TownHouseCell0 is the first town house's EnvCell; house i is
	// TownHouseCell0 + i.
	TownHouseCell0 = 0xA8B40100
)

// TownHouse is a town house's place in TownBlock: landblock-local x, y
// and heading in degrees clockwise from north (0: the doorway faces
// south, 180: north).
type TownHouse struct{ X, Y, Heading float32 }

// TownHouses are the town's buildings, in EnvCell order.
var TownHouses = []TownHouse{{36, 172, 0}, {70, 172, 0}, {126, 172, 0}, {56, 116, 180}, {126, 116, 180}}

// The dungeon: three EnvCells in landblock 0x0202 (its terrain is a flat
// plain at z 0, far from the outdoor area), 40 units below the ground:
// an entry room, a corridor north, and a hall (the entry room's structure
// turned to face south).
const (
	DungeonBlock        = 0x0202FFFF
	DungeonInfo         = 0x0202FFFE
	DungeonEntryCell    = 0x02020100
	DungeonCorridorCell = 0x02020101
	DungeonHallCell     = 0x02020102
	dungeonZ            = -40
)

// DungeonCells lists the dungeon's EnvCells.
var DungeonCells = []uint32{DungeonEntryCell, DungeonCorridorCell, DungeonHallCell}

// Portal objects (PortalSetup): the town portal stands at the plaza's east
// end and sends the player to the dungeon's entry room; the dungeon portal
// stands at the hall's north end and sends the player back outside, south
// of the town portal. Positions are landblock-local, headings in degrees
// clockwise from north. Use the *Position functions for full Positions
// (their z stands on the terrain or the cell floor).
const (
	TownPortalCell    = 0xA8B40036 // cell (6, 5) of TownBlock
	TownPortalX       = 150
	TownPortalY       = 125
	TownPortalHeading = 270 // faces west, over the plaza

	TownPortalDestCell    = DungeonEntryCell
	TownPortalDestX       = 96
	TownPortalDestY       = 58
	TownPortalDestZ       = dungeonZ
	TownPortalDestHeading = 0 // facing north, down the corridor

	DungeonPortalCell    = DungeonHallCell
	DungeonPortalX       = 96
	DungeonPortalY       = 92
	DungeonPortalZ       = dungeonZ
	DungeonPortalHeading = 180 // faces south, towards the corridor

	DungeonPortalDestCell    = 0xA8B40035 // cell (6, 4) of TownBlock
	DungeonPortalDestX       = 150
	DungeonPortalDestY       = 112
	DungeonPortalDestHeading = 180
)

// The default spawn (testbed/scenarios/sample.lua: find_place picks
// Holtburg 0xA9B4 and the player stands in the landblock west of it, the
// town's, at (90, 50) on the flat north-south street, facing up it a
// little east of north). From there the viewer's first camera sees the
// town's houses, the windmill the script puts by the plaza and the town
// portal at the plaza's east end, about 96 units away.
const (
	SpawnCell    = 0xA8B4001B // cell (3, 2) of TownBlock
	SpawnX       = 90
	SpawnY       = 50
	SpawnHeading = 8
)

// heading returns the orientation for a heading in degrees clockwise from
// north (a rotation about +z by −degrees).
func heading(deg float32) physics.Quat { return physics.Heading(-float64(deg) * math.Pi / 180) }

// outdoor returns a Position standing on the outdoor terrain.
func outdoor(cell uint32, x, y, deg float32) physics.Position {
	lb := landBlock(dat.BlockID(cell), false)
	ld := dat.LandDefs{LandHeightTable: heightTable()}
	return physics.Position{Cell: cell, Frame: physics.Frame{Origin: v3(x, y, ld.TerrainZ(lb, x, y)), Orientation: heading(deg)}}
}

// TownPortalPosition is where the town portal object stands.
func TownPortalPosition() physics.Position {
	return outdoor(TownPortalCell, TownPortalX, TownPortalY, TownPortalHeading)
}

// TownPortalDestination is where the town portal sends the player.
func TownPortalDestination() physics.Position {
	return physics.Position{Cell: TownPortalDestCell, Frame: physics.Frame{
		Origin: v3(TownPortalDestX, TownPortalDestY, TownPortalDestZ), Orientation: heading(TownPortalDestHeading)}}
}

// DungeonPortalPosition is where the dungeon portal object stands.
func DungeonPortalPosition() physics.Position {
	return physics.Position{Cell: DungeonPortalCell, Frame: physics.Frame{
		Origin: v3(DungeonPortalX, DungeonPortalY, DungeonPortalZ), Orientation: heading(DungeonPortalHeading)}}
}

// DungeonPortalDestination is where the dungeon portal sends the player.
func DungeonPortalDestination() physics.Position {
	return outdoor(DungeonPortalDestCell, DungeonPortalDestX, DungeonPortalDestY, DungeonPortalDestHeading)
}

// SpawnPosition is the default spawn.
func SpawnPosition() physics.Position { return outdoor(SpawnCell, SpawnX, SpawnY, SpawnHeading) }

// local returns frame f's child at a local offset and heading.
func local(f physics.Frame, x, y, z, deg float32) physics.Frame {
	return physics.Combine(f, physics.Frame{Origin: v3(x, y, z), Orientation: heading(deg)})
}

func townData() []any {
	lb := landBlock(TownBlock, true)
	info := &dat.LandBlockInfo{ID: TownInfo, NumCells: uint32(len(TownHouses))}
	out := []any{lb, info}
	for i, h := range TownHouses {
		f := place(lb, h.X, h.Y, 0)
		f.Orientation = heading(h.Heading)
		cell := uint32(TownHouseCell0) + uint32(i)
		info.Buildings = append(info.Buildings, dat.BuildInfo{ModelID: TownHouseGfxObj, Frame: f, NumLeaves: 1,
			Portals: []dat.BuildingPortal{{Flags: portalExactMatch, OtherCellID: uint16(cell), OtherPortalID: 0, Stabs: []uint16{uint16(cell)}}}})
		out = append(out, &dat.EnvCell{ID: cell, Flags: dat.EnvCellSeenOutside | dat.EnvCellHasStaticObjs,
			Surfaces: []uint32{SurfaceWood, SurfaceStone}, EnvironmentID: EnvTownHouse, CellStructure: 0,
			Position:      f,
			Portals:       []dat.CellPortal{{Flags: portalFacesIn, PolygonID: 0, OtherCellID: 0xFFFF, OtherPortalID: 0}},
			StaticObjects: []dat.Stab{{ID: TorchSetup, Frame: local(f, 0, 2.85, 2.2, 180)}}})
	}
	// Torches light the plaza (their sticks reach the ground); a wall
	// closes its west side.
	lamp := func(x, y float32) dat.Stab {
		f := place(lb, x, y, 0)
		f.Origin.Z += 0.6
		return dat.Stab{ID: TorchSetup, Frame: f}
	}
	info.Objects = []dat.Stab{lamp(96, 140), lamp(96, 150), {ID: WallGfxObj, Frame: place(lb, 14, 144, math.Pi/2)}}
	return out
}

func dungeonData() []any {
	lb := &dat.LandBlock{ID: DungeonBlock, HasObjects: true}
	for i := range lb.Terrain {
		lb.Terrain[i] = dat.TerrainWord(0, terrainBarrenRock, 0)
	}
	at := func(x, y, deg float32) physics.Frame {
		return physics.Frame{Origin: v3(x, y, dungeonZ), Orientation: heading(deg)}
	}
	entry, corridor, hall := at(96, 60, 0), at(96, 74, 0), at(96, 88, 180)
	surf := []uint32{SurfaceStone, SurfaceRock}
	short := func(c uint32) uint16 { return uint16(c) }
	torch := func(f physics.Frame, x, deg float32) dat.Stab {
		return dat.Stab{ID: TorchSetup, Frame: local(f, x, 0, 2.6, deg)}
	}
	return []any{lb,
		&dat.LandBlockInfo{ID: DungeonInfo, NumCells: uint32(len(DungeonCells))},
		&dat.EnvCell{ID: DungeonEntryCell, Flags: dat.EnvCellHasStaticObjs, Surfaces: surf,
			EnvironmentID: EnvDungeon, CellStructure: DungeonRoom, Position: entry,
			Portals:       []dat.CellPortal{{Flags: portalFacesIn, PolygonID: 0, OtherCellID: short(DungeonCorridorCell), OtherPortalID: 0}},
			VisibleCells:  []uint16{short(DungeonCorridorCell), short(DungeonHallCell)},
			StaticObjects: []dat.Stab{torch(entry, 5.85, 270), torch(entry, -5.85, 90)}},
		&dat.EnvCell{ID: DungeonCorridorCell, Surfaces: surf,
			EnvironmentID: EnvDungeon, CellStructure: DungeonCorridor, Position: corridor,
			Portals: []dat.CellPortal{{Flags: portalFacesIn, PolygonID: 0, OtherCellID: short(DungeonEntryCell), OtherPortalID: 0},
				{Flags: portalFacesIn, PolygonID: 1, OtherCellID: short(DungeonHallCell), OtherPortalID: 0}},
			VisibleCells: []uint16{short(DungeonEntryCell), short(DungeonHallCell)}},
		&dat.EnvCell{ID: DungeonHallCell, Flags: dat.EnvCellHasStaticObjs, Surfaces: surf,
			EnvironmentID: EnvDungeon, CellStructure: DungeonRoom, Position: hall,
			Portals:      []dat.CellPortal{{Flags: portalFacesIn, PolygonID: 0, OtherCellID: short(DungeonCorridorCell), OtherPortalID: 1}},
			VisibleCells: []uint16{short(DungeonCorridorCell), short(DungeonEntryCell)},
			StaticObjects: []dat.Stab{
				{ID: PillarGfxObj, Frame: local(hall, 4, 4, 0, 0)}, {ID: PillarGfxObj, Frame: local(hall, -4, 4, 0, 0)},
				{ID: PillarGfxObj, Frame: local(hall, 4, -2, 0, 0)}, {ID: PillarGfxObj, Frame: local(hall, -4, -2, 0, 0)},
				torch(hall, 5.85, 270), torch(hall, -5.85, 90)}},
	}
}

// faceToward adds a polygon facing n (its points reversed when their
// winding faces away).
func (m *mesh) faceToward(surf int16, n physics.Vec3, pts ...physics.Vec3) {
	if pts[1].Sub(pts[0]).Cross(pts[2].Sub(pts[0])).Dot(n) < 0 {
		r := make([]physics.Vec3, len(pts))
		for i, p := range pts {
			r[len(pts)-1-i] = p
		}
		pts = r
	}
	m.face(surf, pts...)
}

// xzCircle returns n points of a circle of radius r in the plane y, about
// the origin.
func xzCircle(n int, r, y float32) []physics.Vec3 {
	pts := make([]physics.Vec3, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = v3(r*float32(math.Cos(a)), y, r*float32(math.Sin(a)))
	}
	return pts
}

// The portal stands 2 units high at its centre.
var portalCentre = v3(0, 0, 2)

func portalRingGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceStone, SurfacePortal}, tile: 1}
	const n = 16
	for _, y := range []float32{-0.15, 0.15} {
		in, out := xzCircle(n, 1.5, y), xzCircle(n, 1.9, y)
		for i := range n {
			j := (i + 1) % n
			m.faceToward(0, v3(0, y, 0), out[i], out[j], in[j], in[i])
		}
	}
	inF, inB, outF, outB := xzCircle(n, 1.5, -0.15), xzCircle(n, 1.5, 0.15), xzCircle(n, 1.9, -0.15), xzCircle(n, 1.9, 0.15)
	for i := range n {
		j := (i + 1) % n
		rim := outF[i].Add(outF[j]).Scale(0.5)
		m.faceToward(0, v3(rim.X, 0, rim.Z), outF[i], outF[j], outB[j], outB[i])
		m.faceToward(0, v3(-rim.X, 0, -rim.Z), inF[i], inF[j], inB[j], inB[i])
	}
	return m.gfxObj(PortalRingGfxObj)
}

func portalSwirlGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfacePortal}}
	disc := xzCircle(16, 1.5, 0)
	m.faceToward(0, v3(0, -1, 0), disc...)
	m.faceToward(0, v3(0, 1, 0), disc...)
	// A spiral arm, so the turning is visible.
	m.faceToward(0, v3(0, -1, 0), v3(-0.1, -0.01, 0), v3(0.1, -0.01, 0), v3(1.3, -0.01, 0.6), v3(1.2, -0.01, 0.75))
	g := m.gfxObj(PortalSwirlGfxObj)
	g.Flags &^= dat.GfxObjHasPhysics // the swirl is not solid
	g.PhysicsPolygons, g.PhysicsBSP = nil, nil
	return g
}

func portalSetup() *dat.Setup {
	f := physics.Frame{Origin: portalCentre, Orientation: physics.IdentityQuat}
	return &dat.Setup{ID: PortalSetup, Parts: []uint32{PortalRingGfxObj, PortalSwirlGfxObj},
		PlacementFrames: map[int32]dat.AnimFrame{dat.PlacementDefault: {Frames: []physics.Frame{f, f}}},
		CylSpheres:      []dat.CylSphere{{Radius: 1.9, Height: 3.9}},
		Height:          3.9, Radius: 1.9,
		SortingSphere: sphere(0, 0, 2, 2.2), SelectionSphere: sphere(0, 0, 2, 2.2),
		Lights:           map[int32]dat.LightInfo{0: {Frame: f, Color: 0xFFB060FF, Intensity: 1.5, Falloff: 10}},
		DefaultAnimation: AnimPortalSwirl,
	}
}

func portalAnimation() *dat.Animation {
	a := &dat.Animation{ID: AnimPortalSwirl, NumParts: 2}
	f := physics.Frame{Origin: portalCentre, Orientation: physics.IdentityQuat}
	for i := range 12 {
		a.PartFrames = append(a.PartFrames, dat.AnimFrame{Frames: []physics.Frame{f,
			{Origin: portalCentre, Orientation: axis(0, -2*math.Pi*float64(i)/12, 0)}}})
	}
	return a
}

func torchGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceWood, SurfaceFlame}, tile: 1}
	m.centredBox(0, v3(0, 0, -0.3), v3(0.1, 0.1, 0.6))
	m.frustum(1, ngon(5, 0.12, 0, 0), ngon(5, 0, 0.35, 0), false, true)
	return m.gfxObj(TorchGfxObj)
}

func torchSetup() *dat.Setup {
	s := staticSetup(TorchSetup, []uint32{TorchGfxObj}, idFrames(1))
	s.SortingSphere, s.SelectionSphere = sphere(0, 0, 0, 0.5), sphere(0, 0, 0, 0.5)
	s.Lights = map[int32]dat.LightInfo{0: {Frame: physics.Frame{Origin: v3(0, 0, 0.3), Orientation: physics.IdentityQuat},
		Color: 0xFFFFA040, Intensity: 1.2, Falloff: 9}}
	return s
}

func pillarGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceStone}, tile: 2.5}
	m.box(0, v3(-0.4, -0.4, 0), v3(0.4, 0.4, 5), false)
	return m.gfxObj(PillarGfxObj)
}
