package view

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// TestGetPalCode checks the bit layout against the other form retail's
// GetCellRotation writes it in: t4 + (size << 28) + 32·(t3 + 32·(t2 +
// 32·(t1 + 32·(r4 + 4·(r3 + 4·(r2 + 4·r1)))))).
func TestGetPalCode(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		var r, tt [4]uint32
		for i := range 4 {
			r[i], tt[i] = rng.Uint32N(4), rng.Uint32N(32)
		}
		want := tt[3] + 1<<28 + 32*(tt[2]+32*(tt[1]+32*(tt[0]+32*(r[3]+4*(r[2]+4*(r[1]+4*r[0]))))))
		if got := GetPalCode(r[0], r[1], r[2], r[3], tt[0], tt[1], tt[2], tt[3]); got != want {
			t.Fatalf("GetPalCode(%v, %v) = %#x, want %#x", r, tt, got, want)
		}
	}
	var terrain [81]uint16
	terrain[2*9+3] = dat.TerrainWord(1, 5, 0)  // SW of cell (2, 3)
	terrain[3*9+3] = dat.TerrainWord(0, 6, 9)  // SE
	terrain[3*9+4] = dat.TerrainWord(2, 7, 0)  // NE
	terrain[2*9+4] = dat.TerrainWord(3, 8, 31) // NW
	if got, want := CellPalCode(&terrain, 2, 3), GetPalCode(1, 0, 2, 3, 5, 6, 7, 8); got != want {
		t.Errorf("CellPalCode = %#x, want %#x (corners SW, SE, NE, NW; scenery ignored)", got, want)
	}
}

func TestRotateCode(t *testing.T) {
	for _, tc := range []struct{ in, want uint32 }{{1, 2}, {2, 4}, {4, 8}, {8, 1}, {3, 6}, {6, 12}, {12, 9}, {9, 3}, {5, 10}, {10, 5}} {
		if got := rotateCode(tc.in); got != tc.want {
			t.Errorf("rotateCode(%d) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// Texture ids of the merge tests: terrain type t draws 0x05000100+t.
const (
	grassT, sandT, rockT, waterT = 1, 10, 0, 17
	roadTex                      = 0x05000200
	cornerMask, cornerMask2      = 0x05000301, 0x05000302
	sideMask                     = 0x05000303
	roadEnd, roadSide, roadDiag  = 0x05000311, 0x05000312, 0x05000313
)

func testMerge() *TexMerge {
	d := &dat.TerrainDesc{
		CornerMaps: []dat.TexMap{{Code: 8, TexID: cornerMask}},
		SideMaps:   []dat.TexMap{{Code: 9, TexID: sideMask}},
		RoadMaps:   []dat.TexMap{{Code: 1, TexID: roadEnd}, {Code: 3, TexID: roadSide}, {Code: 5, TexID: roadDiag}},
	}
	for i := range 32 {
		d.TerrainTexs = append(d.TerrainTexs, dat.TerrainTex{TerrainType: uint32(i), TexID: 0x05000100 + uint32(i)})
	}
	d.TerrainTexs = append(d.TerrainTexs, dat.TerrainTex{TerrainType: RoadTerrainType, TexID: roadTex})
	return NewTexMerge(d)
}

func tex(t uint32) uint32 { return 0x05000100 + t }

func TestTexMergeSurface(t *testing.T) {
	m := testMerge()
	pal := func(r [4]uint32, tt [4]uint32) uint32 {
		return GetPalCode(r[0], r[1], r[2], r[3], tt[0], tt[1], tt[2], tt[3])
	}
	none := [4]uint32{}
	for _, tc := range []struct {
		name  string
		code  uint32
		want  LandSurface
		roads int
	}{
		{"one terrain", pal(none, [4]uint32{grassT, grassT, grassT, grassT}), LandSurface{Base: tex(grassT)}, 0},
		{"sand in the NW corner", pal(none, [4]uint32{grassT, grassT, grassT, sandT}),
			LandSurface{Base: tex(grassT), Terrain: []Overlay{{tex(sandT), cornerMask, 0}}}, 0},
		{"sand in the SW corner", pal(none, [4]uint32{sandT, grassT, grassT, grassT}),
			LandSurface{Base: tex(grassT), Terrain: []Overlay{{tex(sandT), cornerMask, 1}}}, 0},
		{"grass along the east side", pal(none, [4]uint32{sandT, grassT, grassT, sandT}),
			LandSurface{Base: tex(sandT), Terrain: []Overlay{{tex(grassT), sideMask, 2}}}, 0},
		{"two other corners", pal(none, [4]uint32{grassT, sandT, grassT, rockT}),
			LandSurface{Base: tex(grassT), Terrain: []Overlay{{tex(sandT), cornerMask, 2}, {tex(rockT), cornerMask, 0}}}, 0},
		{"four terrains", pal(none, [4]uint32{grassT, sandT, rockT, waterT}),
			LandSurface{Base: tex(grassT), Terrain: []Overlay{{tex(sandT), cornerMask, 2}, {tex(rockT), cornerMask, 3}, {tex(waterT), cornerMask, 0}}}, 0},
		{"all road", pal([4]uint32{1, 1, 1, 1}, [4]uint32{grassT, sandT, grassT, grassT}), LandSurface{Base: roadTex}, 0},
		{"road along the south side", pal([4]uint32{1, 2, 0, 0}, [4]uint32{grassT, grassT, grassT, grassT}),
			LandSurface{Base: tex(grassT), Road: []Overlay{{roadTex, roadSide, 0}}}, 1},
		{"road along the north side", pal([4]uint32{0, 0, 1, 1}, [4]uint32{grassT, grassT, grassT, grassT}),
			LandSurface{Base: tex(grassT), Road: []Overlay{{roadTex, roadSide, 2}}}, 1},
		{"road ends in the NE corner", pal([4]uint32{0, 0, 3, 0}, [4]uint32{grassT, grassT, grassT, grassT}),
			LandSurface{Base: tex(grassT), Road: []Overlay{{roadTex, roadEnd, 2}}}, 1},
		{"road across SE to NW", pal([4]uint32{0, 1, 0, 1}, [4]uint32{grassT, grassT, grassT, grassT}),
			LandSurface{Base: tex(grassT), Road: []Overlay{{roadTex, roadDiag, 1}}}, 1},
		{"road on three corners", pal([4]uint32{1, 1, 1, 0}, [4]uint32{grassT, grassT, grassT, grassT}),
			LandSurface{Base: tex(grassT), Road: []Overlay{{roadTex, roadSide, 0}, {roadTex, roadSide, 1}}}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := m.Surface(tc.code)
			if got.Base != tc.want.Base || !sameOverlays(got.Terrain, tc.want.Terrain) || !sameOverlays(got.Road, tc.want.Road) {
				t.Errorf("Surface(%#x) = %+v, want %+v", tc.code, got, tc.want)
			}
		})
	}
}

func sameOverlays(a, b []Overlay) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestTexMergeWithoutMasks: a Region without masks draws the base alone.
func TestTexMergeWithoutMasks(t *testing.T) {
	m := NewTexMerge(&dat.TerrainDesc{TerrainTexs: []dat.TerrainTex{{TerrainType: 1, TexID: 0x05000001}, {TerrainType: 2, TexID: 0x05000002}}})
	s := m.Surface(GetPalCode(1, 0, 0, 0, 1, 2, 2, 2))
	if s.Base != 0x05000002 || len(s.Terrain) != 0 || len(s.Road) != 0 {
		t.Errorf("Surface = %+v, want base 0x05000002 alone", s)
	}
	// An unknown terrain type falls back to the first entry.
	if got := m.terrainTex(9); got != 0x05000001 {
		t.Errorf("terrainTex(9) = %#x, want the first entry's", got)
	}
}

// TestPseudoRandomIndex: the index is in range for every count and both
// of two masks are chosen over the land's codes.
func TestPseudoRandomIndex(t *testing.T) {
	seen := map[int]bool{}
	for code := uint32(1 << 28); code < 1<<28+40000; code += 7 {
		for count := 1; count <= 5; count++ {
			i := pseudoRandomIndex(code, count)
			if i < 0 || i >= count {
				t.Fatalf("pseudoRandomIndex(%#x, %d) = %d", code, count, i)
			}
			if count == 2 {
				seen[i] = true
			}
		}
	}
	if !seen[0] || !seen[1] {
		t.Errorf("two masks: chose %v, want both", seen)
	}
}

// TestMergeRotatesMasks merges a black base with a white overlay through a
// corner mask (code 8: transparent only around the NW texel) at every
// rotation, and checks the white lands in the corner the rotated code
// names and nowhere else — the convention shared by rotateCode, maskUV
// and landUVs.
func TestMergeRotatesMasks(t *testing.T) {
	const size = 16
	solid := func(c color.NRGBA) *image.NRGBA {
		img := image.NewNRGBA(image.Rect(0, 0, size, size))
		for i := 0; i < len(img.Pix); i += 4 {
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
		}
		return img
	}
	mask := solid(color.NRGBA{255, 255, 255, 255})
	for y := range 4 {
		for x := range 4 {
			mask.Pix[mask.PixOffset(x, y)+3] = 0
		}
	}
	imgs := map[uint32]*image.NRGBA{1: solid(color.NRGBA{0, 0, 0, 255}), 2: solid(color.NRGBA{255, 255, 255, 255}), 3: mask}
	get := func(id uint32) (*image.NRGBA, error) { return imgs[id], nil }
	// Corner k's texel in the merged image (landUVs).
	corners := [4]image.Point{{0, size - 1}, {size - 1, size - 1}, {size - 1, 0}, {0, 0}}
	code := uint32(8)
	for rot := range 4 {
		out, err := MergeLandSurface(LandSurface{Base: 1, Terrain: []Overlay{{TexID: 2, AlphaID: 3, Rot: rot}}}, size, get)
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range corners {
			white := out.NRGBAAt(p.X, p.Y).R == 255
			if want := code&(1<<k) != 0; white != want {
				t.Errorf("rot %d (code %d): corner %d white %v, want %v", rot, code, k, white, want)
			}
		}
		if c := out.NRGBAAt(size/2, size/2); c.R != 0 {
			t.Errorf("rot %d: centre %v, want the base", rot, c)
		}
		code = rotateCode(code)
	}
	if _, err := MergeLandSurface(LandSurface{Base: 9}, size, func(uint32) (*image.NRGBA, error) { return nil, dat.ErrNotFound }); err == nil {
		t.Error("a missing base texture merged without error")
	}
}

func TestDownscale(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for y := range 4 {
		for x := range 4 {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 60), uint8(y * 60), 0, 255})
		}
	}
	d := Downscale(img, 2)
	// Each output texel averages a 2×2 block: x 0,60 → 30; 120,180 → 150.
	if got := d.NRGBAAt(1, 0); got != (color.NRGBA{150, 30, 0, 255}) {
		t.Errorf("box filter texel (1,0) = %v, want {150 30 0 255}", got)
	}
	if Downscale(img, 4) != img {
		t.Error("a texture already the size was copied")
	}
	u := Downscale(img, 8)
	if got := u.NRGBAAt(7, 7); got != img.NRGBAAt(3, 3) {
		t.Errorf("upscaled corner %v, want %v", got, img.NRGBAAt(3, 3))
	}
}

// planeAssets is Assets over a 2×1 block plane z = 0.5·x + 0.25·y (world
// units) and nothing else.
type planeAssets struct{ noMeshes }

type noMeshes struct{}

func (noMeshes) GfxObj(id uint32) (*dat.GfxObj, error)   { return nil, dat.ErrNotFound }
func (noMeshes) Surface(id uint32) (*dat.Surface, error) { return nil, dat.ErrNotFound }

func (planeAssets) Landblock(id uint32) (*Landblock, error) {
	bx, by := int(id>>24), int(id>>16&0xFF)
	if (bx != 0x40 && bx != 0x41) || by != 0x40 {
		return nil, dat.ErrNotFound
	}
	b := &Landblock{ID: id | 0xFFFF}
	for i := range 9 {
		for j := range 9 {
			b.Z[i*9+j] = float32(0.5*float32((bx-0x40)*192+i*24)) + float32(0.25*float32(j*24))
		}
	}
	return b, nil
}

// TestVertexNormalsSmooth: on a plane every vertex normal is the plane's,
// including the edge vertices (one-sided where no neighbour is loaded,
// across the seam where one is), so shading is continuous between
// landblocks.
func TestVertexNormalsSmooth(t *testing.T) {
	r := NewRenderer(planeAssets{})
	want := physics.Vec3{X: -0.5, Y: -0.25, Z: 1}.Normalize()
	for _, bx := range []int{0x40, 0x41} {
		b := r.block(blockID(bx, 0x40))
		n := r.vertexNormals(bx, 0x40, b)
		for k, v := range n {
			if v.Sub(want).Len() > 1e-5 {
				t.Fatalf("block %#x vertex %d normal %v, want %v", bx, k, v, want)
			}
		}
	}
}

// bumpAssets is one landblock flat at 0 with a single raised vertex.
type bumpAssets struct{ noMeshes }

func (bumpAssets) Landblock(id uint32) (*Landblock, error) {
	if id|0xFFFF != 0x4040FFFF {
		return nil, dat.ErrNotFound
	}
	b := &Landblock{ID: 0x4040FFFF}
	b.Z[4*9+4] = 24
	return b, nil
}

// TestVertexNormalsFromNeighbours: the normals around a raised vertex
// lean away from it by the central difference (24 up over 48 across),
// and the raised vertex itself, symmetric, points straight up.
func TestVertexNormalsFromNeighbours(t *testing.T) {
	r := NewRenderer(bumpAssets{})
	n := r.vertexNormals(0x40, 0x40, r.block(0x4040FFFF))
	if v := n[4*9+4]; v.Sub(physics.Vec3{Z: 1}).Len() > 1e-6 {
		t.Errorf("peak normal %v, want up", v)
	}
	east := n[5*9+4] // z falls eastward from the peak: dz/dx = (0 − 24)/48
	if want := (physics.Vec3{X: 0.5, Z: 1}).Normalize(); east.Sub(want).Len() > 1e-6 {
		t.Errorf("east of the peak %v, want %v", east, want)
	}
	north := n[4*9+5]
	if want := (physics.Vec3{Y: 0.5, Z: 1}).Normalize(); north.Sub(want).Len() > 1e-6 {
		t.Errorf("north of the peak %v, want %v", north, want)
	}
	if v := n[0]; v.Sub(physics.Vec3{Z: 1}).Len() > 1e-6 {
		t.Errorf("flat corner %v, want up", v)
	}
}

// TestTerrainBlendedInSampleWorld builds the default view of the sample
// world and checks the terrain's triangles sample merged land textures in
// the atlas: several different ones, at least one of them a blend (a cell
// whose corners differ), each texture's pixels the merge of its palette
// code, and no terrain triangle drawn flat.
func TestTerrainBlendedInSampleWorld(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(a)
	r.SrcX, r.SrcY = 1.5, 1.5
	r.HideObjects = true
	r.FarRadius = r.BlockRadius // the far ring is flat by design (TestFarRing)
	r.Build(w, testCamera(w, 960, 540))
	if len(r.Errors) > 0 {
		t.Fatalf("asset errors: %v", r.Errors)
	}
	if r.merge == nil {
		t.Fatal("the sample's Region gave no land surface")
	}
	used := map[uint32]bool{}
	blended := 0
	for code, l := range r.landRects {
		if !l.ok {
			t.Errorf("palette code %#x not in the atlas", code)
			continue
		}
		s := r.merge.Surface(code)
		if len(s.Terrain)+len(s.Road) > 0 {
			blended++
		}
		want, err := MergeLandSurface(s, LandTexSize, r.landTexture)
		if err != nil {
			t.Fatal(err)
		}
		for y := range LandTexSize {
			for x := range LandTexSize {
				if got := r.Atlas.Image.NRGBAAt(l.rect.Min.X+x, l.rect.Min.Y+y); got != want.NRGBAAt(x, y) {
					t.Fatalf("code %#x texel (%d,%d) %v, merge gives %v", code, x, y, got, want.NRGBAAt(x, y))
				}
			}
		}
		used[s.Base] = true
	}
	if len(r.landRects) < 3 || len(used) < 2 || blended == 0 {
		t.Errorf("%d merged cell textures over %d base textures, %d blended; want several, and blends", len(r.landRects), len(used), blended)
	}
	for _, tri := range r.terrain.vals {
		v := r.triVerts(uint32(tri))[0]
		if v.SrcX == 1.5 && v.SrcY == 1.5 {
			t.Fatalf("terrain triangle %d drawn flat", tri)
		}
	}
	t.Logf("%d merged cell textures, %d blended, %d terrain triangles", len(r.landRects), blended, len(r.terrain.vals))
}

// flatAssets hides the sample assets' land surface.
type flatAssets struct{ *DATAssets }

func (f flatAssets) TexMerge() *TexMerge { return nil }

// TestTerrainFlatWithoutLandSurface: without a land surface the terrain is
// drawn in the terrain palette, sampling the atlas's white block.
func TestTerrainFlatWithoutLandSurface(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(flatAssets{a})
	r.SrcX, r.SrcY = 1.5, 1.5
	r.FarRadius = r.BlockRadius
	r.HideObjects = true
	r.Build(w, testCamera(w, 960, 540))
	if len(r.terrain.vals) == 0 {
		t.Fatal("no terrain drawn")
	}
	for _, tri := range r.terrain.vals {
		if v := r.triVerts(uint32(tri))[0]; v.SrcX != 1.5 || v.SrcY != 1.5 {
			t.Fatalf("terrain triangle %d samples (%v,%v), want the white block", tri, v.SrcX, v.SrcY)
		}
	}
}

// TestFarRing: beyond BlockRadius and up to FarRadius the landblocks are
// drawn cheaply — 8 flat-coloured triangles a block at most (no textures,
// no statics) — and none of them inside the full ring twice.
func TestFarRing(t *testing.T) {
	w, a := testWorld(t)
	cam := testCamera(w, 960, 540)
	near := NewRenderer(a)
	near.HideObjects, near.FarRadius = true, near.BlockRadius
	near.Build(w, cam)
	far := NewRenderer(a)
	far.HideObjects = true
	far.SrcX, far.SrcY = 1.5, 1.5
	far.Build(w, cam)
	extra := len(far.terrain.vals) - len(near.terrain.vals)
	x0, y0, x1, y1 := far.blockRange()
	ring := 0
	for bx := x0 - far.FarRadius + far.BlockRadius; bx <= x1+far.FarRadius-far.BlockRadius; bx++ {
		for by := y0 - far.FarRadius + far.BlockRadius; by <= y1+far.FarRadius-far.BlockRadius; by++ {
			if (bx < x0 || bx > x1 || by < y0 || by > y1) && far.block(blockID(bx, by)) != nil {
				ring++
			}
		}
	}
	if ring == 0 || extra <= 0 || extra > 8*ring {
		t.Fatalf("%d far-ring landblocks drew %d triangles, want 1..%d", ring, extra, 8*ring)
	}
	flat := 0
	for _, tri := range far.terrain.vals {
		if v := far.triVerts(uint32(tri))[0]; v.SrcX == 1.5 && v.SrcY == 1.5 {
			flat++
		}
	}
	if flat != extra {
		t.Errorf("%d flat terrain triangles, want the far ring's %d", flat, extra)
	}
	t.Logf("far ring: %d landblocks, %d triangles", ring, extra)
}

// FuzzTexMerge: any palette code over any masks' codes resolves without a
// panic to textures the table names, with rotations 0..3, and merges.
func FuzzTexMerge(f *testing.F) {
	f.Add(uint32(0x10008421), uint32(8), uint32(9), uint32(3))
	f.Add(uint32(0x1FFFFFFF), uint32(0), uint32(15), uint32(5))
	f.Fuzz(func(t *testing.T, code, corner, side, road uint32) {
		d := &dat.TerrainDesc{
			CornerMaps: []dat.TexMap{{Code: corner, TexID: 1}},
			SideMaps:   []dat.TexMap{{Code: side, TexID: 2}},
			RoadMaps:   []dat.TexMap{{Code: road, TexID: 3}, {Code: 5, TexID: 4}},
		}
		for i := range 33 {
			d.TerrainTexs = append(d.TerrainTexs, dat.TerrainTex{TerrainType: uint32(i), TexID: 0x100 + uint32(i)})
		}
		s := NewTexMerge(d).Surface(code)
		known := func(id uint32) bool { return id >= 1 && id <= 4 || id >= 0x100 && id < 0x100+33 }
		if !known(s.Base) {
			t.Fatalf("base %#x", s.Base)
		}
		for _, o := range append(append([]Overlay{}, s.Terrain...), s.Road...) {
			if !known(o.TexID) || !known(o.AlphaID) || o.Rot < 0 || o.Rot > 3 {
				t.Fatalf("overlay %+v", o)
			}
		}
		img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
		if _, err := MergeLandSurface(s, 4, func(uint32) (*image.NRGBA, error) { return img, nil }); err != nil {
			t.Fatal(err)
		}
	})
}
