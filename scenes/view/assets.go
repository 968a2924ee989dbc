package view

import (
	"fmt"
	"image"
	"image/color"
	"maps"
	"slices"
	"sync"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/stream"
	"github.com/dereth/dereth/texture"
)

// Assets is what the renderer reads from the DATs: meshes, their surfaces
// and the terrain. Main backs it with the embedded sample world or a retail
// --dat directory (NewDATAssets does both). Implementations must be safe
// for use from the draw goroutine after Load returns; the renderer caches
// every answer, so lookups need not be fast.
type Assets interface {
	// GfxObj returns mesh id (0x01xxxxxx).
	GfxObj(id uint32) (*dat.GfxObj, error)
	// Surface returns surface id (0x08xxxxxx); only solid colours are used.
	Surface(id uint32) (*dat.Surface, error)
	// Landblock returns landblock id (0xXXYYFFFF). A block the data does
	// not hold returns an error wrapping dat.ErrNotFound and is drawn as
	// nothing.
	Landblock(id uint32) (*Landblock, error)
}

// Degrader is optionally implemented by Assets to read the 0x11
// GfxObjDegradeInfo a GfxObj's DIDDegrade names; without it every part is
// drawn at full detail.
type Degrader interface {
	GfxObjDegradeInfo(id uint32) (*dat.GfxObjDegradeInfo, error)
}

// TerrainPaletter is optionally implemented by Assets to colour terrain
// types (the Region's terrain colours); without it DefaultTerrainPalette is
// used.
type TerrainPaletter interface {
	TerrainPalette() [32]color.RGBA
}

// Landblock is one landblock's terrain as the renderer draws it: the 9×9
// vertex heights (already through the Region's height table, as
// dat.LandDefs.VertexHeights gives them, and read back through
// dat.TerrainHeight) and terrain words, index x*9+y as in dat.LandBlock,
// and the static meshes the block's LandBlockInfo places (buildings and
// GfxObj stabs).
type Landblock struct {
	ID uint32 // 0xXXYYFFFF
	// NumCells is how many EnvCells (0xXXYY0100 on) the block has.
	NumCells int
	Z        [81]float32
	Terrain  [81]uint16
	Statics  []Static
}

// Static is a mesh placed in a landblock: GfxObj id at a landblock-local
// frame. Setup stabs (animated scenery: doors, windmills) are world objects
// the spawn script creates, not statics. The Region's procedural scenery
// (package scenery: trees, rocks, bushes) is a block's statics too.
type Static struct {
	GfxObj uint32
	Frame  physics.Frame
	// Scale is a uniform scale about the frame's origin (0 or 1: none).
	Scale float32
}

// Materialer is optionally implemented by Assets to draw textured
// surfaces: Material resolves a Surface (0x08…) to its colour or decoded
// texture. Without it every surface is drawn flat.
type Materialer interface {
	Material(surfaceID uint32) (*texture.Material, error)
}

// LandSurfacer is optionally implemented by Assets to texture the terrain:
// the Region's land surface merge table and the SurfaceTextures (terrain
// textures and blend masks) it names. Without it the terrain is drawn in
// the terrain palette's colours.
type LandSurfacer interface {
	TexMerge() *TexMerge
	LandTexture(surfaceTextureID uint32) (*image.NRGBA, error)
}

// DefaultTerrainPalette colours the 32 retail terrain types (LandDefs
// TerrainType order) when the Region carries no colours.
var DefaultTerrainPalette = [32]color.RGBA{
	{0x80, 0x78, 0x70, 0xFF}, // BarrenRock
	{0x4C, 0x9A, 0x3C, 0xFF}, // Grassland
	{0xD0, 0xE8, 0xF0, 0xFF}, // Ice
	{0x3C, 0x8C, 0x30, 0xFF}, // LushGrass
	{0x50, 0x6A, 0x40, 0xFF}, // MarshSparseSwamp
	{0x6A, 0x50, 0x34, 0xFF}, // MudRichDirt
	{0x30, 0x2C, 0x34, 0xFF}, // ObsidianPlain
	{0x8A, 0x6A, 0x40, 0xFF}, // PackedDirt
	{0x8C, 0x78, 0x50, 0xFF}, // PatchyDirt
	{0x6A, 0x90, 0x44, 0xFF}, // PatchyGrassland
	{0xD8, 0xC8, 0x78, 0xFF}, // SandYellow
	{0xA8, 0xA4, 0x98, 0xFF}, // SandGrey
	{0xB0, 0x9C, 0x78, 0xFF}, // SandRockStrewn
	{0x90, 0x80, 0x68, 0xFF}, // SedimentaryRock
	{0x88, 0x84, 0x6C, 0xFF}, // SemiBarrenRock
	{0xF0, 0xF0, 0xF8, 0xFF}, // Snow
	{0x38, 0x70, 0xC0, 0xFF}, // WaterRunning
	{0x30, 0x60, 0xB0, 0xFF}, // WaterStandingFresh
	{0x28, 0x58, 0xA8, 0xFF}, // WaterShallowSea
	{0x28, 0x50, 0xA0, 0xFF}, // WaterShallowStillSea
	{0x18, 0x38, 0x80, 0xFF}, // WaterDeepSea
	{0x80, 0x80, 0x80, 0xFF}, {0x80, 0x80, 0x80, 0xFF}, {0x80, 0x80, 0x80, 0xFF}, {0x80, 0x80, 0x80, 0xFF},
	{0x80, 0x80, 0x80, 0xFF}, {0x80, 0x80, 0x80, 0xFF}, {0x80, 0x80, 0x80, 0xFF}, {0x80, 0x80, 0x80, 0xFF},
	{0x80, 0x80, 0x80, 0xFF}, {0x80, 0x80, 0x80, 0xFF}, {0x80, 0x80, 0x80, 0xFF},
}

// DATAssets is Assets over a portal and a cell container (the sample
// world's or a retail install's): landblocks are decoded on first use and
// kept.
type DATAssets struct {
	Portal, Cell *dat.Container
	land         *dat.LandDefs
	merge        *TexMerge
	sky          *dat.SkyDesc
	palette      [32]color.RGBA

	// Land is the one build of each landblock (package stream's: the
	// world's own land when the caller hands it over, else a stream.Sync
	// over the same DATs): the renderer draws its heights, terrain words,
	// buildings, GfxObj stabs and scenery. It is read from the simulation's
	// goroutine, which also draws.
	Land LandSource

	mu     sync.Mutex
	blocks map[uint32]*Landblock
	from   map[uint32]*collision.Landblock
}

// LandSource is the one build of each landblock (systems.Land):
// stream.Sync, or a streamer's published builds.
type LandSource interface {
	Landblock(block uint32) *collision.Landblock
}

// NewDATAssets reads the Region (dat.RegionID) for the height table and
// terrain colours.
func NewDATAssets(portal, cell *dat.Container) (*DATAssets, error) {
	r, err := portal.Region(dat.RegionID)
	if err != nil {
		return nil, fmt.Errorf("scenes: region: %w", err)
	}
	a := &DATAssets{Portal: portal, Cell: cell, land: &r.LandDefs, palette: DefaultTerrainPalette,
		blocks: map[uint32]*Landblock{}, from: map[uint32]*collision.Landblock{}, merge: NewTexMerge(&r.Terrain), sky: r.Sky}
	if cell != nil {
		src, err := stream.DatSourceOf(portal, cell)
		if err != nil {
			return nil, fmt.Errorf("scenes: %w", err)
		}
		a.Land = stream.NewSync(src)
	}
	for i, t := range r.Terrain.TerrainTypes {
		if i < len(a.palette) && t.Color != 0 {
			a.palette[i] = argb(t.Color)
		}
	}
	return a, nil
}

// GfxObj implements Assets.
func (a *DATAssets) GfxObj(id uint32) (*dat.GfxObj, error) { return a.Portal.GfxObj(id) }

// GfxObjDegradeInfo implements Degrader through the portal DAT.
func (a *DATAssets) GfxObjDegradeInfo(id uint32) (*dat.GfxObjDegradeInfo, error) {
	return a.Portal.GfxObjDegradeInfo(id)
}

// Surface implements Assets.
func (a *DATAssets) Surface(id uint32) (*dat.Surface, error) { return a.Portal.Surface(id) }

// Material implements Materialer: the Surface resolved through the portal
// DAT's SurfaceTextures, RenderSurfaces and Palettes (no ObjDesc changes).
func (a *DATAssets) Material(surfaceID uint32) (*texture.Material, error) {
	return texture.Resolve(a.Portal, surfaceID, nil)
}

// MaterialWith implements MaterialChanger: Material with an object's
// texture swaps and subpalettes.
func (a *DATAssets) MaterialWith(surfaceID uint32, ch *texture.Changes) (*texture.Material, error) {
	return texture.Resolve(a.Portal, surfaceID, ch)
}

// TexMerge implements LandSurfacer with the Region's land surface; nil
// when the Region lists no terrain textures.
func (a *DATAssets) TexMerge() *TexMerge {
	if len(a.merge.desc.TerrainTexs) == 0 {
		return nil
	}
	return a.merge
}

// LandTexture implements LandSurfacer through the portal DAT.
func (a *DATAssets) LandTexture(id uint32) (*image.NRGBA, error) {
	return texture.ResolveTexture(a.Portal, id)
}

// EnvCell implements Interiorer through the cell DAT.
func (a *DATAssets) EnvCell(id uint32) (*dat.EnvCell, error) { return a.Cell.EnvCell(id) }

// CellStatics implements CellStaticser: the cell's stabs, a Setup as its
// parts at rest.
func (a *DATAssets) CellStatics(c *dat.EnvCell) []Static {
	var out []Static
	for _, s := range c.StaticObjects {
		out = a.appendModel(out, s.ID, s.Frame, 1)
	}
	return out
}

// CellLights implements CellLighter: the lights of the cell's stabs that
// are Setups (a Setup's LightInfos, placed by the stab's frame).
func (a *DATAssets) CellLights(c *dat.EnvCell) []PointLight {
	var out []PointLight
	for _, st := range c.StaticObjects {
		if st.ID>>24 != 0x02 {
			continue
		}
		s, err := a.Portal.Setup(st.ID)
		if err != nil {
			continue
		}
		for _, k := range slices.Sorted(maps.Keys(s.Lights)) { // in key order: the same sums every run
			l := s.Lights[k]
			out = append(out, NewPointLight(physics.Combine(st.Frame, l.Frame).Origin, l))
		}
	}
	return out
}

// Environment implements Interiorer through the portal DAT.
func (a *DATAssets) Environment(id uint32) (*dat.Environment, error) { return a.Portal.Environment(id) }

// Sky implements Skyer with the Region's sky (nil when it has none).
func (a *DATAssets) Sky() *dat.SkyDesc { return a.sky }

// TerrainPalette implements TerrainPaletter with the Region's colours.
func (a *DATAssets) TerrainPalette() [32]color.RGBA { return a.palette }

// Landblock implements Assets from the land's build of the landblock:
// its heights and terrain words, its buildings (a Setup model as its parts
// at rest), GfxObj stabs and scenery (Setup stabs are world objects),
// kept while the build stays the same.
func (a *DATAssets) Landblock(id uint32) (*Landblock, error) {
	id |= dat.BlockCellPart
	var lb *collision.Landblock
	if a.Land != nil {
		lb = a.Land.Landblock(id & 0xFFFF0000)
	}
	if lb == nil {
		return nil, fmt.Errorf("scenes: landblock 0x%08X: %w", id, dat.ErrNotFound)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if b, ok := a.blocks[id]; ok && a.from[id] == lb {
		return b, nil
	}
	b := a.landblockOf(id, lb, true)
	a.blocks[id], a.from[id] = b, lb
	return b, nil
}

// landblockOf is the renderer's landblock of a build: with statics, its
// outdoor buildings and GfxObj stabs and its scenery.
func (a *DATAssets) landblockOf(id uint32, lb *collision.Landblock, statics bool) *Landblock {
	b := &Landblock{ID: id, Z: lb.Heights, Terrain: lb.Terrain, NumCells: len(lb.Cells)}
	if !statics {
		return b
	}
	for _, s := range lb.Statics {
		if dat.IsOutdoorCell(s.Cell) && (s.Building || s.ID>>24 == 0x01) {
			b.Statics = a.appendModel(b.Statics, s.ID, s.Frame, s.Scale)
		}
	}
	for _, s := range lb.Scenery {
		b.Statics = a.appendModel(b.Statics, s.ID, s.Frame, s.Scale)
	}
	return b
}

// TerrainOf is the renderer's landblock of a build without its statics
// (a streamed world's statics are world objects).
func (a *DATAssets) TerrainOf(lb *collision.Landblock) *Landblock {
	return a.landblockOf(lb.Block|dat.BlockCellPart, lb, false)
}

// appendModel adds a model at frame f scaled by scale: a GfxObj as is, a
// Setup as its parts in their default placement (buildings and scenery do
// not animate).
func (a *DATAssets) appendModel(l []Static, id uint32, f physics.Frame, scale float32) []Static {
	if scale == 0 {
		scale = 1
	}
	if id>>24 != 0x02 {
		return append(l, Static{GfxObj: id, Frame: f, Scale: scale})
	}
	s, err := a.Portal.Setup(id)
	if err != nil {
		return l
	}
	rest, _ := s.Placement(dat.PlacementDefault)
	for i, part := range s.Parts {
		pf := physics.IdentityFrame
		if i < len(rest.Frames) {
			pf = rest.Frames[i]
		}
		pf.Origin = pf.Origin.Scale(scale)
		l = append(l, Static{GfxObj: part, Frame: physics.Combine(f, pf), Scale: scale})
	}
	return l
}

// argb converts a DAT 0xAARRGGBB colour.
func argb(c uint32) color.RGBA {
	return color.RGBA{R: uint8(c >> 16), G: uint8(c >> 8), B: uint8(c), A: 0xFF}
}
