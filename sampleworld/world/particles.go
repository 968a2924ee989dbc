package world

import (
	"image"
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// The sample's particle emitters (0x32 ParticleEmitterInfo) and what they
// draw: each emitter's HWGfxObjID is a one-quad GfxObj whose surface
// carries the particle's texture — a soft grey smoke puff, a blue-white
// additive sparkle, a rising violet mote and a brown dust puff, all
// A8R8G8B8 with alpha.
const (
	EmitterSpellMote = 0x32000004 // the sparkle script's second emitter: motes rising round the caster

	TexSmokePuff = 0x06000050
	TexSparkle   = 0x06000051
	TexDustPuff  = 0x06000052
	TexMote      = 0x06000053

	SurfaceSmoke   = 0x0800000B
	SurfaceSparkle = 0x0800000C // Additive, Luminous
	SurfaceDust    = 0x0800000D
	SurfaceMote    = 0x0800000E // Additive, Luminous

	SmokeGfxObj   = 0x01000060
	SparkleGfxObj = 0x01000061
	DustGfxObj    = 0x01000062
	MoteGfxObj    = 0x01000063
)

// spriteTexture paints a size×size texture whose colour is col(u, v) and
// whose alpha is alpha(d, u, v), d the distance from the centre (0…1 at
// the edge's midpoints).
func spriteTexture(size int, col func(u, v float64) rgbf, alpha func(d, u, v float64) float64) *image.NRGBA {
	img := paint(size, col)
	for y := range size {
		for x := range size {
			u, v := (float64(x)+0.5)/float64(size), (float64(y)+0.5)/float64(size)
			d := math.Hypot(u-0.5, v-0.5) * 2
			img.Pix[img.PixOffset(x, y)+3] = uint8(min(max(alpha(d, u, v), 0), 1) * 255)
		}
	}
	return img
}

// puff is a soft cloud: value noise breaks up a round falloff.
func puff(seed int, dark, light rgbf) *image.NRGBA {
	return spriteTexture(32, func(u, v float64) rgbf {
		return mix(dark, light, fbm(u, v, 4, 3, seed))
	}, func(d, u, v float64) float64 {
		n := fbm(u, v, 4, 3, seed+7)
		return (1 - smoothstep(d)) * (0.55 + float64(0.6*n))
	})
}

// star is a bright core with four rays.
func star(core, edge rgbf) *image.NRGBA {
	return spriteTexture(32, func(u, v float64) rgbf {
		d := math.Hypot(u-0.5, v-0.5) * 2
		return mix(core, edge, d)
	}, func(d, u, v float64) float64 {
		dx, dy := math.Abs(u-0.5)*2, math.Abs(v-0.5)*2
		ray := float64(max(1-float64(dx*8), 0)*(1-dy)) + float64(max(1-float64(dy*8), 0)*(1-dx))
		return float64(max(1-float64(d*1.6), 0)*max(1-float64(d*1.6), 0)) + float64(0.8*ray)
	})
}

func particleTextures() []*dat.RenderSurface {
	argb := func(id uint32, img *image.NRGBA) *dat.RenderSurface {
		return &dat.RenderSurface{ID: id, Width: int32(img.Rect.Dx()), Height: int32(img.Rect.Dy()),
			Format: dat.PixelA8R8G8B8, SourceData: pixelsARGB(img)}
	}
	return []*dat.RenderSurface{
		argb(TexSmokePuff, puff(40, rgbf{90, 90, 96}, rgbf{200, 200, 205})),
		argb(TexSparkle, star(rgbf{255, 255, 255}, rgbf{120, 170, 255})),
		argb(TexDustPuff, puff(50, rgbf{110, 86, 60}, rgbf{176, 150, 112})),
		argb(TexMote, star(rgbf{255, 230, 255}, rgbf{170, 90, 255})),
	}
}

func particleSurfaces() []*dat.Surface {
	img := func(id, tex uint32) *dat.Surface {
		return &dat.Surface{ID: id, Type: dat.SurfaceBase1Image, OrigTextureID: SurfaceTextureOf(tex), Diffuse: 1}
	}
	glow := func(id, tex uint32) *dat.Surface {
		return &dat.Surface{ID: id, Type: dat.SurfaceBase1Image | dat.SurfaceAdditive | dat.SurfaceLuminous,
			OrigTextureID: SurfaceTextureOf(tex), Luminosity: 1, Diffuse: 1}
	}
	return []*dat.Surface{img(SurfaceSmoke, TexSmokePuff), glow(SurfaceSparkle, TexSparkle),
		img(SurfaceDust, TexDustPuff), glow(SurfaceMote, TexMote)}
}

// quadGfxObj is a particle's model: one square of side 2·half facing −y
// on surface surf, the whole texture across it.
func quadGfxObj(id, surf uint32, half float32) *dat.GfxObj {
	m := &mesh{surfaces: []uint32{surf}}
	m.face(0, v3(-half, 0, -half), v3(half, 0, -half), v3(half, 0, half), v3(-half, 0, half))
	return m.gfxObj(id)
}

func particleGfxObjs() []*dat.GfxObj {
	return []*dat.GfxObj{quadGfxObj(SmokeGfxObj, SurfaceSmoke, 0.5), quadGfxObj(SparkleGfxObj, SurfaceSparkle, 0.15),
		quadGfxObj(DustGfxObj, SurfaceDust, 0.3), quadGfxObj(MoteGfxObj, SurfaceMote, 0.08)}
}

// emitterInfos are the sample's emitters.
func emitterInfos() []*dat.ParticleEmitterInfo {
	up := physics.Vec3{Z: 1}
	return []*dat.ParticleEmitterInfo{
		// The windmill's chimney smoke: a puff every 0.12 s drifting up and
		// downwind, growing and thinning over 4 s, left behind where it
		// was born.
		{ID: EmitterSmoke, EmitterType: dat.EmitterBirthratePerSec, ParticleType: dat.ParticleParabolicGVGA,
			GfxObjID: SmokeGfxObj, HWGfxObjID: SmokeGfxObj, Birthrate: 0.12, MaxParticles: 48, InitialParticles: 4,
			Lifespan: 4, LifespanRand: 0.8, OffsetDir: up, MinOffset: 0, MaxOffset: 0.3,
			A: v3(0.25, 0.1, 1.1), MinA: 0.8, MaxA: 1.2, B: v3(0.2, 0.05, -0.12), MinB: 1, MaxB: 1, MinC: 1, MaxC: 1,
			StartScale: 0.9, FinalScale: 3.4, ScaleRand: 0.2, StartTrans: 0.15, FinalTrans: 1, TransRand: 0.05},
		// The sparkle spell: stars bursting out from the caster, rising a
		// little, shrinking and fading in a second; they follow the caster.
		{ID: EmitterSparkle, EmitterType: dat.EmitterBirthratePerSec, ParticleType: dat.ParticleExplode,
			GfxObjID: SparkleGfxObj, HWGfxObjID: SparkleGfxObj, Birthrate: 0.025, MaxParticles: 48, InitialParticles: 8,
			Lifespan: 0.9, LifespanRand: 0.3, OffsetDir: up, MinOffset: 0.1, MaxOffset: 0.3,
			A: v3(1.4, 0, 0), MinA: 0.7, MaxA: 1.2, B: v3(0, 0, 0.6), MinB: 1, MaxB: 1, C: v3(1, 1, 0.6), MinC: 1, MaxC: 1,
			StartScale: 1.2, FinalScale: 0.3, ScaleRand: 0.2, StartTrans: 0, FinalTrans: 1, IsParentLocal: 1},
		// Its second emitter: violet motes rising from a ring at the feet.
		{ID: EmitterSpellMote, EmitterType: dat.EmitterBirthratePerSec, ParticleType: dat.ParticleLocalVelocity,
			GfxObjID: MoteGfxObj, HWGfxObjID: MoteGfxObj, Birthrate: 0.03, MaxParticles: 60,
			Lifespan: 1.4, LifespanRand: 0.3, OffsetDir: up, MinOffset: 0.5, MaxOffset: 0.6,
			A: v3(0, 0, 1.3), MinA: 0.6, MaxA: 1.4, MinB: 1, MaxB: 1, MinC: 1, MaxC: 1,
			StartScale: 1, FinalScale: 1.6, ScaleRand: 0.3, StartTrans: 0.1, FinalTrans: 1, IsParentLocal: 1},
		// Dust where a body falls: one burst of twelve puffs spreading low.
		{ID: EmitterDust, EmitterType: dat.EmitterBirthratePerSec, ParticleType: dat.ParticleExplode,
			GfxObjID: DustGfxObj, HWGfxObjID: DustGfxObj, Birthrate: 1, MaxParticles: 12, InitialParticles: 12, TotalParticles: 12,
			Lifespan: 1.5, LifespanRand: 0.3, OffsetDir: up, MinOffset: 0, MaxOffset: 0.3,
			A: v3(0.9, 0, 0), MinA: 0.6, MaxA: 1.2, B: v3(0, 0, 0.25), MinB: 1, MaxB: 1, C: v3(1, 1, 0.15), MinC: 1, MaxC: 1,
			StartScale: 0.6, FinalScale: 1.8, ScaleRand: 0.2, StartTrans: 0.2, FinalTrans: 1},
	}
}
