package view

import (
	"math"
	"testing"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/physics"
)

func testSky() *dat.SkyDesc {
	return &dat.SkyDesc{DayGroups: []dat.DayGroup{{SkyTimes: []dat.SkyTimeOfDay{
		{Begin: 0, DirBright: 0.2, DirHeading: 200, DirPitch: 40, DirColor: 0xFF0000FF, AmbBright: 0.4, AmbColor: 0xFFFFFFFF,
			MinWorldFog: 100, MaxWorldFog: 300, WorldFogColor: 0xFF000000},
		{Begin: 0.5, DirBright: 1, DirHeading: 180, DirPitch: 60, DirColor: 0xFFFFFFFF, AmbBright: 0.6, AmbColor: 0xFFFFFFFF,
			MinWorldFog: 200, MaxWorldFog: 800, WorldFogColor: 0xFFFFFFFF},
		{Begin: 0.75, DirBright: 0.6, DirHeading: 270, DirPitch: 10, DirColor: 0xFFFF0000, AmbBright: 0.5, AmbColor: 0xFFFFFFFF,
			MinWorldFog: 150, MaxWorldFog: 500, WorldFogColor: 0xFF808080},
	}}}}
}

func approx(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-4 }

// TestSkyLightingInterpolates checks SkyLighting at each entry's begin
// (exactly that entry), between two (linear), and across midnight (the
// last entry blends into the first), with the heading taking the short
// way round.
func TestSkyLightingInterpolates(t *testing.T) {
	sky := testSky()
	for _, tc := range []struct {
		name               string
		t                  float32
		amb, fogMin, fogMx float32
		heading, pitch     float32
	}{
		{"midnight", 0, 0.4, 100, 300, 200, 40},
		{"noon", 0.5, 0.6, 200, 800, 180, 60},
		{"dusk", 0.75, 0.5, 150, 500, 270, 10},
		{"quarter past", 0.25, 0.5, 150, 550, 190, 50},
		{"between noon and dusk", 0.625, 0.55, 175, 650, 225, 35},
		{"across midnight", 0.875, 0.45, 125, 400, 235, 25},
		{"a day later wraps", 1.5, 0.6, 200, 800, 180, 60},
		{"before midnight, negative", -0.125, 0.45, 125, 400, 235, 25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := SkyLighting(sky, tc.t)
			if !approx(l.Ambient.G, tc.amb) || !approx(l.FogMin, tc.fogMin) || !approx(l.FogMax, tc.fogMx) {
				t.Errorf("ambient %v fog %v..%v, want %v, %v..%v", l.Ambient.G, l.FogMin, l.FogMax, tc.amb, tc.fogMin, tc.fogMx)
			}
			if want := SunDirection(tc.heading, tc.pitch); l.SunDir.Sub(want).Len() > 1e-4 {
				t.Errorf("sun %v, want heading %v pitch %v = %v", l.SunDir, tc.heading, tc.pitch, want)
			}
		})
	}
	noon := SkyLighting(sky, 0.5)
	if noon.Sun != (rgb{1, 1, 1}) || noon.SkyHorizon != noon.Fog {
		t.Errorf("noon sun %v horizon %v fog %v", noon.Sun, noon.SkyHorizon, noon.Fog)
	}
	mid := SkyLighting(sky, 0)
	if mid.Sun != (rgb{0, 0, 0.2}) {
		t.Errorf("midnight sun %v, want blue × 0.2", mid.Sun)
	}
	// Across midnight the colours blend too: dusk's red × 0.6 half-way to
	// midnight's blue × 0.2 is (0.5, 0, 0.5) × 0.4.
	if got := SkyLighting(sky, 0.875).Sun; !approx(got.R, 0.2) || !approx(got.G, 0) || !approx(got.B, 0.2) {
		t.Errorf("sun at 0.875 %v, want {0.2 0 0.2}", got)
	}
	if got := SkyLighting(nil, 0.3); got != DefaultLighting {
		t.Errorf("no sky: %+v, want DefaultLighting", got)
	}
	one := &dat.SkyDesc{DayGroups: []dat.DayGroup{{SkyTimes: sky.DayGroups[0].SkyTimes[1:2]}}}
	if got := SkyLighting(one, 0.1); !approx(got.Ambient.R, 0.6) {
		t.Errorf("a single entry lights all day: ambient %v", got.Ambient)
	}
}

func TestSunDirection(t *testing.T) {
	for _, tc := range []struct {
		h, p float32
		want physics.Vec3
	}{
		{0, 0, physics.Vec3{Y: 1}},
		{90, 0, physics.Vec3{X: 1}},
		{180, 0, physics.Vec3{Y: -1}},
		{270, 0, physics.Vec3{X: -1}},
		{123, 90, physics.Vec3{Z: 1}},
		{90, 30, physics.Vec3{X: float32(math.Sqrt(3) / 2), Z: 0.5}},
	} {
		if got := SunDirection(tc.h, tc.p); got.Sub(tc.want).Len() > 1e-6 {
			t.Errorf("SunDirection(%v, %v) = %v, want %v", tc.h, tc.p, got, tc.want)
		}
	}
}

func TestFogAt(t *testing.T) {
	l := Lighting{FogMin: 100, FogMax: 300}
	for _, tc := range []struct{ d, want float32 }{{0, 0}, {100, 0}, {200, 0.5}, {300, 1}, {1000, 1}} {
		if got := l.FogAt(tc.d); !approx(got, tc.want) {
			t.Errorf("FogAt(%v) = %v, want %v", tc.d, got, tc.want)
		}
	}
	if got := (&Lighting{}).FogAt(5000); got != 0 {
		t.Errorf("no fog: FogAt = %v", got)
	}
}

// TestLightLambertAndLuminosity: a surface facing the sun takes ambient
// plus the sun, one facing away ambient only, clamped at 1; luminosity
// raises it toward full bright.
func TestLightLambertAndLuminosity(t *testing.T) {
	l := Lighting{SunDir: physics.Vec3{Z: 1}, Sun: rgb{0.5, 0.5, 0.5}, Ambient: rgb{0.3, 0.3, 0.3}}
	if got := l.light(physics.Vec3{Z: 1}, 0); !approx(got.R, 0.8) {
		t.Errorf("facing the sun %v, want 0.8", got)
	}
	if got := l.light(physics.Vec3{X: 1}, 0); !approx(got.R, 0.3) {
		t.Errorf("edge-on %v, want ambient 0.3", got)
	}
	if got := l.light(physics.Vec3{Z: -1}, 0); !approx(got.R, 0.3) {
		t.Errorf("facing away %v, want ambient 0.3", got)
	}
	if got := l.light(physics.Vec3{Z: -1}, 0.5); !approx(got.R, 0.65) {
		t.Errorf("half luminous, facing away %v, want 0.65", got)
	}
	if got := l.light(physics.Vec3{Z: -1}, 1); !approx(got.R, 1) {
		t.Errorf("fully luminous %v, want 1", got)
	}
	bright := Lighting{SunDir: physics.Vec3{Z: 1}, Sun: rgb{1, 1, 1}, Ambient: rgb{0.6, 0.6, 0.6}}
	if got := bright.light(physics.Vec3{Z: 1}, 0); got.R != 1 {
		t.Errorf("over-bright %v, want clamped to 1", got)
	}
}

// quadGfxObj is a 2×2 quad in the xz plane facing −y (south, toward
// quadCamera's eye), counter-clockwise from the front: vertices 0, 1 at
// the bottom with normals leaning toward the sun (straight up), 2, 3 at
// the top leaning down, away from it; its one surface is sid.
func quadGfxObj(sid uint32) *dat.GfxObj {
	up := physics.Vec3{Y: -1, Z: 1}.Normalize()
	down := physics.Vec3{Y: -1, Z: -1}.Normalize()
	return &dat.GfxObj{ID: 0x01000001, Surfaces: []uint32{sid},
		Vertices: []dat.Vertex{{Key: 0, Origin: physics.Vec3{X: -1}, Normal: up}, {Key: 1, Origin: physics.Vec3{X: 1}, Normal: up},
			{Key: 2, Origin: physics.Vec3{X: 1, Z: 2}, Normal: down}, {Key: 3, Origin: physics.Vec3{X: -1, Z: 2}, Normal: down}},
		Polygons: []dat.Polygon{{Key: 0, SidesType: dat.SidesCounterClockwise, PosSurface: 0, NegSurface: -1, VertexIDs: []int16{0, 1, 2, 3}}}}
}

func quadCamera() *Camera {
	cam := &Camera{W: 400, H: 300, Yaw: -1.5707964, Pitch: 0.1, Distance: 10, FOV: 1}
	cam.Update() // the eye is south of the origin looking north
	return cam
}

// TestMeshPerVertexLighting: a mesh is lit per vertex from its normals —
// the vertices leaning toward the sun take ambient plus the sun's share,
// those leaning away ambient only — while the polygon's flat normal
// (facing the camera, edge-on to the sun) would light them all alike.
func TestMeshPerVertexLighting(t *testing.T) {
	surf := &dat.Surface{Type: dat.SurfaceBase1Solid, Color: 0xFFFFFFFF}
	m, err := BuildMesh(quadGfxObj(0x08000001), func(uint32) (*dat.Surface, error) { return surf, nil })
	if err != nil {
		t.Fatal(err)
	}
	cam := quadCamera()
	r := &Renderer{cam: cam}
	r.setLight(Lighting{SunDir: physics.Vec3{Z: 1}, Sun: rgb{0.5, 0.5, 0.5}, Ambient: rgb{0.2, 0.2, 0.2}})
	r.buildMesh(m, cam.View(), -1, 1)
	if len(r.tris) != 2 {
		t.Fatalf("%d triangles, want two", len(r.tris))
	}
	lit := float32(0.2 + 0.5*math.Sqrt(0.5))
	// The fan is (0, 1, 2), (0, 2, 3).
	want := []float32{lit, lit, 0.2, lit, 0.2, 0.2}
	tv := r.triVerts(0)
	tv2 := r.triVerts(1)
	for i, v := range append(tv[:], tv2[:]...) {
		if !approx(v.ColorR, want[i]) || v.ColorA != 1 {
			t.Errorf("vertex %d colour %v alpha %v, want %v", i, v.ColorR, v.ColorA, want[i])
		}
	}
}

// TestMeshSurfaceFlags: a Translucent surface draws at 1 − translucency
// times the object's own opacity, a Luminous one lights itself (full
// bright in the dark), and a fully translucent one is not drawn.
func TestMeshSurfaceFlags(t *testing.T) {
	cam := quadCamera()
	for _, tc := range []struct {
		name        string
		surf        dat.Surface
		objAlpha    float32
		tris        int
		alpha, grey float32
	}{
		{"plain", dat.Surface{Type: dat.SurfaceBase1Solid, Color: 0xFFFFFFFF}, 1, 2, 1, 0},
		{"translucent", dat.Surface{Type: dat.SurfaceBase1Solid | dat.SurfaceTranslucent, Color: 0xFFFFFFFF, Translucency: 0.25}, 0.5, 2, 0.375, 0},
		{"luminous", dat.Surface{Type: dat.SurfaceBase1Solid | dat.SurfaceLuminous, Color: 0xFF808080, Luminosity: 1}, 1, 2, 1, float32(0x80) / 255},
		{"half luminous", dat.Surface{Type: dat.SurfaceBase1Solid | dat.SurfaceLuminous, Color: 0xFFFFFFFF, Luminosity: 0.5}, 1, 2, 1, 0.5},
		{"invisible", dat.Surface{Type: dat.SurfaceBase1Solid | dat.SurfaceTranslucent, Color: 0xFFFFFFFF, Translucency: 1}, 1, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := BuildMesh(quadGfxObj(0x08000001), func(uint32) (*dat.Surface, error) { return &tc.surf, nil })
			if err != nil {
				t.Fatal(err)
			}
			r := &Renderer{cam: cam}
			r.setLight(Lighting{SunDir: physics.Vec3{Z: 1}}) // no light at all
			r.buildMesh(m, cam.View(), -1, tc.objAlpha)
			if got := len(r.scene.vals); got != tc.tris {
				t.Fatalf("%d triangles, want %d", got, tc.tris)
			}
			for i, v := range r.Verts {
				if !approx(v.ColorA, tc.alpha) || !approx(v.ColorR, tc.grey) {
					t.Fatalf("vertex %d alpha %v grey %v, want %v, %v", i, v.ColorA, v.ColorR, tc.alpha, tc.grey)
				}
			}
		})
	}
}

// TestParticlesAreTexturedQuads: each live particle is two triangles
// forming a screen-aligned square around its projected point, sampling
// the spark texture's corners (the emitter has no info) and as opaque as
// its translucency leaves it.
func TestParticlesAreTexturedQuads(t *testing.T) {
	w, a := testWorld(t)
	cam := testCamera(w, 640, 480)
	r := NewRenderer(a)
	r.Build(w, cam) // sets the camera and packs the atlas
	pl := w.Object(guidPlayer)
	e := &managers.Emitter{World: pl.Phys.Position.Frame}
	e.Particles = []managers.Particle{{Offset: physics.Vec3{Z: 2}, Age: 0.25, Scale: 1, Trans: 0.25}}
	o := &components.View{Phys: pl.Phys, Particle: &managers.ParticleManager{Emitters: []*managers.Emitter{e}}}
	n := len(r.Verts)
	r.buildParticles(o)
	v := r.Verts[n:]
	if len(v) != 6 {
		t.Fatalf("%d vertices for one particle, want two triangles", len(v))
	}
	rect, ok := r.Atlas.Rect(sparkKey)
	if !ok {
		t.Fatal("the spark texture is not in the atlas")
	}
	if v[0].DstY != v[1].DstY || v[1].DstX != v[2].DstX || !approxTol(v[2].DstX-v[0].DstX, v[2].DstY-v[0].DstY, 1e-3) {
		t.Errorf("not a screen-aligned square: %+v", v[:3])
	}
	for i, vv := range v {
		if vv.SrcX < float32(rect.Min.X) || vv.SrcX > float32(rect.Max.X) || vv.SrcY < float32(rect.Min.Y) || vv.SrcY > float32(rect.Max.Y) {
			t.Fatalf("vertex %d samples (%v,%v) outside the spark %v", i, vv.SrcX, vv.SrcY, rect)
		}
		if !approx(vv.ColorA, 0.75) {
			t.Fatalf("vertex %d alpha %v, want 1 − translucency 0.75", i, vv.ColorA)
		}
	}
	s := SparkTexture()
	if c, edge := s.NRGBAAt(8, 8), s.NRGBAAt(0, 0); c.A < 200 || edge.A != 0 {
		t.Errorf("spark alpha centre %d, corner %d", c.A, edge.A)
	}
}

func approxTol(a, b, tol float32) bool { return math.Abs(float64(a-b)) <= float64(tol) }

// TestSunInTheSky: for a Region without sky objects, looking toward the
// sun, the sky layer holds its disc — two triangles sampling the spark
// texture, centred where the sun direction projects, drawn after the
// gradient; looking away, none.
func TestSunInTheSky(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(noSkyObjects{a})
	r.Build(w, testCamera(w, 640, 480))
	sun := r.Light.SunDir
	if sun.Z <= 0 {
		t.Fatalf("the default time of day has the sun below the horizon: %v", sun)
	}
	sunTris := func() []uint32 {
		rect, _ := r.Atlas.Rect(sparkKey)
		var out []uint32
		for _, tri := range r.skyList.vals {
			if v := r.triVerts(uint32(tri))[0]; v.SrcX >= float32(rect.Min.X) && v.SrcX <= float32(rect.Max.X) && v.SrcY >= float32(rect.Min.Y) && v.SrcY <= float32(rect.Max.Y) {
				out = append(out, tri)
			}
		}
		return out
	}
	cam := testCamera(w, 640, 480)
	// The eye opposite the sun from the target, looking up at it.
	cam.Yaw = float32(math.Atan2(float64(-sun.Y), float64(-sun.X)))
	cam.Pitch = -float32(math.Asin(float64(sun.Z)))
	cam.Update()
	r.Build(w, cam)
	disc := sunTris()
	if len(disc) != 2 || r.skyList.vals[len(r.skyList.vals)-1] != disc[1] {
		t.Fatalf("sun triangles %v of sky %v, want the last two", disc, r.skyList.vals)
	}
	x, y := cam.ScreenOf(cam.ToCamera(cam.Eye().Add(sun.Scale(10000))))
	v := r.triVerts(uint32(disc[0]))
	cx, cy := float32((v[0].DstX+v[2].DstX)/2), float32((v[0].DstY+v[2].DstY)/2)
	if !approxTol(cx, x, 0.5) || !approxTol(cy, y, 0.5) {
		t.Errorf("sun disc centred at (%v,%v), the sun projects to (%v,%v)", cx, cy, x, y)
	}
	cam.Yaw += math.Pi
	cam.Pitch = 0.1
	cam.Update()
	r.Build(w, cam)
	if got := sunTris(); len(got) != 0 {
		t.Errorf("looking away from the sun: sun triangles %v", got)
	}
}

// noSkyObjects is the sample assets with a sky of the same times of day
// but no sky objects.
type noSkyObjects struct{ *DATAssets }

func (n noSkyObjects) Sky() *dat.SkyDesc {
	s := *n.DATAssets.Sky()
	s.DayGroups = append([]dat.DayGroup(nil), s.DayGroups...)
	s.DayGroups[0].SkyObjects = nil
	return &s
}
