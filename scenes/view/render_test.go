package view

import (
	"errors"
	"math"
	"testing"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/stream"
)

func TestBuildDrawsEveryEntity(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(a)
	cam := testCamera(w, 960, 540)
	r.Build(w, cam)
	if len(r.Errors) > 0 {
		t.Fatalf("asset errors: %v", r.Errors)
	}
	if len(r.Indices) != 3*len(r.tris) {
		t.Fatalf("%d indices for %d triangles", len(r.Indices), len(r.tris))
	}
	for _, k := range r.Indices {
		if int(k) >= len(r.Verts) {
			t.Fatalf("index %d past the %d vertices", k, len(r.Verts))
		}
	}
	if r.TerrainBounds.Empty() {
		t.Fatal("no terrain drawn")
	}
	for _, g := range Entities(w) {
		o := w.Object(g)
		d, ok := r.DrawnOf(o.Phys.GUID)
		if !ok || d.Tris == 0 || d.Bounds.Empty() {
			t.Errorf("0x%08X (%s) not drawn: %+v", o.Phys.GUID, o.Name, d)
			continue
		}
		b := d.Bounds.Clip(cam.W, cam.H)
		if b.Empty() {
			t.Errorf("0x%08X (%s) off screen: %+v", o.Phys.GUID, o.Name, d.Bounds)
		}
	}
}

// TestBuildSortsBackToFront checks the index order: the sky (the
// gradient and the sample Region's sky objects) first, then terrain, then
// scene triangles with non-increasing depth.
func TestBuildSortsBackToFront(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(a)
	cam := testCamera(w, 640, 480)
	r.Build(w, cam)
	nt := len(r.terrain.vals)
	if nt == 0 || len(r.scene.vals) == 0 {
		t.Fatalf("terrain %d, scene %d triangles", nt, len(r.scene.vals))
	}
	for i, l := range []triList{r.terrain, r.scene} {
		for j := 1; j < len(l.keys); j++ {
			if l.keys[j] < l.keys[j-1] {
				t.Fatalf("layer %d: key %d < %d at %d: not sorted", i, l.keys[j], l.keys[j-1], j)
			}
		}
	}
	ns := len(r.skyList.vals)
	if ns <= 4 {
		t.Fatalf("%d sky triangles, want the gradient's 4 and the sky objects'", ns)
	}
	drawn := indexTris(t, r)
	for k := 0; k < ns; k++ {
		if got := drawn[k]; got != r.skyList.vals[k] {
			t.Fatalf("index %d names triangle %d, want sky %d", k, got, r.skyList.vals[k])
		}
	}
	for k := 0; k < nt; k++ {
		if got := drawn[ns+k]; got != r.terrain.vals[k] {
			t.Fatalf("index %d names triangle %d, want terrain %d", k, got, r.terrain.vals[k])
		}
		if r.tris[r.terrain.vals[k]].Owner != -1 {
			t.Fatal("terrain triangle owned by an object")
		}
	}
}

func TestRadixSortMatchesOrder(t *testing.T) {
	r := &Renderer{}
	var l triList
	depths := []float32{5, 1, 300, 2.5, 2.5, 0.3, 1e5, 42}
	for i, d := range depths {
		l.keys = append(l.keys, ^math.Float32bits(d))
		l.vals = append(l.vals, uint32(i))
	}
	r.sort(&l)
	want := []uint32{6, 2, 7, 0, 3, 4, 1, 5} // far to near, ties stable
	for i := range want {
		if l.vals[i] != want[i] {
			t.Fatalf("order %v, want %v", l.vals, want)
		}
	}
}

// quadMesh is a unit square in the part's xz plane facing -y (toward a
// camera south of it), counter-clockwise seen from the front.
func quadMesh(twoSided bool) *Mesh {
	return &Mesh{
		Pos:  []physics.Vec3{{X: -1, Z: 0}, {X: 1, Z: 0}, {X: 1, Z: 2}, {X: -1, Z: 2}},
		Tris: []meshTri{{A: 0, B: 1, C: 2, Front: rgb{1, 0, 0}, TwoSided: twoSided, Alpha: 1}, {A: 0, B: 2, C: 3, Front: rgb{1, 0, 0}, TwoSided: twoSided, Alpha: 1}},
	}
}

func TestBackFaceCulling(t *testing.T) {
	cam := &Camera{W: 400, H: 300, Yaw: -1.5707964, Pitch: 0.1, Distance: 10, FOV: 1}
	cam.Update() // the eye is south of the origin looking north
	for _, tc := range []struct {
		name    string
		heading float64
		two     bool
		want    int
	}{
		{"front", 0, false, 2},
		{"back", 3.14159265, false, 0},
		{"back two-sided", 3.14159265, true, 2},
	} {
		r := &Renderer{cam: cam}
		q := physics.Heading(tc.heading)
		r.buildMesh(quadMesh(tc.two), physics.RotateMat4(q).Mul(cam.View()), -1, 1)
		if got := len(r.scene.vals); got != tc.want {
			t.Errorf("%s: %d triangles, want %d", tc.name, got, tc.want)
		}
	}
}

func TestNearPlaneClipping(t *testing.T) {
	cam := &Camera{W: 400, H: 300, FOV: 1}
	cam.Update()
	r := &Renderer{cam: cam}
	// One vertex behind the eye: the visible part becomes two triangles.
	a, b, c := physics.Vec3{X: -1, Z: 5}, physics.Vec3{X: 1, Z: 5}, physics.Vec3{Y: -1, Z: -5}
	r.emit(&r.scene, -1, a, b, c, rgb{1, 1, 1}, rgb{1, 1, 1}, rgb{1, 1, 1}, 1, nil)
	if len(r.scene.vals) != 2 {
		t.Fatalf("%d triangles after clipping one vertex, want 2", len(r.scene.vals))
	}
	for _, v := range r.Verts {
		if v.DstX != v.DstX || v.DstY != v.DstY {
			t.Fatal("NaN vertex")
		}
	}
	// Two behind: one triangle remains.
	r = &Renderer{cam: cam}
	r.emit(&r.scene, -1, a, physics.Vec3{X: 1, Z: -1}, c, rgb{}, rgb{}, rgb{}, 1, nil)
	if len(r.scene.vals) != 1 {
		t.Fatalf("%d triangles after clipping two vertices, want 1", len(r.scene.vals))
	}
	r = &Renderer{cam: cam}
	r.emit(&r.scene, -1, physics.Vec3{Z: -1}, physics.Vec3{X: 1, Z: -1}, c, rgb{}, rgb{}, rgb{}, 1, nil)
	if len(r.scene.vals) != 0 {
		t.Fatal("a triangle wholly behind the eye was drawn")
	}
}

func TestPickFrontMost(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(a)
	cam := testCamera(w, 960, 540)
	r.Build(w, cam)
	for _, o := range []uint32{guidPlayer, guidWalker, guidDoor} {
		d, ok := r.DrawnOf(o)
		if !ok {
			t.Fatalf("0x%08X not drawn", o)
		}
		// Some pixel of its bounds must pick it: scan the box.
		found := false
		for y := d.Bounds.MinY; y <= d.Bounds.MaxY && !found; y += 1 {
			for x := d.Bounds.MinX; x <= d.Bounds.MaxX && !found; x += 1 {
				if r.Pick(x, y) == o {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("no pixel of 0x%08X's bounds picks it", o)
		}
	}
	if p := r.Pick(2, 2); p != 0 {
		t.Errorf("the sky picked 0x%08X", p)
	}
}

func TestTerrainUsesHeights(t *testing.T) {
	f := openSample(t)
	b, err := f.assets.Landblock(0xA9B40000)
	if err != nil {
		t.Fatal(err)
	}
	lb, _ := f.Cell.LandBlock(0xA9B4FFFF)
	for i := range b.Z {
		if b.Z[i] != f.Land.LandHeightTable[lb.Heights[i]] {
			t.Fatalf("vertex %d: z %v, want %v", i, b.Z[i], f.Land.LandHeightTable[lb.Heights[i]])
		}
	}
	if len(b.Statics) == 0 {
		t.Error("block 0xA9B4 has no statics (the house and walls)")
	}
	if _, err := f.assets.Landblock(0x0101FFFF); !errors.Is(err, dat.ErrNotFound) {
		t.Errorf("a landblock the sample lacks: %v, want dat.ErrNotFound", err)
	}
}

// TestGroundMatchesSimulation checks that the renderer's ground (GroundZ
// through the camera's render space) is the simulation's ground
// (the stream package's build of the landblocks, as a world that does not
// stream reads it: stream.Sync) at points in all four sample landblocks, on their
// seams and off the loaded world.
func TestGroundMatchesSimulation(t *testing.T) {
	f := openSample(t)
	src, err := stream.DatSourceOf(f.Portal, f.Cell)
	if err != nil {
		t.Fatal(err)
	}
	ground := stream.NewSync(src)
	r := NewRenderer(f.assets)
	cam := NewCamera(640, 480, physics.Position{Cell: 0xA9B40001, Frame: physics.IdentityFrame})
	tests := []struct {
		cell   uint32
		x, y   float32
		loaded bool
	}{
		{0xA9B40001, 0, 0, true},
		{0xA9B40001, 13.5, 7.25, true},
		{0xA9B40001, 47.9, 48.1, true},
		{0xA9B40001, 5, 23.9, true},
		{0xA9B40001, 100, 191, true},
		{0xA9B40001, 192, 100, true}, // the x seam, read from the west block
		{0xAAB40001, 0, 100, true},   // the same point from the east block
		{0xAAB40001, 120.5, 33.3, true},
		{0xA9B50001, 60.1, 0.2, true},
		{0xAAB50001, 191.9, 191.9, true},
		{0xAAB50001, 0.25, 0.75, true},
		{0xB0B40001, 10, 10, false}, // east of the sample world (12×12 from 0xA4AF)
		{0xA9AE0001, 10, 10, false}, // south of it
	}
	for _, tt := range tests {
		want, wantOK := ground.GroundZ(tt.cell, tt.x, tt.y)
		p := cam.ToRender(physics.Position{Cell: tt.cell, Frame: physics.Frame{Origin: physics.Vec3{X: tt.x, Y: tt.y}}})
		got, ok := r.GroundZ(cam, p.X, p.Y)
		if ok != tt.loaded || wantOK != tt.loaded {
			t.Errorf("0x%08X (%v, %v): renderer has ground %v, simulation %v, want %v", tt.cell, tt.x, tt.y, ok, wantOK, tt.loaded)
			continue
		}
		if !near(got, want, 1e-3) {
			t.Errorf("0x%08X (%v, %v): renderer ground %v, simulation %v", tt.cell, tt.x, tt.y, got, want)
		}
	}
}

func TestCameraKeptAboveGround(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(a)
	cam := testCamera(w, 640, 480)
	cam.Pitch = 0.05 // looking along the ground, eye below the uphill slope
	cam.Update()
	cam.KeepAbove(func(x, y float32) (float32, bool) { return r.GroundZ(cam, x, y) }, 1.5)
	z, ok := r.GroundZ(cam, cam.Eye().X, cam.Eye().Y)
	if !ok || cam.Eye().Z < z+1.5 {
		t.Fatalf("eye %v, ground %v (%v)", cam.Eye(), z, ok)
	}
}

func TestMapMarkersPickable(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(a)
	cam := testCamera(w, 800, 600)
	cam.ToggleMap()
	r.Build(w, cam)
	for _, g := range Entities(w) {
		o := w.Object(g)
		x, y, _, ok := cam.Project(cam.ToRender(o.Pres.Root))
		if !ok {
			t.Fatalf("0x%08X not on the map", o.Phys.GUID)
		}
		d, _ := r.DrawnOf(o.Phys.GUID)
		if d.Bounds.MaxX-d.Bounds.MinX < MarkerSize || d.Bounds.MaxY-d.Bounds.MinY < MarkerSize {
			t.Errorf("0x%08X: map bounds %+v smaller than a marker", o.Phys.GUID, d.Bounds)
		}
		if p := r.Pick(x, y); p == 0 {
			t.Errorf("clicking 0x%08X's map marker picked nothing", o.Phys.GUID)
		}
	}
}

func TestRadixSortSkipsUniformBytes(t *testing.T) {
	r := &Renderer{}
	var l triList
	// Keys differing only in the low byte, and then only in the third.
	for i, k := range []uint32{0x11223305, 0x11223301, 0x11223303, 0x11AA3302} {
		l.keys, l.vals = append(l.keys, k), append(l.vals, uint32(i))
	}
	r.sort(&l)
	want := []uint32{1, 2, 0, 3}
	for i := range want {
		if l.vals[i] != want[i] {
			t.Fatalf("order %v, want %v (keys %x)", l.vals, want, l.keys)
		}
	}
}

func TestSetupBuildingExpandsToParts(t *testing.T) {
	f := openSample(t)
	at := physics.Frame{Origin: physics.Vec3{X: 10, Y: 20, Z: 30}, Orientation: physics.IdentityQuat}
	l := f.assets.appendModel(nil, 0x02000003, at, 1) // the windmill Setup: tower and blades
	if len(l) != 2 || l[0].GfxObj != 0x01000031 || l[1].GfxObj != 0x01000030 {
		t.Fatalf("statics %+v", l)
	}
	if l[1].Frame.Origin == at.Origin {
		t.Error("the blades ignore their placement frame")
	}
	if l := f.assets.appendModel(nil, 0x01000100, at, 1); len(l) != 1 || l[0].Frame != at {
		t.Fatalf("GfxObj model %+v", l)
	}
}

// TestCullingKeepsEverythingOnScreen orbits the camera around the crowd and
// compares each frame with a renderer that transforms every object: an
// object with a triangle on screen is never culled, and culling does drop
// objects that are off screen.
func TestCullingKeepsEverythingOnScreen(t *testing.T) {
	f := openSample(t)
	w, err := f.Crowd(200)
	if err != nil {
		t.Fatal(err)
	}
	at := physics.Position{Cell: 0xA9B40025, Frame: physics.Frame{Origin: physics.Vec3{X: 96, Y: 96, Z: 110}, Orientation: physics.IdentityQuat}}
	culled, all := NewRenderer(f.assets), NewRenderer(f.assets)
	all.noCull = true
	dropped := 0
	for step := 0; step < 24; step++ {
		cam := NewCamera(640, 360, at)
		cam.Distance, cam.Pitch, cam.Yaw = 12, 0.3, float32(step)*math.Pi/12
		cam.Update()
		culled.Build(w, cam)
		all.Build(w, cam)
		for _, d := range all.Drawn {
			on := d.Tris > 0 && !d.Bounds.Clip(cam.W, cam.H).Empty()
			got, ok := culled.DrawnOf(d.GUID)
			if on && (!ok || got.Tris != d.Tris) {
				t.Fatalf("yaw step %d: 0x%08X is on screen (%d tris) but culling drew %+v", step, d.GUID, d.Tris, got)
			}
		}
		dropped += len(all.Drawn) - len(culled.Drawn)
	}
	if dropped == 0 {
		t.Fatal("culling never dropped an object: the test cannot tell culling from none")
	}
}

// triVerts returns triangle t's three output vertices (its corners in
// Verts, shared with other triangles of its mesh or its own).
func (r *Renderer) triVerts(t uint32) [3]Vertex {
	k := r.tris[t].V
	return [3]Vertex{r.Verts[k[0]], r.Verts[k[1]], r.Verts[k[2]]}
}

// indexTris returns the triangle each index triple of Indices draws (the
// triangle whose three vertices it names).
func indexTris(t testing.TB, r *Renderer) []uint32 {
	t.Helper()
	of := make(map[[3]uint32]uint32, len(r.tris))
	for i, rec := range r.tris {
		k := rec.V
		if _, dup := of[k]; dup {
			t.Fatalf("triangles %d and %d name the same vertices %v", of[k], i, k)
		}
		of[k] = uint32(i)
	}
	out := make([]uint32, 0, len(r.Indices)/3)
	for i := 0; i+2 < len(r.Indices); i += 3 {
		tri, ok := of[[3]uint32{r.Indices[i], r.Indices[i+1], r.Indices[i+2]}]
		if !ok {
			t.Fatalf("index triple %d names no triangle", i/3)
		}
		out = append(out, tri)
	}
	return out
}

// TestDrawColumnsReadWhatDrawingNeeds: the renderer's DrawColumns gives
// every object the same physics state, part array, presentation,
// appearance, particle manager and name as a full Resolve, and nothing
// else.
func TestDrawColumnsReadWhatDrawingNeeds(t *testing.T) {
	w, _ := testWorld(t)
	n, particles := 0, 0
	var cols components.DrawColumns
	for _, list := range [2][]donburi.Entity{w.Objects, w.Static} {
		for _, e := range list {
			var full, draw components.View
			if !full.Resolve(w.ECS, e) || !cols.Resolve(w.ECS, e, &draw) {
				t.Fatalf("entity %v: not resolved", e)
			}
			if draw.Phys != full.Phys || draw.Parts != full.Parts || draw.Pres != full.Pres || draw.Look != full.Look ||
				draw.Particle != full.Particle || draw.Entity != full.Entity || draw.Name != full.Name {
				t.Fatalf("entity %v: DrawColumns %+v, Resolve %+v", e, draw, full)
			}
			if draw.Motion != nil || draw.Movement != nil || draw.Position != nil || draw.Target != nil || draw.Detection != nil ||
				draw.Script != nil || draw.Hooks != nil {
				t.Fatalf("entity %v: DrawColumns read more than drawing needs: %+v", e, draw)
			}
			n++
			if draw.Particle != nil {
				particles++
			}
		}
	}
	if n < 5 || particles == 0 {
		t.Fatalf("compared %d objects, %d with a particle manager: the test world should give more", n, particles)
	}
}
