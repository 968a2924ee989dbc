package view

import (
	"image"
	"testing"

	"github.com/dereth/dereth/sampleworld/world"
	"github.com/dereth/dereth/texture"
)

// TestFigureDrawnFromItsTexture builds the default view and checks the
// player's triangles all sample its parts' textures (shirt, skin, face,
// trousers, boots) in the atlas
// (whose pixels are the decoded textures), that the frame needs one draw
// call, and that nothing in it is drawn flat (the terrain is textured
// too; TestTerrainFlatWithoutLandSurface covers the white block).
func TestFigureDrawnFromItsTexture(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(a)
	r.SrcX, r.SrcY = 1.5, 1.5
	r.FarRadius = r.BlockRadius // the far ring is flat by design (TestFarRing)
	cam := testCamera(w, 960, 540)
	r.Build(w, cam)
	if len(r.Errors) > 0 {
		t.Fatalf("asset errors: %v", r.Errors)
	}
	if r.Atlas == nil || r.Atlas.Len() == 0 {
		t.Fatal("no textures packed")
	}
	if got := r.DrawCalls(); got != 1 {
		t.Fatalf("%d draw calls, want 1", got)
	}
	t.Logf("draw calls per frame: %d; %d triangles; atlas %d textures", r.DrawCalls(), len(r.Indices)/3, r.Atlas.Len())

	// The atlas holds the decoded textures.
	rects := map[uint32]image.Rectangle{}
	colours := map[uint32]map[[4]uint8]bool{}
	for _, sid := range []uint32{world.SurfaceCloth, world.SurfaceSkin, world.SurfaceFace, world.SurfaceTrousers, world.SurfaceBoots} {
		rect, ok := r.Atlas.Rect(sid)
		if !ok {
			t.Fatalf("surface 0x%08X not in the atlas", sid)
		}
		m, err := texture.Resolve(a.Portal, sid, nil)
		if err != nil {
			t.Fatal(err)
		}
		colours[sid] = map[[4]uint8]bool{}
		for y := range rect.Dy() {
			for x := range rect.Dx() {
				want, got := m.Image.NRGBAAt(x, y), r.Atlas.Image.NRGBAAt(rect.Min.X+x, rect.Min.Y+y)
				if want != got {
					t.Fatalf("atlas texel (%d,%d) of 0x%08X is %v, the texture has %v", x, y, sid, got, want)
				}
				colours[sid][[4]uint8{want.R, want.G, want.B, want.A}] = true
			}
		}
		rects[sid] = rect
	}

	var player int32 = -1
	for i, d := range r.Drawn {
		if d.GUID == guidPlayer {
			player = int32(i)
		}
	}
	if player < 0 {
		t.Fatal("player not drawn")
	}
	inside := func(x, y float32, rect image.Rectangle) bool {
		return x >= float32(rect.Min.X) && x <= float32(rect.Max.X) && y >= float32(rect.Min.Y) && y <= float32(rect.Max.Y)
	}
	sky := map[int]bool{}
	for _, tri := range r.skyList.vals {
		sky[int(tri)] = true
	}
	n, flat := 0, 0
	for tri, rec := range r.tris {
		owner := rec.Owner
		if sky[tri] {
			continue // the sky gradient samples the white block
		}
		v := r.triVerts(uint32(tri))
		if owner != player {
			if v[0].SrcX == 1.5 && v[0].SrcY == 1.5 {
				flat++
			}
			continue
		}
		n++
		cx, cy := (v[0].SrcX+v[1].SrcX+v[2].SrcX)/3, (v[0].SrcY+v[1].SrcY+v[2].SrcY)/3
		var sid uint32
		for id, rect := range rects {
			if inside(v[0].SrcX, v[0].SrcY, rect) && inside(v[1].SrcX, v[1].SrcY, rect) && inside(v[2].SrcX, v[2].SrcY, rect) {
				sid = id
			}
		}
		if sid == 0 {
			t.Fatalf("player triangle %d samples (%v,%v) (%v,%v) (%v,%v): outside its textures", tri, v[0].SrcX, v[0].SrcY, v[1].SrcX, v[1].SrcY, v[2].SrcX, v[2].SrcY)
		}
		c := r.Atlas.Image.NRGBAAt(int(cx), int(cy))
		if !colours[sid][[4]uint8{c.R, c.G, c.B, c.A}] {
			t.Fatalf("player triangle %d's centre texel %v is not a colour of 0x%08X", tri, c, sid)
		}
	}
	if n == 0 {
		t.Fatal("the player drew no triangles")
	}
	if flat != 0 {
		t.Errorf("%d flat-shaded triangles in the default view, which is all textured", flat)
	}
	if got := r.Atlas.Image.NRGBAAt(1, 1); got.R != 0xFF || got.G != 0xFF || got.B != 0xFF || got.A != 0xFF {
		t.Errorf("atlas white block is %v", got)
	}
}

// TestTexturedMeshSplitsRepeats builds the house (UVs in 2.5 m repeats)
// and checks every textured triangle's atlas coordinates stay inside one
// texture, so no triangle samples a neighbour in the atlas.
func TestTexturedMeshSplitsRepeats(t *testing.T) {
	_, a := testWorld(t)
	g, err := a.GfxObj(world.HouseGfxObj)
	if err != nil {
		t.Fatal(err)
	}
	rect := image.Rect(100, 200, 228, 328)
	m, err := BuildTexturedMesh(g, a.Surface, func(uint32) (image.Rectangle, bool) { return rect, true })
	if err != nil {
		t.Fatal(err)
	}
	flat, err := BuildMesh(g, a.Surface)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Tris) <= len(flat.Tris) {
		t.Fatalf("%d textured triangles, %d flat: the walls were not split at texture repeats", len(m.Tris), len(flat.Tris))
	}
	for _, tri := range m.Tris {
		if !tri.Tex {
			t.Fatal("an untextured triangle on a textured surface")
		}
		for _, uv := range tri.UV {
			if uv[0] < 100.5 || uv[0] > 227.5 || uv[1] < 200.5 || uv[1] > 327.5 {
				t.Fatalf("atlas coordinate %v outside the texture's texel centres", uv)
			}
		}
	}
	// The split keeps the area: sum of triangle areas equals the flat mesh's.
	area := func(m *Mesh) float32 {
		var s float32
		for _, tri := range m.Tris {
			s += float32(m.Pos[tri.B].Sub(m.Pos[tri.A]).Cross(m.Pos[tri.C].Sub(m.Pos[tri.A])).Len() / 2)
		}
		return s
	}
	if d := area(m) - area(flat); d > 0.01 || d < -0.01 {
		t.Errorf("split mesh area %v, whole %v", area(m), area(flat))
	}
}
