package sampleworld

import (
	"slices"
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

// TestOutfits dresses the figure's textures in each outfit's subpalettes,
// as an ObjDesc would: the shirt and the face's skin take the colours of
// the outfit's palettes at the same indices, the eyes (a slot no outfit
// swaps) keep the figure palette's, and four outfits give four shirts.
func TestOutfits(t *testing.T) {
	p, _ := open(t)
	if len(world.Outfits) < 3 || len(world.Outfits) > 4 {
		t.Fatalf("%d outfits, want three or four", len(world.Outfits))
	}
	rs, err := p.RenderSurface(world.TexCloth)
	if err != nil {
		t.Fatal(err)
	}
	faceRS, err := p.RenderSurface(world.TexFace)
	if err != nil {
		t.Fatal(err)
	}
	const sx, sy = 16, 40 // a shirt texel on the back, clear of trim
	shirtIndex := int(rs.SourceData[sy*int(rs.Width)+sx])
	// The face texture's centre row of the right eye holds its white,
	// and its forehead skin.
	eyeIndex, skinIndex := -1, -1
	for i, c := range faceRS.SourceData {
		switch {
		case c == 56 && eyeIndex < 0:
			eyeIndex = i
		case c >= 8 && c < 40 && i/int(faceRS.Width) == 20 && i%int(faceRS.Width) == 64:
			skinIndex = i
		}
	}
	if shirtIndex < 64 || shirtIndex >= 96 || eyeIndex < 0 || skinIndex < 0 {
		t.Fatalf("shirt texel index %d (want the shirt slot 64–95), eye white at %d, forehead skin at %d", shirtIndex, eyeIndex, skinIndex)
	}
	shirts := map[[3]uint8]bool{}
	for _, o := range world.Outfits {
		ch := &texture.Changes{}
		var shirtPal, skinPal uint32
		for _, s := range o.SubPalettes {
			ch.SubPalettes = append(ch.SubPalettes, texture.SubPalette{ID: s.Palette, Offset: s.Offset, Count: s.Count})
			first, n := int(s.Offset)*8, int(s.Count)*8
			if first+n > 256 || n == 0 {
				t.Fatalf("%s: subpalette %+v runs past 256 colours", o.Name, s)
			}
			if shirtIndex >= first && shirtIndex < first+n {
				shirtPal = s.Palette
			}
			if first <= 8 && 8 < first+n {
				skinPal = s.Palette
			}
		}
		if shirtPal == 0 || skinPal == 0 {
			t.Fatalf("%s recolours no shirt (%08X) or no skin (%08X)", o.Name, shirtPal, skinPal)
		}
		cloth, err := texture.Resolve(p, world.SurfaceCloth, ch)
		if err != nil {
			t.Fatal(err)
		}
		pal, err := p.Palette(shirtPal)
		if err != nil {
			t.Fatal(err)
		}
		want := pal.Colors[shirtIndex]
		c := cloth.Image.NRGBAAt(sx, sy)
		if got := uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B); got != want&0xFFFFFF {
			t.Errorf("%s: shirt texel %06X, want palette 0x%08X colour %d %06X", o.Name, got, shirtPal, shirtIndex, want&0xFFFFFF)
		}
		shirts[[3]uint8{c.R, c.G, c.B}] = true
		head, err := texture.Resolve(p, world.SurfaceFace, ch)
		if err != nil {
			t.Fatal(err)
		}
		skin, err := p.Palette(skinPal)
		if err != nil {
			t.Fatal(err)
		}
		w := int(faceRS.Width)
		fc := head.Image.NRGBAAt(skinIndex%w, skinIndex/w)
		if got, want := uint32(fc.R)<<16|uint32(fc.G)<<8|uint32(fc.B), skin.Colors[faceRS.SourceData[skinIndex]]&0xFFFFFF; got != want {
			t.Errorf("%s: forehead %06X, want the skin palette's %06X", o.Name, got, want)
		}
		base, _ := p.Palette(world.PaletteFigure)
		ec := head.Image.NRGBAAt(eyeIndex%w, eyeIndex/w)
		if got := uint32(ec.R)<<16 | uint32(ec.G)<<8 | uint32(ec.B); got != base.Colors[56]&0xFFFFFF {
			t.Errorf("%s: eye white %06X, want the figure palette's %06X", o.Name, got, base.Colors[56]&0xFFFFFF)
		}
	}
	if len(shirts) != len(world.Outfits) {
		t.Errorf("%d outfits wear %d shirt colours", len(world.Outfits), len(shirts))
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

// TestFigureDegrades: every part of the humanoid names a
// GfxObjDegradeInfo whose level 0 is the part itself, level 1 a
// low-detail copy with fewer polygons on the same surfaces and level 2 a
// far copy with no more than that; the full figure is at most 400
// triangles, the low one at most 140 (the eleven boxes were 132) and the
// far one fewer than the low one.
func TestFigureDegrades(t *testing.T) {
	p, _ := open(t)
	s, err := p.Setup(HumanSetup)
	if err != nil {
		t.Fatal(err)
	}
	tris := func(g *dat.GfxObj) int {
		n := 0
		for _, poly := range g.Polygons {
			n += len(poly.VertexIDs) - 2
		}
		return n
	}
	full, low, far := 0, 0, 0
	for i, id := range s.Parts {
		g, err := p.GfxObj(id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Flags&dat.GfxObjHasDIDDegrade == 0 {
			t.Fatalf("part %d (0x%08X) names no GfxObjDegradeInfo", i, id)
		}
		d, err := p.GfxObjDegradeInfo(g.DIDDegrade)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Degrades) != 3 || d.Degrades[0].ID != id {
			t.Fatalf("part %d: degrades %+v, want level 0 the part itself and two lower levels", i, d.Degrades)
		}
		lg, err := p.GfxObj(d.Degrades[1].ID)
		if err != nil {
			t.Fatal(err)
		}
		fg, err := p.GfxObj(d.Degrades[2].ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(fg.Polygons) > len(lg.Polygons) || !slices.Equal(fg.Surfaces, g.Surfaces) {
			t.Errorf("part %d: far level 0x%08X has %d polygons (low %d), surfaces %v (full %v)", i, fg.ID, len(fg.Polygons), len(lg.Polygons), fg.Surfaces, g.Surfaces)
		}
		if at := dat.DegradeDistance + d.Degrades[1].IdealDist; d.Level(at-0.01) != 1 || d.Level(at) != 2 {
			t.Errorf("part %d: level just inside %v units %d, at it %d; want 1 and 2", i, at, d.Level(at-0.01), d.Level(at))
		}
		if len(lg.Polygons) >= len(g.Polygons) || !slices.Equal(lg.Surfaces, g.Surfaces) {
			t.Errorf("part %d: low level 0x%08X has %d polygons (full %d), surfaces %v (full %v)", i, lg.ID, len(lg.Polygons), len(g.Polygons), lg.Surfaces, g.Surfaces)
		}
		if d.Level(10) != 0 || d.Level(dat.DegradeDistance+d.Degrades[0].IdealDist) == 0 {
			t.Errorf("part %d: level at 10 units %d, at %v %d", i, d.Level(10), dat.DegradeDistance+d.Degrades[0].IdealDist, d.Level(dat.DegradeDistance+d.Degrades[0].IdealDist))
		}
		full += tris(g)
		low += tris(lg)
		far += tris(fg)
	}
	if full > 400 || low > 140 || far >= low {
		t.Errorf("figure: %d triangles at full detail, %d low, %d far; want ≤ 400, ≤ 140 and fewer than low", full, low, far)
	}
	t.Logf("figure: %d triangles at full detail, %d low, %d far", full, low, far)
}
