package world

import (
	"encoding/binary"
	"image"
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/texture"
)

// The sample's textures are generated here, deterministically, from tiling
// value noise: terrain (grass, lush grass, dirt, rock, sand, snow, water),
// stone walls, wood, roof tiles, and cloth and skin for the figures. They
// use several retail pixel formats so the decoders all meet real data:
// DXT1 for terrain and stone, A8R8G8B8 wood, R5G6B5 roof tiles, P8 cloth and
// skin through palettes (cloth's colours 8–255 are one subpalette range, so
// an ObjDesc can recolour it).

// hash is a small integer hash (deterministic on every platform).
func hash(x, y, seed int) uint32 {
	h := uint32(x)*0x8DA6B343 ^ uint32(y)*0xD8163841 ^ uint32(seed)*0xCB1AB31F
	h ^= h >> 13
	h *= 0x85EBCA6B
	h ^= h >> 16
	return h
}

// noise is tiling value noise in [0, 1): lattice period cells across the
// texture, smoothly interpolated.
func noise(u, v float64, period, seed int) float64 {
	// Products are rounded (float64(a*b), float32(a*b)) before they are
	// added: no fused multiply-add, so go generate writes the same world on
	// every target (docs/architecture.md, "No fused multiply-add").
	x, y := float64(u*float64(period)), float64(v*float64(period))
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	fx, fy = fx*fx*(3-2*fx), fy*fy*(3-2*fy)
	at := func(i, j int) float64 {
		return float64(float64(hash(((i%period)+period)%period, ((j%period)+period)%period, seed)&0xFFFF) / 65536)
	}
	a := at(x0, y0) + float64((at(x0+1, y0)-at(x0, y0))*fx)
	b := at(x0, y0+1) + float64((at(x0+1, y0+1)-at(x0, y0+1))*fx)
	return a + float64((b-a)*fy)
}

// fbm sums octaves of noise, in [0, 1).
func fbm(u, v float64, period, octaves, seed int) float64 {
	s, amp, total := 0.0, 1.0, 0.0
	for o := range octaves {
		s += float64(amp * noise(u, v, period<<o, seed+o))
		total += amp
		amp /= 2
	}
	return s / total
}

// rgbf is a colour with components 0..255 as floats.
type rgbf struct{ R, G, B float64 }

func mix(a, b rgbf, t float64) rgbf {
	t = min(max(t, 0), 1)
	return rgbf{a.R + float64((b.R-a.R)*t), a.G + float64((b.G-a.G)*t), a.B + float64((b.B-a.B)*t)}
}

func (c rgbf) scale(s float64) rgbf { return rgbf{c.R * s, c.G * s, c.B * s} }

// paint fills a size×size image from f(u, v) with u, v in [0, 1).
func paint(size int, f func(u, v float64) rgbf) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for y := range size {
		for x := range size {
			c := f(float64(x)/float64(size), float64(y)/float64(size))
			i := img.PixOffset(x, y)
			img.Pix[i] = uint8(min(max(c.R, 0), 255))
			img.Pix[i+1] = uint8(min(max(c.G, 0), 255))
			img.Pix[i+2] = uint8(min(max(c.B, 0), 255))
			img.Pix[i+3] = 0xFF
		}
	}
	return img
}

func grass(seed int, dark, light rgbf) *image.NRGBA {
	return paint(128, func(u, v float64) rgbf {
		blades := noise(u, v, 64, seed+10)
		return mix(dark, light, float64(0.65*fbm(u, v, 4, 4, seed))+float64(0.5*blades)-0.15)
	})
}

func dirt() *image.NRGBA {
	return paint(128, func(u, v float64) rgbf {
		c := mix(rgbf{96, 70, 44}, rgbf{150, 116, 76}, fbm(u, v, 4, 5, 20))
		if noise(u, v, 32, 21) > 0.82 { // pebbles
			c = mix(c, rgbf{170, 160, 150}, 0.6)
		}
		return c
	})
}

func rock() *image.NRGBA {
	return paint(128, func(u, v float64) rgbf {
		n := fbm(u, v, 4, 5, 30)
		crack := math.Abs(noise(u, v, 8, 31)-0.5) < 0.03
		c := mix(rgbf{90, 86, 82}, rgbf{150, 144, 136}, n)
		if crack {
			c = c.scale(0.6)
		}
		return c
	})
}

func sand() *image.NRGBA {
	return paint(128, func(u, v float64) rgbf {
		ripple := 0.5 + float64(0.5*math.Sin(2*math.Pi*(float64(8*v)+float64(0.8*fbm(u, v, 2, 2, 40)))))
		return mix(rgbf{196, 178, 116}, rgbf{228, 212, 150}, float64(0.6*ripple)+float64(0.4*noise(u, v, 64, 41)))
	})
}

func snow() *image.NRGBA {
	return paint(128, func(u, v float64) rgbf {
		return mix(rgbf{214, 222, 236}, rgbf{250, 250, 255}, fbm(u, v, 4, 4, 50))
	})
}

func water() *image.NRGBA {
	return paint(128, func(u, v float64) rgbf {
		w := 0.5 + float64(0.5*math.Sin(2*math.Pi*(float64(4*u)+float64(3*fbm(u, v, 2, 3, 60)))))
		return mix(rgbf{28, 70, 130}, rgbf{60, 120, 180}, float64(0.5*w)+float64(0.5*fbm(u, v, 4, 3, 61)))
	})
}

// stoneWall is courses of rough blocks in mortar, four courses a tile.
func stoneWall() *image.NRGBA {
	return paint(128, func(u, v float64) rgbf {
		course := int(v * 4)
		bu := float64(u*3) + float64(0.5*float64(course%2))
		block := int(math.Floor(bu))
		fu, fv := bu-math.Floor(bu), float64(v*4)-float64(course)
		mortar := rgbf{120, 114, 104}
		if fu < 0.04 || fv < 0.06 {
			return mortar
		}
		tone := float64(hash(block%3, course, 70)&0xFF) / 255
		base := mix(rgbf{110, 108, 104}, rgbf{168, 160, 148}, tone)
		return base.scale(0.8 + float64(0.35*fbm(u, v, 8, 3, 71)))
	})
}

// wood is vertical planks with grain.
func wood() *image.NRGBA {
	return paint(64, func(u, v float64) rgbf {
		plank := int(u * 4)
		fu := float64(u*4) - float64(plank)
		if fu < 0.05 {
			return rgbf{60, 38, 20}
		}
		grain := 0.5 + float64(0.5*math.Sin(2*math.Pi*(float64(fu*3)+float64(4*noise(u, v, 4, 80+plank)))))
		return mix(rgbf{104, 68, 38}, rgbf{150, 102, 60}, float64(0.6*grain)+0.3*float64(hash(plank, 0, 81)&0xFF)/255)
	})
}

// roof is rows of overlapping red tiles.
func roof() *image.NRGBA {
	return paint(64, func(u, v float64) rgbf {
		row := int(v * 8)
		fu := float64(u*8) + float64(0.5*float64(row%2))
		fv := float64(v*8) - float64(row)
		c := mix(rgbf{150, 50, 36}, rgbf{190, 78, 52}, float64(hash(int(fu)%8, row, 90)&0xFF)/255)
		if fu-math.Floor(fu) < 0.08 {
			c = c.scale(0.6)
		}
		return c.scale(1 - float64(0.4*fv))
	})
}

func pixels565(img *image.NRGBA) []byte {
	out := make([]byte, 0, len(img.Pix)/2)
	for i := 0; i < len(img.Pix); i += 4 {
		r, g, b := uint16(img.Pix[i]), uint16(img.Pix[i+1]), uint16(img.Pix[i+2])
		out = binary.LittleEndian.AppendUint16(out, r>>3<<11|g>>2<<5|b>>3)
	}
	return out
}

func pixelsARGB(img *image.NRGBA) []byte {
	out := make([]byte, 0, len(img.Pix))
	for i := 0; i < len(img.Pix); i += 4 {
		out = append(out, img.Pix[i+2], img.Pix[i+1], img.Pix[i], img.Pix[i+3])
	}
	return out
}

// textureObjects returns the sample's RenderSurfaces, SurfaceTextures and
// Palettes. Each SurfaceTexture 0x05xxxxxx lists the RenderSurface with the
// same low bits.
func textureObjects() []any {
	dxt := func(id uint32, img *image.NRGBA) *dat.RenderSurface {
		return &dat.RenderSurface{ID: id, Width: int32(img.Rect.Dx()), Height: int32(img.Rect.Dy()), Format: dat.PixelDXT1,
			SourceData: texture.EncodeDXT1(img)}
	}
	wd, rf := wood(), roof()
	renders := []*dat.RenderSurface{
		dxt(TexGrass, grass(1, rgbf{52, 96, 34}, rgbf{110, 160, 64})),
		dxt(TexLushGrass, grass(2, rgbf{30, 86, 28}, rgbf{80, 150, 50})),
		dxt(TexDirt, dirt()),
		dxt(TexRock, rock()),
		dxt(TexSand, sand()),
		dxt(TexSnow, snow()),
		dxt(TexWater, water()),
		dxt(TexStoneWall, stoneWall()),
		dxt(TexRoad, cobbles()),
		{ID: TexWood, Width: 64, Height: 64, Format: dat.PixelA8R8G8B8, SourceData: pixelsARGB(wd)},
		{ID: TexRoof, Width: 64, Height: 64, Format: dat.PixelR5G6B5, SourceData: pixels565(rf)},
	}
	renders = append(renders, figureTextures()...)
	renders = append(renders, natureTextures()...)
	renders = append(renders, houseTextures()...)
	renders = append(renders, particleTextures()...)
	renders = append(renders, &dat.RenderSurface{ID: TexDetail, Width: detailSize, Height: detailSize,
		Format: dat.PixelA8R8G8B8, SourceData: pixelsARGB(detailTexture())})
	for _, m := range blendMasks() {
		renders = append(renders, &dat.RenderSurface{ID: m.id, Width: maskSize, Height: maskSize, Format: dat.PixelLscapeAlpha,
			SourceData: m.pix})
	}
	var out []any
	for _, r := range renders {
		out = append(out, r, &dat.SurfaceTexture{ID: r.ID&0x00FFFFFF | 0x05000000, Unknown: 2, UnknownByte: 1, Textures: []uint32{r.ID}})
	}
	for _, p := range figurePalettes() {
		out = append(out, p)
	}
	return out
}

// SurfaceTextureOf returns the SurfaceTexture id listing RenderSurface id.
func SurfaceTextureOf(renderSurface uint32) uint32 { return renderSurface&0x00FFFFFF | 0x05000000 }

// terrainTexture is the RenderSurface a terrain type is drawn with.
func terrainTexture(t int) uint32 {
	switch t {
	case terrainGrassland, 9: // PatchyGrassland
		return TexGrass
	case terrainLushGrass, 4: // MarshSparseSwamp
		return TexLushGrass
	case terrainPackedDirt, 5, 8: // MudRichDirt, PatchyDirt
		return TexDirt
	case terrainSandYellow, 11, 12: // SandGrey, SandRockStrewn
		return TexSand
	case terrainSnow, 2: // Ice
		return TexSnow
	case 16, terrainWaterFresh, 18, 19, 20:
		return TexWater
	}
	return TexRock
}

// terrainTexs is the Region's land surface: one SurfaceTexture per terrain
// type, then the road's (terrain type 0x20).
func terrainTexs() []dat.TerrainTex {
	tex := func(t, id uint32) dat.TerrainTex {
		return dat.TerrainTex{TerrainType: t, TexID: SurfaceTextureOf(id), TexTiling: 1,
			MaxVertBright: 100, MinVertBright: 60, MaxVertSaturate: 100, MinVertSaturate: 80,
			DetailTexID: SurfaceTextureOf(TexDetail), DetailTexTiling: DetailTiling}
	}
	var out []dat.TerrainTex
	for i := range terrainNames {
		out = append(out, tex(uint32(i), terrainTexture(i)))
	}
	return append(out, tex(roadTerrainType, TexRoad))
}

// TexDetail is the land's detail texture: every terrain type's TerrainTex
// names it, repeated DetailTiling times across a cell (3 m a repeat), so
// it runs on across cells whatever their terrain.
const (
	TexDetail    = 0x06000054
	DetailTiling = 8
	detailSize   = 128
)

// detailTexture is mid grey broken by grain (a value per texel) and small
// blotches, tiling: the renderer multiplies the land by twice its
// luminance near the eye.
func detailTexture() *image.NRGBA {
	return paint(detailSize, func(u, v float64) rgbf {
		x, y := int(u*detailSize), int(v*detailSize)
		grain := float64(hash(x, y, 90)&0xFF)/255 - 0.5
		blot := fbm(u, v, 8, 3, 91) - 0.5
		g := 128 + float64(64*grain) + float64(90*blot)
		return rgbf{g, g, g}
	})
}

// The road texture and the land blend masks (RenderSurfaces, listed by
// SurfaceTextures with the same low bits like the other textures). Their
// ids sit apart from the numbered textures so the two sets grow freely.
const (
	TexRoad         = 0x06000040
	TexMaskCorner   = 0x06000041 // covers the NW corner (code 8)
	TexMaskCorner2  = 0x06000042 // another NW corner, a different edge
	TexMaskSide     = 0x06000043 // covers the west side, SW and NW (code 9)
	TexMaskRoadEnd  = 0x06000044 // road ending at the SW corner (code 1)
	TexMaskRoadSide = 0x06000045 // road along the south side, SW and SE (code 3)
	TexMaskRoadDiag = 0x06000046 // road across, SW to NE (code 5)

	roadTerrainType = 0x20
	maskSize        = 64
)

// cobbles is a road of packed stones.
func cobbles() *image.NRGBA {
	return paint(128, func(u, v float64) rgbf {
		row := int(v * 8)
		fu := float64(u*6) + float64(0.5*float64(row%2))
		fv := float64(v*8) - float64(row)
		stone := hash(int(fu)%6, row, 120)
		c := mix(rgbf{112, 100, 86}, rgbf{160, 148, 128}, float64(stone&0xFF)/255)
		if fu-math.Floor(fu) < 0.1 || fv < 0.12 {
			c = rgbf{84, 70, 54}
		}
		return c.scale(0.85 + float64(0.3*fbm(u, v, 8, 2, 121)))
	})
}

// ramp is 0 below e0, 1 above e1, and smoothstep between.
func ramp(e0, e1, x float64) float64 { return smoothstep((x - e0) / (e1 - e0)) }

// mask fills a maskSize² blend mask: keep(u, v) in [0, 1] is how much of
// what lies under shows (the retail sense: 0 lets the overlay through).
// The noise fades out toward the edges so neighbouring cells' masks meet
// along the same profile whatever their rotation.
func mask(seed int, dist func(u, v float64) float64, e0, e1 float64) []byte {
	out := make([]byte, maskSize*maskSize)
	for y := range maskSize {
		for x := range maskSize {
			u, v := float64((float64(x)+0.5)/maskSize), float64((float64(y)+0.5)/maskSize)
			edge := 16 * u * (1 - u) * v * (1 - v)
			d := dist(u, v) + float64(0.18*edge*(fbm(u, v, 4, 3, seed)-0.5))
			out[y*maskSize+x] = uint8(255 * ramp(e0, e1, d))
		}
	}
	return out
}

type blendMask struct {
	id  uint32
	pix []byte
}

// blendMasks are the sample's land blend masks, in image space: v = 0 is
// the cell's north edge, u = 0 its west edge, so the NW corner is (0, 0).
func blendMasks() []blendMask {
	const e0, e1 = 0.38, 0.62 // a terrain's reach into its neighbour cells
	const r0, r1 = 0.16, 0.26 // the road's half width, a cell being 1
	corner := func(u, v float64) float64 { return math.Hypot(u, v) }
	return []blendMask{
		{TexMaskCorner, mask(130, corner, e0, e1)},
		{TexMaskCorner2, mask(131, corner, e0, e1)},
		{TexMaskSide, mask(132, func(u, v float64) float64 { return u }, e0, e1)},
		{TexMaskRoadEnd, mask(133, func(u, v float64) float64 { return math.Hypot(u, 1-v) }, r0, r1)},
		{TexMaskRoadSide, mask(134, func(u, v float64) float64 { return 1 - v }, r0, r1)},
		{TexMaskRoadDiag, mask(135, func(u, v float64) float64 { return math.Abs(u-(1-v)) / math.Sqrt2 }, r0, r1)},
	}
}

// landMaps are the Region's TexMerge corner, side and road maps: a mask's
// code names the corners (SW 1, SE 2, NE 4, NW 8) it lets the overlay
// cover, before the renderer turns it.
func landMaps() (corner, side, road []dat.TexMap) {
	st := SurfaceTextureOf
	corner = []dat.TexMap{{Code: 8, TexID: st(TexMaskCorner)}, {Code: 8, TexID: st(TexMaskCorner2)}}
	side = []dat.TexMap{{Code: 9, TexID: st(TexMaskSide)}}
	road = []dat.TexMap{{Code: 1, TexID: st(TexMaskRoadEnd)}, {Code: 3, TexID: st(TexMaskRoadSide)}, {Code: 5, TexID: st(TexMaskRoadDiag)}}
	return corner, side, road
}

// sky is the Region's sky: one day group whose four times of day light the
// sample world — moonlit midnight, a low orange sun rising in the east at
// dawn, a high white sun in the south at noon, a red sunset in the west —
// with the fog closing in at night. Colours are 0xAARRGGBB, headings
// degrees clockwise from north, pitches degrees above the horizon. Its
// sky objects and each time of day's replaces of them are in sky.go.
func sky() *dat.SkyDesc {
	s := &dat.SkyDesc{TickSize: 1, LightTickSize: 1, DayGroups: []dat.DayGroup{{
		ChanceOfOccur: 100, DayName: "Clear", SkyObjects: skyObjects(),
		SkyTimes: []dat.SkyTimeOfDay{
			{Begin: 0, DirBright: 0.35, DirHeading: 200, DirPitch: 45, DirColor: 0xFF7080B0,
				AmbBright: 0.45, AmbColor: 0xFF505880, MinWorldFog: 80, MaxWorldFog: 420, WorldFogColor: 0xFF141C30, WorldFog: 1},
			{Begin: 0.25, DirBright: 0.8, DirHeading: 90, DirPitch: 12, DirColor: 0xFFFFC090,
				AmbBright: 0.55, AmbColor: 0xFF9090B0, MinWorldFog: 150, MaxWorldFog: 700, WorldFogColor: 0xFFD0A890, WorldFog: 1},
			{Begin: 0.5, DirBright: 0.7, DirHeading: 180, DirPitch: 60, DirColor: 0xFFFFF6E8,
				AmbBright: 0.55, AmbColor: 0xFFB8C4D8, MinWorldFog: 250, MaxWorldFog: 900, WorldFogColor: 0xFFB8CDE2, WorldFog: 1},
			{Begin: 0.75, DirBright: 0.75, DirHeading: 270, DirPitch: 10, DirColor: 0xFFFF9868,
				AmbBright: 0.5, AmbColor: 0xFF8878A0, MinWorldFog: 150, MaxWorldFog: 650, WorldFogColor: 0xFFB07868, WorldFog: 1},
		},
	}}}
	for i, r := range skyReplaces() {
		s.DayGroups[0].SkyTimes[i].Replaces = r
	}
	return s
}
