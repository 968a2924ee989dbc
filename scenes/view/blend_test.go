package view

import (
	"image"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld/world"
)

// TestSurfaceBlendFlags: a GfxObj's Base1ClipMap surface makes its
// textured triangles alpha-tested (their vertices carry AlphaTestFog over
// the fog amount) and an Additive surface puts its triangles in an
// additive batch of their own, in their back-to-front place: a far
// opaque quad, a middle additive one and a near opaque one are three
// batches (three draw calls); without the additive quad the frame is one.
func TestSurfaceBlendFlags(t *testing.T) {
	const plain, clip, add = 0x08000001, 0x08000002, 0x08000003
	surfaces := map[uint32]*dat.Surface{
		plain: {ID: plain, Type: dat.SurfaceBase1Image},
		clip:  {ID: clip, Type: dat.SurfaceBase1Image | dat.SurfaceBase1ClipMap},
		add:   {ID: add, Type: dat.SurfaceBase1Image | dat.SurfaceAdditive},
	}
	surface := func(id uint32) (*dat.Surface, error) { return surfaces[id], nil }
	tex := func(uint32) (image.Rectangle, bool) { return image.Rect(0, 0, 8, 8), true }
	quad := func(sid uint32) *Mesh {
		g := &dat.GfxObj{ID: 0x01000001, Surfaces: []uint32{sid}}
		for i, p := range []physics.Vec3{{X: -1}, {X: 1}, {X: 1, Z: 2}, {X: -1, Z: 2}} {
			g.Vertices = append(g.Vertices, dat.Vertex{Key: uint16(i), Origin: p,
				UVs: []dat.UV{{U: float32(i & 1), V: float32(i >> 1)}}})
		}
		g.Polygons = []dat.Polygon{{SidesType: dat.SidesNone, NegSurface: -1, VertexIDs: []int16{0, 1, 2, 3},
			PosUVIndices: []uint8{0, 0, 0, 0}}}
		m, err := BuildTexturedMesh(g, surface, tex)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, tc := range []struct {
		sid                 uint32
		alphaTest, additive bool
	}{{plain, false, false}, {clip, true, false}, {add, false, true}} {
		m := quad(tc.sid)
		if len(m.Tris) == 0 {
			t.Fatalf("surface 0x%08X: no triangles", tc.sid)
		}
		for _, tr := range m.Tris {
			if !tr.Tex || tr.AlphaTest != tc.alphaTest || tr.Additive != tc.additive {
				t.Errorf("surface 0x%08X: triangle textured %v, alpha test %v, additive %v; want true, %v, %v",
					tc.sid, tr.Tex, tr.AlphaTest, tr.Additive, tc.alphaTest, tc.additive)
			}
		}
	}

	cam := &Camera{W: 400, H: 300, Yaw: -1.5707964, Pitch: 0.1, Distance: 10, FOV: 1}
	cam.Update() // the eye is south of the origin looking north
	at := func(y float32) physics.Mat4 {
		return physics.Mat4{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, y, 0, 1}}.Mul(cam.View())
	}
	for _, tc := range []struct {
		name    string
		middle  uint32
		depth   bool
		batches []Batch
		second  [2]uint32 // the triangles drawn second
	}{
		{"additive between", add, false, []Batch{{End: 6}, {End: 12, Additive: true}, {End: 18}}, [2]uint32{2, 3}},
		{"no additive", plain, false, []Batch{{End: 18}}, [2]uint32{2, 3}},
		{"clip map", clip, false, []Batch{{End: 18}}, [2]uint32{2, 3}},
		// With the depth buffer the opaque quads come first, both
		// tested and written into the depth buffer, then the additive
		// one; the clip map's quad is opaque, alpha-tested in the depth
		// pass too.
		{"depth, additive between", add, true, []Batch{{End: 12, Depth: true}, {End: 18, Additive: true, Depth: true}}, [2]uint32{4, 5}},
		{"depth, clip map", clip, true, []Batch{{End: 18, Depth: true}}, [2]uint32{2, 3}},
	} {
		r := &Renderer{cam: cam, Depth: tc.depth}
		r.buildMesh(quad(plain), at(20), -1, 1) // far
		r.buildMesh(quad(tc.middle), at(10), -1, 1)
		r.buildMesh(quad(plain), at(0), -1, 1) // near
		r.order()
		if len(r.Batches) != len(tc.batches) || r.DrawCalls() != len(tc.batches) {
			t.Fatalf("%s: batches %v (%d draw calls), want %v", tc.name, r.Batches, r.DrawCalls(), tc.batches)
		}
		for i, b := range tc.batches {
			if r.Batches[i] != b {
				t.Errorf("%s: batch %d is %v, want %v", tc.name, i, r.Batches[i], b)
			}
		}
		// The quads are drawn back to front: the middle quad's triangles
		// are 2 and 3 (emission order), the near one's 4 and 5.
		drawn := indexTris(t, r)
		if got := [2]uint32{drawn[2], drawn[3]}; got[0]+got[1] != tc.second[0]+tc.second[1] || got[0] == got[1] {
			t.Errorf("%s: the second quad drawn is triangles %v, want %v", tc.name, got, tc.second)
		}
		wantOpaque := [2]int{0, 0}
		if tc.depth {
			wantOpaque = [2]int{0, 18}
			if tc.middle == add {
				wantOpaque[1] = 12
			}
		}
		if got := [2]int{r.DepthStart, r.DepthEnd}; got != wantOpaque {
			t.Errorf("%s: depth-buffer indices %v, want %v", tc.name, got, wantOpaque)
		}
		for i, v := range r.Verts {
			tested := v.Custom3 >= AlphaTestFog
			if want := tc.middle == clip && (i/3 == 2 || i/3 == 3); tested != want {
				t.Errorf("%s: vertex %d carries the alpha test: %v, want %v", tc.name, i, tested, want)
			}
		}
	}
}

// additiveFlames is the sample world with its torch flames' surface
// Additive.
type additiveFlames struct{ *DATAssets }

func (a additiveFlames) Surface(id uint32) (*dat.Surface, error) {
	s, err := a.DATAssets.Surface(id)
	if err != nil || id != world.SurfaceFlame {
		return s, err
	}
	c := *s
	c.Type |= dat.SurfaceAdditive
	return &c, nil
}

// TestBuildBatchesAdditiveFlames: with the torch flames Additive, a Build
// of the town's plaza splits its frame into batches that cover every index
// in order, additive triangles (and only they) in additive ones — one
// per run in the sorted order, so flames sorted among other triangles
// cost a call each side (the count is logged); the same view of the plain sample world is one batch, and so is
// the next Build once no flame is in view.
func TestBuildBatchesAdditiveFlames(t *testing.T) {
	w, a := testWorld(t)
	// The town plaza between its two standing torches.
	cam := NewCamera(640, 360, physics.Position{Cell: 0xA8B40036, Frame: physics.Frame{
		Origin: physics.Vec3{X: 96, Y: 145, Z: 118}, Orientation: physics.IdentityQuat}})
	cam.Distance, cam.Pitch = 8, 0.2
	cam.Update()
	for _, tc := range []struct {
		name     string
		assets   Assets
		additive bool
	}{{"plain", a, false}, {"additive flames", additiveFlames{a}, true}} {
		r := NewRenderer(tc.assets)
		r.Build(w, cam)
		if len(r.Errors) > 0 {
			t.Fatal(r.Errors)
		}
		end, adds := 0, 0
		drawn := indexTris(t, r)
		for i, b := range r.Batches {
			if b.End <= end || (i > 0 && b.Additive == r.Batches[i-1].Additive) {
				t.Fatalf("%s: batches %v do not split the indices into alternating runs", tc.name, r.Batches)
			}
			for _, tri := range drawn[end/3 : b.End/3] {
				if r.tris[tri].Blend != b.Additive {
					t.Fatalf("%s: triangle %d in a batch of the other blend", tc.name, tri)
				}
			}
			if b.Additive {
				adds += (b.End - end) / 3
			}
			end = b.End
		}
		if end != len(r.Indices) || r.DrawCalls() != len(r.Batches) {
			t.Fatalf("%s: batches end at %d of %d indices", tc.name, end, len(r.Indices))
		}
		if tc.additive != (adds > 0) || tc.additive != (r.DrawCalls() > 1) {
			t.Errorf("%s: %d additive triangles, %d draw calls", tc.name, adds, r.DrawCalls())
		}
		t.Logf("%s: %d draw calls, %d additive triangles of %d", tc.name, r.DrawCalls(), adds, len(r.Indices)/3)
		// Far from the sample's landblocks: the sky alone, one batch again.
		far := NewCamera(640, 360, physics.Position{Cell: 0x10100001, Frame: physics.Frame{
			Origin: physics.Vec3{X: 96, Y: 96, Z: 50}, Orientation: physics.IdentityQuat}})
		r.Build(w, far)
		if r.DrawCalls() != 1 {
			t.Errorf("%s, far away: %d draw calls, want 1", tc.name, r.DrawCalls())
		}
	}
}
