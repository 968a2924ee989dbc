package view

import (
	"math"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld/world"
)

// TestSkyObjectAngle: an object shows from BeginTime to EndTime inclusive
// and its angle runs linearly from BeginAngle to EndAngle; a span whose
// end is before its begin wraps past midnight; equal times show all day.
func TestSkyObjectAngle(t *testing.T) {
	day := &dat.SkyObject{BeginTime: 0.2, EndTime: 0.8, BeginAngle: 0, EndAngle: 180}
	night := &dat.SkyObject{BeginTime: 0.7, EndTime: 0.3, BeginAngle: 0, EndAngle: 180}
	always := &dat.SkyObject{BeginTime: 0.4, EndTime: 0.4, BeginAngle: 30, EndAngle: 170}
	down := &dat.SkyObject{BeginTime: 0.25, EndTime: 0.75, BeginAngle: 90, EndAngle: -90}
	for _, tc := range []struct {
		name  string
		o     *dat.SkyObject
		t     float32
		angle float32
		shows bool
	}{
		{"day at begin", day, 0.2, 0, true},
		{"day at end", day, 0.8, 180, true},
		{"day at noon", day, 0.5, 90, true},
		{"day a third through", day, 0.4, 60, true},
		{"day just before begin", day, 0.199, 0, false},
		{"day just after end", day, 0.801, 0, false},
		{"day at midnight", day, 0, 0, false},
		{"night at begin", night, 0.7, 0, true},
		{"night at midnight", night, 0, 90, true},
		{"night at 1 is midnight", night, 1, 90, true},
		{"night before midnight", night, 0.95, 75, true},
		{"night at end", night, 0.3, 180, true},
		{"night at noon", night, 0.5, 0, false},
		{"night just after end", night, 0.301, 0, false},
		{"night just before begin", night, 0.699, 0, false},
		{"always at midnight", always, 0, 30, true},
		{"always at 0.9", always, 0.9, 30, true},
		{"decreasing at noon", down, 0.5, 0, true},
		{"decreasing at end", down, 0.75, -90, true},
		{"a day later", day, 1.5, 90, true},
		{"a day earlier", day, -0.5, 90, true},
		{"not a time", always, float32(math.NaN()), 0, false},
		{"no time at all", day, float32(math.Inf(1)), 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, ok := SkyObjectAngle(tc.o, tc.t)
			if ok != tc.shows || (ok && !approxTol(a, tc.angle, 1e-3)) {
				t.Errorf("SkyObjectAngle(%+v, %v) = %v, %v; want %v, %v", *tc.o, tc.t, a, ok, tc.angle, tc.shows)
			}
		})
	}
}

// TestSkyDirection: the angle turns a model's east point up over the
// zenith to the west about the north–south axis; the heading then turns
// it clockwise seen from above (north to east).
func TestSkyDirection(t *testing.T) {
	for _, tc := range []struct {
		angle, heading float32
		in, want       physics.Vec3
	}{
		{0, 0, physics.Vec3{X: 1}, physics.Vec3{X: 1}},
		{90, 0, physics.Vec3{X: 1}, physics.Vec3{Z: 1}},
		{180, 0, physics.Vec3{X: 1}, physics.Vec3{X: -1}},
		{90, 0, physics.Vec3{Y: 1}, physics.Vec3{Y: 1}}, // the axis stays
		{0, 90, physics.Vec3{Y: 1}, physics.Vec3{X: 1}},
		{90, 90, physics.Vec3{X: 1}, physics.Vec3{Z: 1}},
	} {
		p := SkyPlacement{Angle: tc.angle, Heading: tc.heading}
		if got := p.SkyDirection(tc.in); got.Sub(tc.want).Len() > 1e-5 {
			t.Errorf("angle %v heading %v: %v → %v, want %v", tc.angle, tc.heading, tc.in, got, tc.want)
		}
	}
}

// TestSkyObjectsAtSample: the sample Region's sky at midnight, before
// dawn, at noon and at dusk — which objects show, their angles, and the
// times of day's replaces (the low sun's GfxObj near the horizon, the day
// dome fading in from transparent at midnight to opaque at dawn).
func TestSkyObjectsAtSample(t *testing.T) {
	_, a := testWorld(t)
	sky := a.Sky()
	if sky == nil || len(sky.DayGroups) == 0 || len(sky.DayGroups[0].SkyObjects) != 5 {
		t.Fatalf("the sample Region's sky: %+v", sky)
	}
	type want struct {
		index int
		gfx   uint32
		angle float32
		trans float32
		lum   float32
	}
	for _, tc := range []struct {
		t    float32
		want []want
	}{
		{0, []want{{world.SkyObjNight, world.SkyNightGfxObj, 0, 0, 1}, {world.SkyObjDay, world.SkyDayGfxObj, 0, 1, 0.4},
			{world.SkyObjMoon, world.MoonGfxObj, 90, 0, 1}, {world.SkyObjClouds, world.CloudsGfxObj, 0, 0.3, 0.25}}},
		// Half-way from midnight to dawn: the replaces interpolate.
		{0.125, []want{{world.SkyObjNight, world.SkyNightGfxObj, 0, 0, 1}, {world.SkyObjDay, world.SkyDayGfxObj, 0, 0.5, 0.6},
			{world.SkyObjMoon, world.MoonGfxObj, 127.5, 0, 1}, {world.SkyObjClouds, world.CloudsGfxObj, 0, 0.15, 0.55}}},
		// Just after sunrise the midnight entry still rules: the low sun.
		{0.21, []want{{world.SkyObjNight, world.SkyNightGfxObj, 0, 0, 1}, {world.SkyObjDay, world.SkyDayGfxObj, 0, 0.16, 0.736},
			{world.SkyObjSun, world.SunLowGfxObj, 3, 0, 1}, {world.SkyObjMoon, world.MoonGfxObj, 153, 0, 1},
			{world.SkyObjClouds, world.CloudsGfxObj, 0, 0.048, 0.754}}},
		{0.5, []want{{world.SkyObjDay, world.SkyDayGfxObj, 0, 0, 1}, {world.SkyObjSun, world.SunGfxObj, 90, 0, 1},
			{world.SkyObjClouds, world.CloudsGfxObj, 0, 0, 1}}},
		{0.8, []want{{world.SkyObjNight, world.SkyNightGfxObj, 0, 0, 1}, {world.SkyObjDay, world.SkyDayGfxObj, 0, 0.2, 0.68},
			{world.SkyObjSun, world.SunLowGfxObj, 180, 0, 1}, {world.SkyObjMoon, world.MoonGfxObj, 30, 0.32, 1},
			{world.SkyObjClouds, world.CloudsGfxObj, 0, 0.06, 0.69}}},
	} {
		got := SkyObjectsAt(sky, tc.t, nil)
		if len(got) != len(tc.want) {
			t.Errorf("t=%v: %d objects %+v, want %d", tc.t, len(got), got, len(tc.want))
			continue
		}
		for i, w := range tc.want {
			g := got[i]
			if g.Index != w.index || g.GfxObjID != w.gfx || !approxTol(g.Angle, w.angle, 1e-3) ||
				!approxTol(g.Transparent, w.trans, 1e-4) || !approxTol(g.Luminosity, w.lum, 1e-4) {
				t.Errorf("t=%v object %d: %+v, want %+v", tc.t, i, g, w)
			}
		}
	}
	if got := SkyObjectsAt(nil, 0.5, nil); len(got) != 0 {
		t.Errorf("no sky: %v", got)
	}
}

// skyTrisOf returns the sky layer's triangles textured from the atlas
// rectangle of surface (every corner inside it).
func skyTrisOf(r *Renderer, surface uint32) []uint32 {
	rect, ok := r.Atlas.Rect(surface)
	if !ok {
		return nil
	}
	var out []uint32
	for _, tri := range r.skyList.vals {
		in := true
		for _, v := range r.triVerts(uint32(tri)) {
			if v.SrcX < float32(rect.Min.X) || v.SrcX > float32(rect.Max.X) || v.SrcY < float32(rect.Min.Y) || v.SrcY > float32(rect.Max.Y) {
				in = false
			}
		}
		if in {
			out = append(out, tri)
		}
	}
	return out
}

// lookAt turns cam to look from the target toward direction d.
func lookAt(cam *Camera, d physics.Vec3) {
	cam.Yaw = float32(math.Atan2(float64(-d.Y), float64(-d.X)))
	cam.Pitch = -float32(math.Asin(float64(d.Z)))
	cam.Update()
}

// TestSkyObjectsDrawn: at noon, looking at the sun, the sky layer holds
// the day dome, the sun's billboard and the clouds — drawn in that order
// after the gradient, the sun additive and centred where its placement
// points — and no spark disc; the sky turns with the camera but does not
// move with it, and the clouds scroll with SkySeconds.
func TestSkyObjectsDrawn(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(a)
	r.DayFraction = 0.5
	cam := testCamera(w, 640, 480)
	var sun SkyPlacement
	for _, p := range SkyObjectsAt(a.Sky(), 0.5, nil) {
		if p.Index == world.SkyObjSun {
			sun = p
		}
	}
	// The sun model's centre, turned by its placement.
	g, err := a.GfxObj(world.SunGfxObj)
	if err != nil {
		t.Fatal(err)
	}
	var c physics.Vec3
	for _, v := range g.Vertices {
		c = c.Add(v.Origin)
	}
	dir := sun.SkyDirection(c.Scale(1 / float32(len(g.Vertices)))).Normalize()
	if math.Abs(float64(dir.Z)-math.Sin(60*math.Pi/180)) > 0.01 || dir.Y > -0.49 || math.Abs(float64(dir.X)) > 0.01 {
		t.Fatalf("the noon sun points %v, want due south 60° up", dir)
	}
	lookAt(cam, dir)
	r.Build(w, cam)
	dome, clouds, sunTris := skyTrisOf(r, world.SurfaceSkyDay), skyTrisOf(r, world.SurfaceClouds), skyTrisOf(r, world.SurfaceSun)
	if len(dome) == 0 || len(clouds) == 0 || len(sunTris) == 0 {
		t.Fatalf("sky triangles: dome %d clouds %d sun %d", len(dome), len(clouds), len(sunTris))
	}
	pos := map[uint32]int{}
	for i, tri := range r.skyList.vals {
		pos[tri] = i
	}
	if pos[dome[len(dome)-1]] > pos[sunTris[0]] || pos[sunTris[len(sunTris)-1]] > pos[clouds[0]] {
		t.Errorf("sky order: dome ends at %d, sun %d–%d, clouds begin at %d", pos[dome[len(dome)-1]], pos[sunTris[0]],
			pos[sunTris[len(sunTris)-1]], pos[clouds[0]])
	}
	if spark := skyTrisOf(r, sparkKey); len(spark) != 0 {
		t.Errorf("the gradient's disc is drawn besides the sky objects: %v", spark)
	}
	var sx, sy float32
	for _, tri := range sunTris {
		if !r.tris[tri].Blend {
			t.Errorf("sun triangle %d is not additive", tri)
		}
		for _, v := range r.triVerts(uint32(tri)) {
			sx, sy = sx+v.DstX, sy+v.DstY
		}
	}
	n := float32(3 * len(sunTris))
	sx, sy = sx/n, sy/n
	x, y := cam.ScreenOf(cam.ToCamera(cam.Eye().Add(dir.Scale(1000))))
	if !approxTol(sx, x, 2) || !approxTol(sy, y, 2) || !approxTol(x, 320, 40) {
		t.Errorf("the sun drawn about (%v,%v), its direction projects to (%v,%v)", sx, sy, x, y)
	}

	// Moving the camera 300 units leaves the sky where it was on screen.
	before := r.triVerts(uint32(sunTris[0]))
	cam.Target = cam.Target.Add(physics.Vec3{X: 300, Y: -200, Z: 50})
	cam.Update()
	r.Build(w, cam)
	moved := skyTrisOf(r, world.SurfaceSun)
	if len(moved) != len(sunTris) {
		t.Fatalf("after moving, %d sun triangles, want %d", len(moved), len(sunTris))
	}
	for i, v := range r.triVerts(uint32(moved[0])) {
		if !approxTol(v.DstX, before[i].DstX, 0.01) || !approxTol(v.DstY, before[i].DstY, 0.01) {
			t.Errorf("moving the camera moved the sun's corner %d from (%v,%v) to (%v,%v)", i, before[i].DstX, before[i].DstY, v.DstX, v.DstY)
		}
	}
	// Turning it away hides the sun.
	lookAt(cam, physics.Vec3{X: -dir.X, Y: -dir.Y, Z: 0})
	r.Build(w, cam)
	if got := skyTrisOf(r, world.SurfaceSun); len(got) != 0 {
		t.Errorf("looking away from the sun: %d sun triangles", len(got))
	}

	// The clouds overhead scroll by TexVelocity × SkySeconds: 0.008
	// repeats a second along u, so 10 s moves a cloud texel by 0.08 of
	// the texture's width.
	lookAt(cam, physics.Vec3{Y: -0.3, Z: 0.95}.Normalize()) // up
	uvAt := func() (float32, bool) {
		r.Build(w, cam)
		for _, tri := range skyTrisOf(r, world.SurfaceClouds) {
			return r.triVerts(uint32(tri))[0].SrcX, true
		}
		return 0, false
	}
	u0, ok0 := uvAt()
	r.SkySeconds = 10
	u1, ok1 := uvAt()
	r.SkySeconds = 0
	u2, _ := uvAt()
	if !ok0 || !ok1 || u0 == u1 || u2 != u0 {
		t.Fatalf("cloud texel u %v (%v), after 10 s %v (%v), back at 0 s %v: not scrolled by SkySeconds", u0, ok0, u1, ok1, u2)
	}
}

// TestSkyObjectsNeedTextures: without materials (no atlas) the sky keeps
// its gradient and disc.
func TestSkyObjectsNeedTextures(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(noMaterials{a})
	r.DayFraction = 0.5
	r.Build(w, testCamera(w, 640, 480))
	if r.Atlas != nil || len(r.skyList.vals) < 2 || len(r.skyList.vals) > 6 {
		t.Errorf("flat assets: atlas %v, %d sky triangles, want the gradient's (and the disc's)", r.Atlas != nil, len(r.skyList.vals))
	}
}

// noMaterials hides DATAssets' materials.
type noMaterials struct{ a *DATAssets }

func (f noMaterials) GfxObj(id uint32) (*dat.GfxObj, error)   { return f.a.GfxObj(id) }
func (f noMaterials) Surface(id uint32) (*dat.Surface, error) { return f.a.Surface(id) }
func (f noMaterials) Landblock(id uint32) (*Landblock, error) { return f.a.Landblock(id) }
func (f noMaterials) Sky() *dat.SkyDesc                       { return f.a.Sky() }

// badSky is the sample assets with a sky of three bad objects: the sun's
// model with texture coordinates of 1e30 and NaN scrolling at a NaN and
// an infinite velocity, the same with a NaN vertex, and a GfxObj the DATs
// lack.
type badSky struct{ *DATAssets }

const (
	badUVGfx  = 0x0100FF01
	nanPosGfx = 0x0100FF02
	noGfx     = 0x0100FF03
)

func (b badSky) GfxObj(id uint32) (*dat.GfxObj, error) {
	if id != badUVGfx && id != nanPosGfx {
		return b.DATAssets.GfxObj(id)
	}
	g, err := b.DATAssets.GfxObj(world.SunGfxObj)
	if err != nil {
		return nil, err
	}
	c := *g
	c.ID = id
	c.Vertices = append([]dat.Vertex(nil), g.Vertices...)
	for i := range c.Vertices {
		c.Vertices[i].UVs = []dat.UV{{U: 1e30, V: float32(math.NaN())}}
	}
	if id == nanPosGfx {
		c.Vertices[0].Origin.X = float32(math.NaN())
	}
	return &c, nil
}

func (b badSky) Sky() *dat.SkyDesc {
	return &dat.SkyDesc{DayGroups: []dat.DayGroup{{SkyObjects: []dat.SkyObject{
		{GfxObjID: badUVGfx, TexVelocityX: float32(math.NaN()), TexVelocityY: float32(math.Inf(-1))},
		{GfxObjID: nanPosGfx}, {GfxObjID: noGfx}}}}}
}

// TestBadSkyObjects: bad sky models draw without a panic or a NaN corner
// (texture coordinates out of range at the texture's origin, a model with
// a NaN vertex not at all) and a missing one is reported once.
func TestBadSkyObjects(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(badSky{a})
	r.SkySeconds = 12.5
	cam := testCamera(w, 640, 480)
	lookAt(cam, physics.Vec3{X: 0.866, Y: -0.5, Z: 0.05}.Normalize()) // the sun model at angle 0
	r.Build(w, cam)
	r.Build(w, cam)
	for i, v := range r.Verts {
		if !finite(v.DstX) || !finite(v.DstY) || !finite(v.SrcX) || !finite(v.SrcY) || !finite(v.Custom2) {
			t.Fatalf("vertex %d is not finite: %+v", i, v)
		}
	}
	if n := len(skyTrisOf(r, world.SurfaceSun)); n == 0 {
		t.Error("the model with bad texture coordinates is not drawn")
	}
	missing := 0
	for _, m := range r.Missing {
		if m.ID == noGfx {
			missing++
		}
	}
	if missing != 1 {
		t.Errorf("the missing sky GfxObj reported %d times: %v", missing, r.Missing)
	}
}
