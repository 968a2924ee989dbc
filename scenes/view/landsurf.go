package view

import (
	"fmt"
	"image"
	"math"

	"github.com/dereth/dereth/dat"
)

// The land surface: retail draws each outdoor cell with one texture merged
// from its four corners' terrain types and road bits (CLandBlockStruct::
// GetCellRotation builds a palette code, CLandSurf::SelectTerrain and
// ImgTex::Merge turn it into a texture). The base texture is one corner's
// terrain; up to three other terrains are laid over it through the
// Region's corner or side blend masks (TexMerge corner_terrain_maps,
// side_terrain_maps), rotated to the corners they cover, and up to two
// road overlays through the road masks. Ported from ACViewer's LandSurf /
// TexMerge (the same rules WorldBuilder's TerrainTextureMerge keeps).

// RoadTerrainType is the TerrainTex entry of the road texture (the road
// pseudo-type after the 32 terrain kinds).
const RoadTerrainType = 0x20

// GetPalCode is CLandBlockStruct's palette code of a cell: the road bits
// and terrain types of its corners SW (1), SE (2), NE (3), NW (4), and the
// texture size in bits 28+ (1 for a full-size land texture).
func GetPalCode(r1, r2, r3, r4, t1, t2, t3, t4 uint32) uint32 {
	terrain := t1<<15 | t2<<10 | t3<<5 | t4
	road := r1<<26 | r2<<24 | r3<<22 | r4<<20
	return 1<<28 | road | terrain
}

// CellPalCode is the palette code of outdoor cell (cx, cy) of a landblock
// from its vertex terrain words (index x*9+y).
func CellPalCode(terrain *[81]uint16, cx, cy int) uint32 {
	w := [4]uint16{terrain[cx*9+cy], terrain[(cx+1)*9+cy], terrain[(cx+1)*9+cy+1], terrain[cx*9+cy+1]}
	var r, t [4]uint32
	for i, v := range w {
		r[i], t[i] = uint32(dat.TerrainWordRoad(v)), uint32(dat.TerrainWordType(v))
	}
	return GetPalCode(r[0], r[1], r[2], r[3], t[0], t[1], t[2], t[3])
}

// Overlay is one texture laid over a cell's base through a blend mask
// rotated Rot quarter turns (the mask's code rotated Rot times is the
// corners it covers).
type Overlay struct {
	TexID   uint32 // SurfaceTexture of the terrain (or road) laid over
	AlphaID uint32 // SurfaceTexture of the blend mask
	Rot     int
}

// LandSurface is what one palette code draws: the base texture, the
// terrain overlays and the road overlays, in the order they are laid.
type LandSurface struct {
	Base    uint32
	Terrain []Overlay
	Road    []Overlay
}

// TexMerge is the Region's land surface merge table (TerrainDesc's
// LandSurf.TexMerge).
type TexMerge struct {
	desc *dat.TerrainDesc
}

// NewTexMerge wraps a Region's terrain description.
func NewTexMerge(d *dat.TerrainDesc) *TexMerge { return &TexMerge{desc: d} }

// terrainTex is the SurfaceTexture of a terrain type: its TerrainTex
// entry, else the first entry's (CLandSurf falls back the same way).
func (m *TexMerge) terrainTex(t uint32) uint32 {
	for _, d := range m.desc.TerrainTexs {
		if d.TerrainType == t {
			return d.TexID
		}
	}
	if len(m.desc.TerrainTexs) > 0 {
		return m.desc.TerrainTexs[0].TexID
	}
	return 0
}

// Detail returns the detail texture (a SurfaceTexture id) and its repeats
// per cell of the terrain whose texture is tex: the first TerrainTex
// entry with that TexID (0, 0 when none carries a detail texture).
func (m *TexMerge) Detail(tex uint32) (id, tiling uint32) {
	for _, d := range m.desc.TerrainTexs {
		if d.TexID == tex {
			return d.DetailTexID, d.DetailTexTiling
		}
	}
	return 0, 0
}

// pseudoRandomIndex picks one of count masks from the palette code, with
// retail's unsigned 32-bit arithmetic: (1379576222·code − 1372186442) mod
// 2³² scaled to [0, 1).
func pseudoRandomIndex(code uint32, count int) int {
	v := 1379576222*code - 1372186442
	i := int(math.Floor(float64(v) * 2.3283064e-10 * float64(count)))
	if i >= count {
		return 0
	}
	return i
}

// rotateCode turns a four-corner code one quarter: each corner bit moves
// to the next corner (SW→SE→NE→NW→SW).
func rotateCode(c uint32) uint32 {
	c *= 2
	if c >= 16 {
		c -= 15
	}
	return c
}

// Surface resolves a palette code (TexMerge::BuildTexture's choices).
func (m *TexMerge) Surface(code uint32) LandSurface {
	var s LandSurface
	t := [4]uint32{code >> 15 & 0x1F, code >> 10 & 0x1F, code >> 5 & 0x1F, code & 0x1F}
	var mask uint32
	for i, bits := range [4]uint32{0xC000000, 0x3000000, 0xC00000, 0x300000} {
		if code&bits != 0 {
			mask |= 1 << i
		}
	}
	if mask == 0xF {
		s.Base = m.terrainTex(RoadTerrainType)
		return s
	}
	texs, codes := m.terrainCodes(t)
	s.Base = texs[0]
	for i := 0; i < 3 && codes[i] != 0; i++ {
		alpha, rot, ok := m.terrainAlpha(code, codes[i])
		if ok {
			s.Terrain = append(s.Terrain, Overlay{TexID: texs[i+1], AlphaID: alpha, Rot: rot})
		}
	}
	var road [2]uint32
	switch mask {
	case 0xE:
		road = [2]uint32{6, 12}
	case 0xD:
		road = [2]uint32{9, 12}
	case 0xB:
		road = [2]uint32{9, 3}
	case 0x7:
		road = [2]uint32{3, 6}
	default:
		road[0] = mask
	}
	roadTex := m.terrainTex(RoadTerrainType)
	for i := 0; i < 2 && road[i] != 0; i++ {
		if alpha, rot, ok := m.roadAlpha(code, road[i]); ok {
			s.Road = append(s.Road, Overlay{TexID: roadTex, AlphaID: alpha, Rot: rot})
		}
	}
	return s
}

// terrainCodes returns the base texture and up to three overlay textures
// with the corner codes each covers. With a repeated terrain, that
// terrain is the base and the others (an adjacent pair sharing one code)
// overlay it; with four different terrains the SW corner's is the base
// and the other three each cover their corner.
func (m *TexMerge) terrainCodes(t [4]uint32) (texs [4]uint32, codes [3]uint32) {
	for i := 0; i < 4; i++ {
		for j := i + 1; j < 4; j++ {
			if t[i] != t[j] {
				continue
			}
			primary := t[i]
			texs[0] = m.terrainTex(primary)
			var secondary uint32
			for k := 0; k < 4; k++ {
				if t[k] == primary {
					continue
				}
				if codes[0] == 0 {
					codes[0] = 1 << k
					secondary = t[k]
					texs[1] = m.terrainTex(secondary)
					continue
				}
				if secondary == t[k] && codes[0] == 1<<(k-1) {
					codes[0] += 1 << k
				} else {
					texs[2] = m.terrainTex(t[k])
					codes[1] = 1 << k
				}
				break
			}
			return texs, codes
		}
	}
	for i := range t {
		texs[i] = m.terrainTex(t[i])
	}
	codes = [3]uint32{2, 4, 8}
	return texs, codes
}

// terrainAlpha picks the blend mask for an overlay covering code: a corner
// mask for one corner, a side mask for two, chosen pseudo-randomly and
// turned until its code matches.
func (m *TexMerge) terrainAlpha(pal, code uint32) (id uint32, rot int, ok bool) {
	maps := m.desc.SideMaps
	if code == 1 || code == 2 || code == 4 || code == 8 {
		maps = m.desc.CornerMaps
	}
	if len(maps) == 0 {
		return 0, 0, false
	}
	a := maps[pseudoRandomIndex(pal, len(maps))]
	if rot, ok := turnsInto(a.Code, code); ok {
		return a.TexID, rot, true
	}
	return 0, 0, false
}

// roadAlpha picks the road mask for code: starting at a pseudo-random
// mask, the first whose code turns into it.
func (m *TexMerge) roadAlpha(pal, code uint32) (id uint32, rot int, ok bool) {
	maps := m.desc.RoadMaps
	if len(maps) == 0 {
		return 0, 0, false
	}
	start := pseudoRandomIndex(pal, len(maps))
	for i := range maps {
		a := maps[(i+start)%len(maps)]
		if rot, ok := turnsInto(a.Code, code); ok {
			return a.TexID, rot, true
		}
	}
	return 0, 0, false
}

// turnsInto reports the quarter turns (rotateCode, 0 to 3) that take a
// mask's code c to want.
func turnsInto(c, want uint32) (rot int, ok bool) {
	for rot = 0; rot < 4; rot++ {
		if c == want {
			return rot, true
		}
		c = rotateCode(c)
	}
	return 0, false
}

// landUVs are the texture coordinates of a cell's corners SW, SE, NE, NW
// (v grows southward: the image's top row is the cell's north edge).
var landUVs = [4][2]float32{{0, 1}, {1, 1}, {1, 0}, {0, 0}}

// maskUV maps a point (u, v) of the cell's texture to the blend mask
// turned rot quarter turns: corner k samples the mask at corner k−rot.
func maskUV(u, v float32, rot int) (float32, float32) {
	w := [4]float32{(1 - u) * v, u * v, u * (1 - v), (1 - u) * (1 - v)}
	var mu, mv float32
	for k := range 4 {
		c := landUVs[(k-rot+4)&3]
		mu += float32(w[k] * c[0])
		mv += float32(w[k] * c[1])
	}
	return mu, mv
}

// LandTexSize is the side of a merged cell texture in the atlas (its
// inside: LandBorder more texels lie around it).
const LandTexSize = 64

// LandBorder is the border, in texels, packed around each merged cell
// texture (MergeLandBordered): bilinear filtering at a cell's edge reads
// it instead of whatever texture lies next in the atlas.
const LandBorder = 1

// MergeLandSurface composes a cell texture size×size: the base, then each
// overlay where its rotated mask lets it through (mask alpha 0 shows the
// overlay, 255 keeps what lies under — the masks' retail sense), terrain
// overlays first, then roads. img returns a SurfaceTexture's pixels
// scaled to size×size.
func MergeLandSurface(s LandSurface, size int, img func(id uint32) (*image.NRGBA, error)) (*image.NRGBA, error) {
	return MergeLandBordered(s, size, 0, img)
}

// MergeLandBordered is MergeLandSurface with border more texels on every
// side, (size+2·border)² in all: the merge carried on past the cell's
// edges, the terrain textures wrapping (they tile) and each mask holding
// its edge texel. Across the border between two cells that share a
// terrain along it, the masks there keep the base, so the border holds
// the texels the neighbour cell shows next to its own edge: filtered
// up to the edge, the two cells meet without a step.
func MergeLandBordered(s LandSurface, size, border int, img func(id uint32) (*image.NRGBA, error)) (*image.NRGBA, error) {
	base, err := img(s.Base)
	if err != nil {
		return nil, fmt.Errorf("land texture 0x%08X: %w", s.Base, err)
	}
	n := size + 2*border
	out := image.NewNRGBA(image.Rect(0, 0, n, n))
	wrap := func(v int) int { return ((v % size) + size) % size }
	for y := range n {
		for x := range n {
			copy(out.Pix[out.PixOffset(x, y):out.PixOffset(x, y)+4], base.Pix[base.PixOffset(wrap(x-border), wrap(y-border)):])
		}
	}
	for _, l := range [2][]Overlay{s.Terrain, s.Road} {
		for _, o := range l {
			tex, err := img(o.TexID)
			if err != nil {
				return nil, fmt.Errorf("land texture 0x%08X: %w", o.TexID, err)
			}
			mask, err := img(o.AlphaID)
			if err != nil {
				return nil, fmt.Errorf("blend mask 0x%08X: %w", o.AlphaID, err)
			}
			for y := range n {
				cy := min(max(y-border, 0), size-1) // the mask holds its edge
				for x := range n {
					cx := min(max(x-border, 0), size-1)
					mu, mv := maskUV((float32(cx)+0.5)/float32(size), (float32(cy)+0.5)/float32(size), o.Rot)
					mx, my := min(int(mu*float32(size)), size-1), min(int(mv*float32(size)), size-1)
					keep := uint32(mask.Pix[mask.PixOffset(mx, my)+3])
					i := out.PixOffset(x, y)
					j := tex.PixOffset(wrap(x-border), wrap(y-border))
					for c := range 3 {
						out.Pix[i+c] = uint8((uint32(out.Pix[i+c])*keep + uint32(tex.Pix[j+c])*(255-keep) + 127) / 255)
					}
				}
			}
		}
	}
	return out, nil
}

// Downscale box-filters img to size×size (a larger square source) or
// samples it nearest (a smaller one), so every merge input has the
// merged texture's size.
func Downscale(img *image.NRGBA, size int) *image.NRGBA {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w == size && h == size && img.Rect.Min == (image.Point{}) {
		return img
	}
	out := image.NewNRGBA(image.Rect(0, 0, size, size))
	for y := range size {
		y0, y1 := y*h/size, max((y+1)*h/size, y*h/size+1)
		for x := range size {
			x0, x1 := x*w/size, max((x+1)*w/size, x*w/size+1)
			var sum [4]uint32
			for sy := y0; sy < y1; sy++ {
				for sx := x0; sx < x1; sx++ {
					i := img.PixOffset(img.Rect.Min.X+sx, img.Rect.Min.Y+sy)
					for c := range 4 {
						sum[c] += uint32(img.Pix[i+c])
					}
				}
			}
			n := uint32((y1 - y0) * (x1 - x0))
			o := out.PixOffset(x, y)
			for c := range 4 {
				out.Pix[o+c] = uint8((sum[c] + n/2) / n)
			}
		}
	}
	return out
}
