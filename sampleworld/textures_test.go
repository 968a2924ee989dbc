package sampleworld

import (
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld/world"
	"github.com/dereth/dereth/texture"
)

// TestSurfacesTextured resolves every Surface the sample's GfxObjs use:
// all but the solid leaves are textures that decode, in several formats.
func TestSurfacesTextured(t *testing.T) {
	p, _ := open(t)
	formats := map[dat.PixelFormat]bool{}
	textured := 0
	for _, e := range p.Entries() {
		if dat.TypeOf(e.ID, p.Dataset()) != dat.TypeGfxObj {
			continue
		}
		g, err := p.GfxObj(e.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, sid := range g.Surfaces {
			m, err := texture.Resolve(p, sid, nil)
			if err != nil {
				t.Fatalf("GfxObj 0x%08X surface 0x%08X: %v", e.ID, sid, err)
			}
			if m.Image == nil {
				t.Errorf("GfxObj 0x%08X surface 0x%08X is not textured", e.ID, sid)
				continue
			}
			rs, _ := p.RenderSurface(m.TextureID)
			formats[rs.Format] = true
			textured++
		}
		for _, poly := range g.Polygons {
			if poly.Stippling&dat.StipplingNoPos != 0 || len(poly.PosUVIndices) != len(poly.VertexIDs) {
				t.Fatalf("GfxObj 0x%08X polygon %d has no UVs", e.ID, poly.Key)
			}
		}
	}
	leaves, err := texture.Resolve(p, world.SurfaceLeaves, nil)
	if err != nil || leaves.Image != nil {
		t.Errorf("leaves should stay a solid colour (%v)", err)
	}
	if textured == 0 || len(formats) < 4 {
		t.Errorf("%d textured surfaces in %d formats %v, want several formats", textured, len(formats), formats)
	}
}

// TestTerrainTextures checks the Region names a decodable SurfaceTexture
// for every terrain type and the road (type 0x20), that the land uses more
// than one texture, and that its blend masks decode as landscape alpha
// with both ends of the range (an overlay shown and hidden).
func TestTerrainTextures(t *testing.T) {
	p, c := open(t)
	r, err := p.Region(Region)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Terrain.TerrainTexs) != len(r.Terrain.TerrainTypes)+1 || r.Terrain.TerrainTexs[len(r.Terrain.TerrainTypes)].TerrainType != 0x20 {
		t.Fatalf("%d terrain textures for %d terrain types and the road", len(r.Terrain.TerrainTexs), len(r.Terrain.TerrainTypes))
	}
	masks := append(append(append([]dat.TexMap{}, r.Terrain.CornerMaps...), r.Terrain.SideMaps...), r.Terrain.RoadMaps...)
	if len(r.Terrain.CornerMaps) == 0 || len(r.Terrain.SideMaps) == 0 || len(r.Terrain.RoadMaps) == 0 {
		t.Fatalf("blend masks: %d corner, %d side, %d road", len(r.Terrain.CornerMaps), len(r.Terrain.SideMaps), len(r.Terrain.RoadMaps))
	}
	for _, m := range masks {
		img, err := texture.ResolveTexture(p, m.TexID)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := uint8(255), uint8(0)
		for i := 3; i < len(img.Pix); i += 4 {
			lo, hi = min(lo, img.Pix[i]), max(hi, img.Pix[i])
		}
		if lo != 0 || hi != 255 {
			t.Errorf("mask 0x%08X (code %d): alpha %d..%d, want 0..255", m.TexID, m.Code, lo, hi)
		}
	}
	byType := map[uint32]uint32{}
	for _, tt := range r.Terrain.TerrainTexs {
		st, err := p.SurfaceTexture(tt.TexID)
		if err != nil || len(st.Textures) == 0 {
			t.Fatalf("terrain type %d: SurfaceTexture 0x%08X: %v", tt.TerrainType, tt.TexID, err)
		}
		rs, err := p.RenderSurface(st.Textures[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := texture.Decode(rs, nil, texture.Options{}); err != nil {
			t.Fatal(err)
		}
		byType[tt.TerrainType] = st.Textures[0]
	}
	used := map[uint32]bool{}
	for _, id := range []uint32{BlockSW, BlockSE, BlockNW, BlockNE} {
		lb, err := c.LandBlock(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range lb.Terrain {
			used[byType[uint32(dat.TerrainWordType(w))]] = true
		}
	}
	if len(used) < 5 {
		t.Errorf("the land uses %d textures, want grass, dirt, rock, sand, water and snow", len(used))
	}
}

// TestClothSubpalette recolours the figures' cloth with the red subpalette
// over colours 8–255 (offset 1, count 31), as an ObjDesc would.
func TestClothSubpalette(t *testing.T) {
	p, _ := open(t)
	blue, err := texture.Resolve(p, world.SurfaceCloth, nil)
	if err != nil {
		t.Fatal(err)
	}
	red, err := texture.Resolve(p, world.SurfaceCloth, &texture.Changes{
		SubPalettes: []texture.SubPalette{{ID: world.PaletteClothRed, Offset: 1, Count: 31}}})
	if err != nil {
		t.Fatal(err)
	}
	b, r := blue.Image.NRGBAAt(10, 10), red.Image.NRGBAAt(10, 10)
	if !(b.B > b.R && r.R > r.B) {
		t.Errorf("cloth pixel %v with the red subpalette is %v: not recoloured", b, r)
	}
	swapped, err := texture.Resolve(p, world.SurfaceCloth, &texture.Changes{
		Textures: map[uint32]uint32{world.SurfaceTextureOf(world.TexCloth): world.SurfaceTextureOf(world.TexSkin)}})
	if err != nil {
		t.Fatal(err)
	}
	if swapped.TextureID != world.TexSkin {
		t.Errorf("texture change drew 0x%08X, want the skin 0x%08X", swapped.TextureID, world.TexSkin)
	}
}
