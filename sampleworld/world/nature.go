package world

import (
	"image"
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/texture"
)

// The scenery's textures and models: bark, broadleaf leaves, pine
// needles and lichen-spotted stone, each a tiling 64×64 DXT1 texture; a
// trunk with flared roots, a canopy and bushes of overlapping leafy lumps,
// a pine of three tiers of needles, and a faceted boulder.
const (
	TexBark    = 0x06000018
	TexLeaves  = 0x06000019
	TexNeedles = 0x0600001A
	TexBoulder = 0x0600001B

	SurfaceBark    = 0x08000013
	SurfaceNeedles = 0x08000014
	SurfaceBoulder = 0x08000015
)

// bark is vertical ridged plates split by dark fissures, mossy low down.
func bark() *image.NRGBA {
	return paint(64, func(u, v float64) rgbf {
		warp := float64(0.35 * fbm(u, v, 2, 2, 300))
		ridge := math.Abs(math.Sin(math.Pi * (float64(5*u) + warp + float64(0.15*noise(u, v, 4, 301)))))
		c := mix(rgbf{58, 44, 32}, rgbf{128, 108, 86}, 0.25+float64(0.6*ridge)+float64(0.25*(noise(u, v, 16, 302)-0.5)))
		if ridge < 0.22 {
			c = c.scale(0.45 + ridge)
		}
		if hash(int(u*64), int(v*64)/3, 303)&0x1F == 0 { // horizontal lenticels
			c = c.scale(0.75)
		}
		moss := ramp(0.55, 0.95, v) * ramp(0.45, 0.7, fbm(u, v, 4, 2, 304))
		return mix(c, rgbf{70, 100, 40}, 0.7*moss)
	})
}

// leafBlob returns the shade (0 none … 1) of the leaves overlapping (u, v):
// each cell of an n×n grid holds a few elliptic leaves at hashed places,
// sizes and angles, wrapping so the texture tiles.
func leafBlob(u, v float64, n, seed int, size float64) (float64, float64) {
	best, light := 0.0, 0.0
	cx, cy := int(math.Floor(u*float64(n))), int(math.Floor(v*float64(n)))
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			gx, gy := cx+dx, cy+dy
			wx, wy := ((gx%n)+n)%n, ((gy%n)+n)%n
			for k := range 3 {
				h := hash(wx*3+k, wy, seed)
				lx := (float64(gx) + float64(h&0xFF)/255) / float64(n)
				ly := (float64(gy) + float64(h>>8&0xFF)/255) / float64(n)
				a := float64(h>>16&0xFF) / 255 * math.Pi
				ddx, ddy := u-lx, v-ly
				x := float64(ddx*math.Cos(a)) + float64(ddy*math.Sin(a))
				y := float64(-ddx*math.Sin(a)) + float64(ddy*math.Cos(a))
				r := size / float64(n)
				if e := (x*x)/(r*r) + (y*y)/(0.16*r*r); e < 1 {
					shade := 1 - e
					if shade > best {
						best, light = shade, float64(h>>24&0xFF)/255
					}
				}
			}
		}
	}
	return best, light
}

// leaves is a mass of broad leaves: dark gaps between leaves of several
// greens, each lit along its midrib.
func leaves() *image.NRGBA {
	return paint(64, func(u, v float64) rgbf {
		shade, tone := leafBlob(u, v, 6, 310, 0.9)
		if shade == 0 {
			return mix(rgbf{16, 34, 14}, rgbf{30, 56, 22}, noise(u, v, 16, 311))
		}
		c := mix(rgbf{40, 86, 30}, rgbf{112, 162, 58}, 0.3+float64(0.7*tone))
		return c.scale(0.6 + float64(0.55*shade))
	})
}

// needles is dense dark pine needles in slanting strokes.
func needles() *image.NRGBA {
	return paint(64, func(u, v float64) rgbf {
		a := 0.5 + float64(0.5*math.Sin(2*math.Pi*(float64(10*u)+float64(14*v)+float64(2*fbm(u, v, 4, 2, 320)))))
		b := 0.5 + float64(0.5*math.Sin(2*math.Pi*(float64(-10*u)+float64(14*v)+float64(2*fbm(u, v, 4, 2, 321)))))
		t := float64(max(a, b)*0.7) + float64(0.3*noise(u, v, 32, 322))
		return mix(rgbf{12, 34, 22}, rgbf{58, 104, 60}, t)
	})
}

// boulder is speckled grey stone with cracks and patches of pale lichen.
func boulder() *image.NRGBA {
	return paint(64, func(u, v float64) rgbf {
		n := fbm(u, v, 4, 4, 330)
		c := mix(rgbf{84, 82, 78}, rgbf{160, 156, 148}, n)
		switch s := hash(int(u*64), int(v*64), 331) & 0xFF; {
		case s < 30:
			c = c.scale(0.7)
		case s > 236:
			c = mix(c, rgbf{220, 216, 206}, 0.6)
		}
		if math.Abs(noise(u, v, 4, 332)-0.5) < 0.025 {
			c = c.scale(0.5)
		}
		if l := fbm(u, v, 8, 3, 333); l > 0.6 {
			c = mix(c, rgbf{170, 176, 110}, ramp(0.6, 0.7, l)*0.8)
		}
		return c
	})
}

func natureTextures() []*dat.RenderSurface {
	dxt := func(id uint32, img *image.NRGBA) *dat.RenderSurface {
		return &dat.RenderSurface{ID: id, Width: int32(img.Rect.Dx()), Height: int32(img.Rect.Dy()), Format: dat.PixelDXT1,
			SourceData: texture.EncodeDXT1(img)}
	}
	return []*dat.RenderSurface{dxt(TexBark, bark()), dxt(TexLeaves, leaves()), dxt(TexNeedles, needles()), dxt(TexBoulder, boulder())}
}

// lump adds a leafy lump: a squashed lathe of n sides about (cx, cy)
// from z0 to z1, radius r, its u wrapping twice round.
func (m *mesh) lump(surf int16, n int, cx, cy, z0, z1, r float32) {
	h := z1 - z0
	m.lathe(n, []ring{
		{z: z0, cx: cx, cy: cy, v: 1, surf: surf},
		{z: z0 + float32(0.2*h), rx: 0.8 * r, ry: 0.8 * r, cx: cx, cy: cy, v: 0.8, surf: surf},
		{z: z0 + float32(0.55*h), rx: r, ry: r, cx: cx, cy: cy, v: 0.45, surf: surf},
		{z: z0 + float32(0.88*h), rx: 0.6 * r, ry: 0.6 * r, cx: cx, cy: cy, v: 0.12, surf: surf},
		{z: z1, cx: cx, cy: cy, v: 0, surf: surf},
	})
}

func trunkGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceBark}}
	m.lathe(6, []ring{
		{z: -0.1, rx: 0.42, ry: 0.42, v: 1},
		{z: 0.35, rx: 0.26, ry: 0.26, v: 0.85},
		{z: 4.2, rx: 0.17, ry: 0.17, v: 0},
	})
	return m.gfxObj(TrunkGfxObj)
}

func canopyGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceFoliage}, uRep: 2}
	m.lump(0, 8, -0.2, 0.2, 3.0, 6.6, 2.0)
	m.lump(0, 6, 1.6, 0.5, 3.5, 5.9, 1.5)
	m.lump(0, 6, -1.1, -1.2, 3.2, 5.5, 1.45)
	return m.gfxObj(CanopyGfxObj)
}

func pineGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceNeedles}, uRep: 1}
	for _, t := range []struct{ z0, z1, r float32 }{{1.3, 4.6, 2.4}, {3.4, 6.7, 1.85}, {5.4, 9, 1.25}} {
		m.lathe(7, []ring{
			{z: t.z0 + 0.25, v: 0.1},
			{z: t.z0, rx: t.r, ry: t.r, v: 1},
			{z: t.z1, v: 0},
		})
	}
	return m.gfxObj(PineGfxObj)
}

// rockGfxObj is a faceted boulder: three irregular rings and a peak, each
// face one repeat of the stone texture, its normals flat.
func rockGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceBoulder}}
	ring := func(n int, r, z, jitter float32, seed int) []physics.Vec3 {
		pts := make([]physics.Vec3, n)
		for i := range pts {
			a := 2 * math.Pi * (float64(i) + 0.3*float64(hash(i, 0, seed)&0xFF)/255) / float64(n)
			rr := r * (1 - jitter + 2*jitter*float32(hash(i, 1, seed)&0xFF)/255)
			pts[i] = v3(rr*float32(math.Cos(a)), rr*0.85*float32(math.Sin(a)), z+0.1*float32(hash(i, 2, seed)&0xFF)/255)
		}
		return pts
	}
	base, mid, top := ring(7, 1.25, -0.25, 0.1, 340), ring(7, 1.15, 0.55, 0.15, 341), ring(7, 0.6, 1.2, 0.2, 342)
	m.frustum(0, base, mid, false, true)
	m.frustum(0, mid, top, false, false)
	c := v3(0.1, -0.05, 1.45)
	for i := range top {
		m.face(0, top[i], top[(i+1)%len(top)], c)
	}
	return m.gfxObj(RockGfxObj)
}

func bushGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceFoliage}, uRep: 1}
	m.lump(0, 6, 0, 0, -0.1, 1.15, 0.9)
	m.lump(0, 6, 0.45, 0.3, -0.1, 0.8, 0.55)
	return m.gfxObj(BushGfxObj)
}
