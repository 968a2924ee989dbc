package world

import (
	"fmt"
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// terrainNames are the 32 terrain types (ACE LandDefs TerrainType order).
var terrainNames = []string{
	"BarrenRock", "Grassland", "Ice", "LushGrass", "MarshSparseSwamp", "MudRichDirt", "ObsidianPlain",
	"PackedDirt", "PatchyDirt", "PatchyGrassland", "SandYellow", "SandGrey", "SandRockStrewn",
	"SedimentaryRock", "SemiBarrenRock", "Snow", "WaterRunning", "WaterStandingFresh", "WaterShallowSea",
	"WaterShallowStillSea", "WaterDeepSea", "Reserved21", "Reserved22", "Reserved23", "Reserved24",
	"Reserved25", "Reserved26", "Reserved27", "Reserved28", "Reserved29", "Reserved30", "Reserved31",
}

// Terrain types the sample uses.
const (
	terrainBarrenRock = 0
	terrainGrassland  = 1
	terrainLushGrass  = 3
	terrainPackedDirt = 7
	terrainSandYellow = 10
	terrainSnow       = 15
	terrainWaterFresh = 17
)

// heightTable is the sample's land height table: 2 units per step up to
// byte 200, then 5 per step — deliberately not "2 × byte" everywhere.
func heightTable() [256]float32 {
	var t [256]float32
	for i := range t {
		if i <= 200 {
			t[i] = float32(i) * 2
		} else {
			t[i] = 400 + float32(float32(i-200)*5)
		}
	}
	return t
}

func region() *dat.Region {
	r := &dat.Region{ID: Region, RegionNumber: 1, Version: 1, Name: "Dereth",
		LandDefs: dat.LandDefs{NumBlockLength: 255, NumBlockWidth: 255, SquareLength: 24, LBlockLength: 8,
			VertexPerCell: 1, MaxObjHeight: 200, SkyHeight: 1000, RoadWidth: 5, LandHeightTable: heightTable()},
		GameTime: dat.GameTime{ZeroTimeOfYear: 0, ZeroYear: 10, DayLength: 7620, DaysPerYear: 360, YearSpec: "P.Y.",
			TimesOfDay: []dat.TimeOfDay{{Start: 0, IsNight: 1, Name: "Darktide"}, {Start: 0.25, Name: "Dawnsong"},
				{Start: 0.5, Name: "Midsong"}, {Start: 0.75, IsNight: 1, Name: "Gloaming"}},
			DaysOfWeek: []string{"Snowreap", "Coldeve", "Wintersebb", "Morningthaw", "Solclaim", "Seedsow"},
			Seasons:    []dat.Season{{StartDate: 0, Name: "Spring"}, {StartDate: 90, Name: "Summer"}, {StartDate: 180, Name: "Autumn"}, {StartDate: 270, Name: "Winter"}}},
	}
	for i, n := range terrainNames {
		r.Terrain.TerrainTypes = append(r.Terrain.TerrainTypes,
			dat.TerrainType{Name: n, Color: terrainColor(i), SceneTypes: terrainSceneTypes(i)})
	}
	r.PartsMask |= dat.RegionHasScene
	r.Scene = regionScenes()
	r.Terrain.BaseTexSize = 128
	r.Terrain.TerrainTexs = terrainTexs()
	r.Terrain.CornerMaps, r.Terrain.SideMaps, r.Terrain.RoadMaps = landMaps()
	r.PartsMask, r.Sky = r.PartsMask|dat.RegionHasSky, sky()
	return r
}

func terrainColor(t int) uint32 {
	switch t {
	case terrainGrassland, terrainLushGrass, terrainMarsh:
		return 0xFF4C9A3C
	case terrainPatchyGrass:
		return 0xFF2E6E2A
	case terrainPackedDirt:
		return 0xFF8A6A40
	case terrainSandYellow:
		return 0xFFD8C878
	case terrainSnow:
		return 0xFFF0F0F8
	case terrainWaterFresh, terrainWaterRunning:
		return 0xFF3060B0
	}
	return 0xFF808080
}

// The area's south-west corner in global vertex coordinates.
const areaX, areaY = 0xA9 * 8, 0xB4 * 8

// origHeightAt returns the original 2×2 area's height at global vertex
// (gx, gy), unclamped: a lake in the south-west, a rise to a snowy hill in
// the north-east, gentle waves. heightAt uses it inside the area.
func origHeight(gx, gy int) float64 {
	u, v := float64(gx-areaX), float64(gy-areaY) // 0..16
	h := 30 + float64(6*u) + float64(5*v) + float64(8*math.Sin(u/2)*math.Cos(v/3))
	if d := math.Hypot(u-3, v-3); d < 3 {
		h -= float64((3 - d) * 12)
	}
	if d := math.Hypot(u-13, v-13); d < 4 {
		h += float64((4 - d) * 25)
	}
	return h
}

func byteHeight(h float64) uint8 { return uint8(min(max(h, 0), 255)) }

// origTerrainAt is the original 2×2 area's terrain word at global vertex
// (gx, gy) with height byte h; terrainAt uses it inside the area.
func origTerrainAt(gx, gy int, h uint8) uint16 {
	u, v := gx-areaX, gy-areaY
	var typ uint16
	switch {
	case math.Hypot(float64(u-3), float64(v-3)) < 2.2:
		typ = terrainWaterFresh
	case math.Hypot(float64(u-3), float64(v-3)) < 3.2:
		typ = terrainSandYellow
	case h > 210:
		typ = terrainSnow
	case h > 170:
		typ = terrainBarrenRock
	case (u+v)%5 == 0:
		typ = terrainLushGrass
	default:
		typ = terrainGrassland
	}
	var road uint16
	if v == 8 && u >= 4 {
		road, typ = 1, terrainPackedDirt
	}
	return dat.TerrainWord(road, typ, uint16((u*7+v*3)%32))
}

func landBlock(id uint32, hasObjects bool) *dat.LandBlock {
	lb := &dat.LandBlock{ID: id, HasObjects: hasObjects}
	bx, by := dat.BlockXY(id)
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			gx, gy := bx*8+i, by*8+j
			h := heightAt(gx, gy)
			lb.Heights[i*9+j] = h
			lb.Terrain[i*9+j] = terrainAt(gx, gy, h)
		}
	}
	return lb
}

// place returns a frame standing on the terrain at (x, y) facing heading.
func place(lb *dat.LandBlock, x, y float32, heading float64) physics.Frame {
	ld := dat.LandDefs{LandHeightTable: heightTable()}
	return physics.Frame{Origin: v3(x, y, ld.TerrainZ(lb, x, y)), Orientation: physics.Heading(heading)}
}

func cellData() []any {
	sw, ne := landBlock(BlockSW, true), landBlock(BlockNE, true)
	house := place(sw, 120, 100, 0)
	doorFrame := house
	doorFrame.Origin = doorFrame.Origin.Add(v3(-0.65, -4.05, 0))
	objs := []any{
		sw, landBlock(BlockSE, false), landBlock(BlockNW, false), ne,
		&dat.LandBlockInfo{ID: InfoSW, NumCells: 2,
			Objects: []dat.Stab{
				{ID: WindmillSetup, Frame: place(sw, 60, 150, math.Pi/4)},
				{ID: DoorSetup, Frame: doorFrame},
				{ID: WallGfxObj, Frame: place(sw, 150, 60, 0)},
				{ID: WallGfxObj, Frame: place(sw, 162, 72, math.Pi/2)},
			},
			Buildings: []dat.BuildInfo{{ModelID: HouseGfxObj, Frame: house, NumLeaves: 2,
				Portals: []dat.BuildingPortal{{Flags: 0x1, OtherCellID: HouseCell0 & 0xFFFF, OtherPortalID: 0,
					Stabs: []uint16{HouseCell0 & 0xFFFF, HouseCell1 & 0xFFFF}}}}},
		},
		&dat.LandBlockInfo{ID: InfoNE,
			Objects: []dat.Stab{
				{ID: TowerGfxObj, Frame: place(ne, 96, 96, 0)},
				{ID: WallGfxObj, Frame: place(ne, 80, 80, math.Pi/4)},
			}},
		&dat.EnvCell{ID: HouseCell0, Flags: dat.EnvCellSeenOutside | dat.EnvCellHasStaticObjs,
			Surfaces: []uint32{SurfaceStone, SurfaceWood}, EnvironmentID: Environment, CellStructure: 0,
			Position: house,
			Portals: []dat.CellPortal{{Flags: 0x2, PolygonID: 0, OtherCellID: 0xFFFF, OtherPortalID: 0},
				{Flags: 0x0, PolygonID: 1, OtherCellID: HouseCell1 & 0xFFFF, OtherPortalID: 0}},
			VisibleCells:  []uint16{HouseCell1 & 0xFFFF},
			StaticObjects: []dat.Stab{{ID: WallGfxObj, Frame: house}}},
		&dat.EnvCell{ID: HouseCell1, Flags: dat.EnvCellSeenOutside,
			Surfaces: []uint32{SurfaceStone}, EnvironmentID: Environment, CellStructure: 1,
			Position:     house,
			Portals:      []dat.CellPortal{{Flags: 0x0, PolygonID: 0, OtherCellID: HouseCell0 & 0xFFFF, OtherPortalID: 1}},
			VisibleCells: []uint16{HouseCell0 & 0xFFFF}},
		iteration(),
	}
	orig := map[uint32]bool{TownBlock: true} // built by townData
	for _, id := range OrigBlocks {
		orig[id] = true
	}
	for _, id := range LandBlocks() {
		if !orig[id] {
			objs = append(objs, landBlock(id, false))
		}
	}
	objs = append(objs, townData()...)
	return append(objs, dungeonData()...)
}

func iteration() *dat.Iteration {
	return &dat.Iteration{ID: IterationObject, Total: 1, Ranges: []dat.IterationRange{{Consecutive: -1, Start: 1}}}
}

func portalData() []any {
	objs := []any{region(), iteration(), houseGfxObj(), towerGfxObj(TowerGfxObj, 4, 12), wallGfxObj(),
		towerGfxObj(WindmillTowerGfx, 3, 10), bladesGfxObj(), doorGfxObj(),
		humanSetup(), humanMotionTable(), doorSetup(), doorMotionTable(), windmillSetup(), windmillAnimation(),
		scriptTable(),
		houseEnvironment(), townHouseEnvironment(), dungeonEnvironment(), townHouseGfxObj(),
		trunkGfxObj(), canopyGfxObj(), pineGfxObj(), rockGfxObj(), bushGfxObj(),
		portalRingGfxObj(), portalSwirlGfxObj(), portalSetup(), portalAnimation(),
		torchGfxObj(), torchSetup(), pillarGfxObj(),
	}
	for _, g := range figureGfxObjs() {
		objs = append(objs, g)
	}
	for _, g := range figureLowGfxObjs() {
		objs = append(objs, g)
	}
	for _, g := range figureFarGfxObjs() {
		if g != nil {
			objs = append(objs, g)
		}
	}
	for _, d := range figureDegrades() {
		objs = append(objs, d)
	}
	for _, s := range scenerySetups() {
		objs = append(objs, s)
	}
	for _, s := range scenes() {
		objs = append(objs, s)
	}
	for _, s := range surfaces() {
		objs = append(objs, s)
	}
	objs = append(objs, textureObjects()...)
	for _, a := range humanAnimations() {
		objs = append(objs, a)
	}
	for _, a := range doorAnimations() {
		objs = append(objs, a)
	}
	for _, s := range scripts() {
		objs = append(objs, s)
	}
	for _, e := range emitterInfos() {
		objs = append(objs, e)
	}
	for _, g := range particleGfxObjs() {
		objs = append(objs, g)
	}
	for _, s := range particleSurfaces() {
		objs = append(objs, s)
	}
	objs = append(objs, skyData()...)
	return objs
}

// PortalObjects returns every object of the sample portal DAT.
func PortalObjects() []any { return portalData() }

// CellObjects returns every object of the sample cell DAT.
func CellObjects() []any { return cellData() }

// Build returns the sample portal and cell DAT files. The output is
// deterministic: the same code always builds the same bytes.
func Build() (portal, cell []byte, err error) {
	pb := dat.NewBuilder(dat.DatasetPortal)
	if err := addAll(pb, PortalObjects()); err != nil {
		return nil, nil, fmt.Errorf("sample portal: %w", err)
	}
	cb := dat.NewBuilder(dat.DatasetCell)
	cb.DataSubset = 1
	if err := addAll(cb, CellObjects()); err != nil {
		return nil, nil, fmt.Errorf("sample cell: %w", err)
	}
	if portal, err = pb.Bytes(); err != nil {
		return nil, nil, err
	}
	if cell, err = cb.Bytes(); err != nil {
		return nil, nil, err
	}
	return portal, cell, nil
}

// addAll encodes objs into b, refusing two objects with one id: the
// builder keeps only the last, so a clash (two parts of the world given
// the same id) would silently drop an object from the DAT.
func addAll(b *dat.Builder, objs []any) error {
	for _, o := range objs {
		id, data, err := dat.Encode(o)
		if err != nil {
			return err
		}
		n := b.Len()
		b.Add(id, data)
		if b.Len() == n {
			return fmt.Errorf("two objects with id 0x%08X (%T the second)", id, o)
		}
	}
	return nil
}
