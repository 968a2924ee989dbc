package world

import (
	"image"
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// The Region's sky objects (SkyDesc SkyObjects) and what they draw: a day
// dome and a starry night dome (textured hemispheres that fade out at the
// horizon, where the fog colour shows), a cloud layer whose texture
// scrolls by its TexVelocity, the sun (a glowing additive billboard,
// orange while it is low) and the moon, both moving across the south by
// their BeginAngle–EndAngle arcs. Sky models are drawn centred on the eye
// at any scale; these are built on a sphere of radius skyR.
const (
	TexSkyDay   = 0x06000070
	TexSkyNight = 0x06000071
	TexClouds   = 0x06000072
	TexSun      = 0x06000073
	TexSunLow   = 0x06000074
	TexMoon     = 0x06000075

	SurfaceSkyDay   = 0x08000070 // Luminous
	SurfaceSkyNight = 0x08000071 // Luminous
	SurfaceClouds   = 0x08000072
	SurfaceSun      = 0x08000075 // Additive, Luminous
	SurfaceSunLow   = 0x08000076 // Additive, Luminous
	SurfaceMoon     = 0x08000077 // Luminous

	SkyDayGfxObj   = 0x01000090
	SkyNightGfxObj = 0x01000091
	CloudsGfxObj   = 0x01000092
	SunGfxObj      = 0x01000093
	SunLowGfxObj   = 0x01000094 // replaces SunGfxObj near the horizon (SkyObjectReplace)
	MoonGfxObj     = 0x01000095
)

// The sample's sky objects, by index in the day group (the order they are
// drawn in).
const (
	SkyObjNight = iota
	SkyObjDay
	SkyObjSun
	SkyObjMoon
	SkyObjClouds // last: the clouds pass in front of the sun and moon
)

// skyR is the radius the sky models are built on.
const skyR = 100

// skyObjects is the day group's sky objects. The night dome shows from
// 0.7 to 0.3 of the day, the day dome all day over it (the times of
// day's replaces fade it out toward midnight), the clouds all day
// drifting east-north-east. The sun rises at 0.2 and sets at 0.8, its arc
// from 0° (the east-south-east horizon) over 60° up in the south at noon
// to 180°; the moon does the same from 0.7 to 0.3, 45° up at midnight.
func skyObjects() []dat.SkyObject {
	return []dat.SkyObject{
		SkyObjNight:  {BeginTime: 0.7, EndTime: 0.3, GfxObjID: SkyNightGfxObj},
		SkyObjDay:    {GfxObjID: SkyDayGfxObj},
		SkyObjClouds: {TexVelocityX: 0.008, TexVelocityY: 0.003, GfxObjID: CloudsGfxObj},
		SkyObjSun:    {BeginTime: 0.2, EndTime: 0.8, BeginAngle: 0, EndAngle: 180, GfxObjID: SunGfxObj},
		SkyObjMoon:   {BeginTime: 0.7, EndTime: 0.3, BeginAngle: 0, EndAngle: 180, GfxObjID: MoonGfxObj},
	}
}

// skyReplaces are each time of day's SkyObjectReplaces (midnight, dawn,
// noon, dusk): the day dome is transparent at midnight and opaque from
// dawn to dusk, dimmer at either end of the day; the clouds dim at night;
// the sun is the low orange one before dawn and after dusk.
func skyReplaces() [4][]dat.SkyObjectReplace {
	rep := func(i int, gfx uint32, tr, lum float32) dat.SkyObjectReplace {
		return dat.SkyObjectReplace{ObjectIndex: uint32(i), GfxObjID: gfx, Transparent: tr, Luminosity: lum, MaxBright: 1}
	}
	return [4][]dat.SkyObjectReplace{
		{rep(SkyObjDay, 0, 1, 0.4), rep(SkyObjClouds, 0, 0.3, 0.25), rep(SkyObjSun, SunLowGfxObj, 0, 1), rep(SkyObjMoon, 0, 0, 1)},
		{rep(SkyObjDay, 0, 0, 0.8), rep(SkyObjClouds, 0, 0, 0.85)},
		{rep(SkyObjDay, 0, 0, 1), rep(SkyObjClouds, 0, 0, 1)},
		{rep(SkyObjDay, 0, 0, 0.75), rep(SkyObjClouds, 0, 0, 0.8), rep(SkyObjSun, SunLowGfxObj, 0, 1), rep(SkyObjMoon, 0, 0.4, 1)},
	}
}

// skyPoly adds a polygon on surface surf facing the model's origin, its
// corners' UVs given.
func (m *mesh) skyPoly(surf int16, pts []physics.Vec3, uvs []dat.UV) {
	n := pts[1].Sub(pts[0]).Cross(pts[2].Sub(pts[0]))
	if n.Dot(pts[0]) > 0 { // facing out: turn it round
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
			uvs[i], uvs[j] = uvs[j], uvs[i]
		}
		n = n.Scale(-1)
	}
	n = n.Normalize()
	p := dat.Polygon{Key: uint16(len(m.polys)), Stippling: dat.StipplingNoNeg, SidesType: dat.SidesCounterClockwise, PosSurface: surf}
	for i, pt := range pts {
		key := uint16(len(m.verts))
		m.verts = append(m.verts, dat.Vertex{Key: key, Origin: pt, Normal: n, UVs: []dat.UV{uvs[i]}})
		p.VertexIDs = append(p.VertexIDs, int16(key))
		p.PosUVIndices = append(p.PosUVIndices, 0)
	}
	m.polys = append(m.polys, p)
}

// skyGfxObj finishes a sky model: drawing polygons only (nothing
// collides with the sky).
func (m *mesh) skyGfxObj(id uint32) *dat.GfxObj {
	g := m.gfxObj(id)
	g.Flags, g.PhysicsPolygons, g.PhysicsBSP = dat.GfxObjHasDrawing, nil, nil
	return g
}

// skyPoint is the point of the sphere of radius skyR at azimuth az
// (radians counter-clockwise from east) and elevation el (radians).
func skyPoint(az, el float64) physics.Vec3 {
	return v3(float32(skyR*math.Cos(el)*math.Cos(az)), float32(skyR*math.Cos(el)*math.Sin(az)), float32(skyR*math.Sin(el)))
}

// domeGfxObj is a hemisphere of 20 segments and 10 bands facing in, its
// texture wrapped uRepeats times round and once from the zenith (v 0) to
// the horizon (v 1).
func domeGfxObj(id, surf uint32, uRepeats float32) *dat.GfxObj {
	const segs, bands = 20, 10
	m := &mesh{surfaces: []uint32{surf}}
	for b := range bands {
		el0, el1 := float64(b)/bands*math.Pi/2, float64(b+1)/bands*math.Pi/2
		v0, v1 := 1-float32(b)/bands, 1-float32(b+1)/bands
		for s := range segs {
			az0, az1 := float64(s)/segs*2*math.Pi, float64(s+1)/segs*2*math.Pi
			u0, u1 := float32(float32(s)/segs*uRepeats), float32(float32(s+1)/segs*uRepeats)
			if b == bands-1 { // the cap's triangles meet at the zenith
				m.skyPoly(0, []physics.Vec3{skyPoint(az0, el0), skyPoint(az1, el0), v3(0, 0, skyR)},
					[]dat.UV{{U: u0, V: v0}, {U: u1, V: v0}, {U: (u0 + u1) / 2, V: 0}})
				continue
			}
			m.skyPoly(0, []physics.Vec3{skyPoint(az0, el0), skyPoint(az1, el0), skyPoint(az1, el1), skyPoint(az0, el1)},
				[]dat.UV{{U: u0, V: v0}, {U: u1, V: v0}, {U: u1, V: v1}, {U: u0, V: v1}})
		}
	}
	return m.skyGfxObj(id)
}

// cloudsGfxObj is a flat cloud ceiling a fifth of skyR above the eye
// reaching twenty times as far out (3° above the horizon, where the
// dome fades into the horizon's haze), as 16 segments in seven rings; its texture repeats every half skyR (planar in x and
// y), so the clouds crowd together toward the horizon. (Its rings share
// one surface: a ring more translucent than the next draws a line.)
func cloudsGfxObj() *dat.GfxObj {
	const segs, h = 16, skyR / 5
	rings := []float32{0, 1.2 * h, 2.5 * h, 3.8 * h, 5.5 * h, 8 * h, 12 * h, 20 * h}
	m := &mesh{surfaces: []uint32{SurfaceClouds}}
	at := func(r float32, s int) (physics.Vec3, dat.UV) {
		a := float64(float64(s)/segs) * 2 * math.Pi
		p := v3(r*float32(math.Cos(a)), r*float32(math.Sin(a)), h)
		return p, dat.UV{U: p.X / (skyR / 2), V: -p.Y / (skyR / 2)}
	}
	for k := 0; k+1 < len(rings); k++ {
		for s := range segs {
			a0, ua0 := at(rings[k], s)
			a1, ua1 := at(rings[k], s+1)
			b1, ub1 := at(rings[k+1], s+1)
			b0, ub0 := at(rings[k+1], s)
			if k == 0 {
				m.skyPoly(0, []physics.Vec3{a0, b0, b1}, []dat.UV{ua0, ub0, ub1})
				continue
			}
			m.skyPoly(0, []physics.Vec3{a0, b0, b1, a1}, []dat.UV{ua0, ub0, ub1, ua1})
		}
	}
	return m.skyGfxObj(CloudsGfxObj)
}

// discGfxObj is a square billboard of half-width half (in degrees of
// arc) facing the origin from direction dir: a sun or moon at arc angle 0.
func discGfxObj(id, surf uint32, dir physics.Vec3, half float64) *dat.GfxObj {
	m := &mesh{surfaces: []uint32{surf}}
	d := dir.Normalize().Scale(skyR)
	up := v3(0, 0, 1)
	side := d.Cross(up).Normalize()
	s := float32(skyR * math.Tan(half*math.Pi/180))
	e1, e2 := side.Scale(s), up.Scale(s)
	m.skyPoly(0, []physics.Vec3{d.Sub(e1).Sub(e2), d.Add(e1).Sub(e2), d.Add(e1).Add(e2), d.Sub(e1).Add(e2)},
		[]dat.UV{{U: 0, V: 1}, {U: 1, V: 1}, {U: 1, V: 0}, {U: 0, V: 0}})
	return m.skyGfxObj(id)
}

// The sun's and moon's directions at arc angle 0: on the eastern
// horizon, turned 30° (the sun) and 44° (the moon) toward the south, so
// their arcs about the north–south axis cross the south 60° and 46° up.
var (
	sunRise  = v3(float32(math.Cos(30*math.Pi/180)), -float32(math.Sin(30*math.Pi/180)), 0)
	moonRise = v3(float32(math.Cos(44*math.Pi/180)), -float32(math.Sin(44*math.Pi/180)), 0)
)

func skyGfxObjs() []*dat.GfxObj {
	return []*dat.GfxObj{
		domeGfxObj(SkyDayGfxObj, SurfaceSkyDay, 1), domeGfxObj(SkyNightGfxObj, SurfaceSkyNight, 4), cloudsGfxObj(),
		discGfxObj(SunGfxObj, SurfaceSun, sunRise, 7), discGfxObj(SunLowGfxObj, SurfaceSunLow, sunRise, 8),
		discGfxObj(MoonGfxObj, SurfaceMoon, moonRise, 3.5),
	}
}

func skySurfaces() []*dat.Surface {
	img := func(id, tex uint32, typ uint32, lum, trans float32) *dat.Surface {
		return &dat.Surface{ID: id, Type: dat.SurfaceBase1Image | typ, OrigTextureID: SurfaceTextureOf(tex), Luminosity: lum,
			Translucency: trans, Diffuse: 1}
	}
	glow := uint32(dat.SurfaceAdditive | dat.SurfaceLuminous)
	return []*dat.Surface{
		img(SurfaceSkyDay, TexSkyDay, dat.SurfaceLuminous, 1, 0), img(SurfaceSkyNight, TexSkyNight, dat.SurfaceLuminous, 1, 0),
		img(SurfaceClouds, TexClouds, 0, 0, 0),
		img(SurfaceSun, TexSun, glow, 1, 0), img(SurfaceSunLow, TexSunLow, glow, 1, 0), img(SurfaceMoon, TexMoon, dat.SurfaceLuminous, 1, 0),
	}
}

// horizonFade is a dome texture's alpha at v (0 zenith, 1 horizon): opaque
// down to 70% of the way, then fading out, so the horizon takes the fog
// colour behind the dome.
func horizonFade(v float64) float64 { return 1 - smoothstep((v-0.7)/0.3) }

// skyDayTexture is the day dome: deep blue overhead paling toward the
// horizon, with faint high haze.
func skyDayTexture() *image.NRGBA {
	const n = 64
	img := paint(n, func(u, v float64) rgbf {
		c := mix(rgbf{58, 104, 196}, rgbf{168, 198, 236}, math.Pow(v, 1.4))
		return c.scale(0.96 + float64(0.08*fbm(u, v, 4, 3, 70)))
	})
	setAlpha(img, func(u, v float64) float64 { return horizonFade(v) })
	return img
}

// skyNightTexture is the night dome: dark navy with stars of a few
// brightnesses, a little lighter toward the horizon.
func skyNightTexture() *image.NRGBA {
	const n = 128
	img := paint(n, func(u, v float64) rgbf {
		c := mix(rgbf{6, 10, 28}, rgbf{22, 32, 62}, v)
		x, y := int(u*n), int(v*n)
		// Fewer stars toward the zenith, where the dome's texture
		// repeats meet and would crowd and stretch them.
		if h := hash(x, y, 71); h%160 == 0 && v < 0.85 && float64(h>>8&0xFF)/255 < v/0.35 {
			b := 150 + float64(h>>24&0x7F)
			return rgbf{b, b, b + 20}
		}
		return c
	})
	setAlpha(img, func(u, v float64) float64 { return horizonFade(v) })
	return img
}

// cloudsTexture is tiling white cloud with soft edges on clear sky.
func cloudsTexture() *image.NRGBA {
	const n = 128
	img := paint(n, func(u, v float64) rgbf {
		return mix(rgbf{200, 206, 216}, rgbf{255, 255, 255}, fbm(u, v, 4, 4, 72))
	})
	setAlpha(img, func(u, v float64) float64 {
		c := fbm(u, v, 4, 4, 73)
		return smoothstep((c-0.45)/0.25) * 0.9
	})
	return img
}

// sunTexture is a hot white core inside a glow of colour glowCol.
func sunTexture(core, glowCol rgbf) *image.NRGBA {
	return spriteTexture(32, func(u, v float64) rgbf {
		d := math.Hypot(u-0.5, v-0.5) * 2
		return mix(core, glowCol, d*2)
	}, func(d, u, v float64) float64 {
		if d < 0.3 {
			return 1
		}
		return max(1-d, 0) * max(1-d, 0) * 1.4
	})
}

// moonTexture is a pale disc with darker seas.
func moonTexture() *image.NRGBA {
	return spriteTexture(32, func(u, v float64) rgbf {
		return mix(rgbf{150, 156, 170}, rgbf{236, 238, 244}, fbm(u, v, 3, 3, 74))
	}, func(d, u, v float64) float64 { return min(max((0.85-d)*12, 0), 1) })
}

// setAlpha sets every pixel's alpha to a(u, v).
func setAlpha(img *image.NRGBA, a func(u, v float64) float64) {
	n := img.Rect.Dx()
	for y := range img.Rect.Dy() {
		for x := range n {
			u, v := (float64(x)+0.5)/float64(n), (float64(y)+0.5)/float64(img.Rect.Dy())
			img.Pix[img.PixOffset(x, y)+3] = uint8(float64(min(max(a(u, v), 0), 1)*255) + 0.5)
		}
	}
}

// skyTextures are the sky's RenderSurfaces (A8R8G8B8, all with alpha).
func skyTextures() []*dat.RenderSurface {
	argb := func(id uint32, img *image.NRGBA) *dat.RenderSurface {
		return &dat.RenderSurface{ID: id, Width: int32(img.Rect.Dx()), Height: int32(img.Rect.Dy()),
			Format: dat.PixelA8R8G8B8, SourceData: pixelsARGB(img)}
	}
	return []*dat.RenderSurface{
		argb(TexSkyDay, skyDayTexture()), argb(TexSkyNight, skyNightTexture()), argb(TexClouds, cloudsTexture()),
		argb(TexSun, sunTexture(rgbf{255, 252, 236}, rgbf{255, 226, 150})),
		argb(TexSunLow, sunTexture(rgbf{255, 214, 150}, rgbf{255, 120, 60})),
		argb(TexMoon, moonTexture()),
	}
}

// skyData is every portal object the sky draws with: its GfxObjs,
// surfaces, and textures with their SurfaceTextures.
func skyData() []any {
	var out []any
	for _, g := range skyGfxObjs() {
		out = append(out, g)
	}
	for _, s := range skySurfaces() {
		out = append(out, s)
	}
	for _, r := range skyTextures() {
		out = append(out, r, &dat.SurfaceTexture{ID: SurfaceTextureOf(r.ID), Unknown: 2, UnknownByte: 1, Textures: []uint32{r.ID}})
	}
	return out
}
