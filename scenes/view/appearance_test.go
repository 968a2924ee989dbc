package view

import (
	"image"
	"testing"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/sampleworld/world"
	"github.com/dereth/dereth/texture"
)

// drawnPlayer returns the player's triangle count and the atlas rectangles
// its textured triangles sample.
func drawnPlayer(t *testing.T, r *Renderer) (int, map[image.Rectangle]bool) {
	t.Helper()
	var owner int32 = -1
	for i, d := range r.Drawn {
		if d.GUID == guidPlayer {
			owner = int32(i)
		}
	}
	if owner < 0 {
		t.Fatal("player not drawn")
	}
	rects := map[image.Rectangle]bool{}
	n := 0
	for tri, rec := range r.tris {
		o := rec.Owner
		if o != owner {
			continue
		}
		n++
		v := r.triVerts(uint32(tri))[0]
		for _, rect := range r.Atlas.rects {
			if v.SrcX >= float32(rect.Min.X) && v.SrcX <= float32(rect.Max.X) && v.SrcY >= float32(rect.Min.Y) && v.SrcY <= float32(rect.Max.Y) {
				rects[rect] = true
			}
		}
	}
	return n, rects
}

// TestObjDescChangesWhatIsDrawn: an appearance's subpalette redraws the
// player's cloth from the recoloured texture (its own atlas entry, the
// pixels of texture.Resolve with the subpalette), and a part replacement
// draws the new part's GfxObj.
func TestObjDescChangesWhatIsDrawn(t *testing.T) {
	w, a := testWorld(t)
	cam := testCamera(w, 960, 540)
	r := NewRenderer(a)
	r.Build(w, cam)
	plainTris, plainRects := drawnPlayer(t, r)

	e, _ := w.Entity(guidPlayer)
	look := components.Appearance.Get(w.ECS.Entry(e))
	look.SubPalettes = [][3]uint32{{world.PaletteRed, 8, 4}} // the shirt slot
	r.Build(w, cam)
	if len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
	redTris, redRects := drawnPlayer(t, r)
	red, err := texture.Resolve(a.Portal, world.SurfaceCloth, &texture.Changes{SubPalettes: []texture.SubPalette{{ID: world.PaletteRed, Offset: 8, Count: 4}}})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for rect := range redRects {
		if plainRects[rect] || rect.Dx() != red.Image.Rect.Dx() || rect.Dy() != red.Image.Rect.Dy() {
			continue
		}
		same := true
		for y := 0; y < rect.Dy() && same; y++ {
			for x := 0; x < rect.Dx(); x++ {
				if r.Atlas.Image.NRGBAAt(rect.Min.X+x, rect.Min.Y+y) != red.Image.NRGBAAt(x, y) {
					same = false
					break
				}
			}
		}
		found = found || same
	}
	if !found || redTris != plainTris {
		t.Errorf("with the red subpalette: %d triangles (was %d), a rect holding the red cloth: %v", redTris, plainTris, found)
	}

	// Replace the head (part 2) with the door's GfxObj.
	look.SubPalettes = nil
	look.PartGfx = map[int]uint32{2: world.DoorGfxObj}
	r.Build(w, cam)
	swapTris, swapRects := drawnPlayer(t, r)
	wood, ok := r.Atlas.Rect(world.SurfaceDoor) // the door's planks
	if !ok || !swapRects[wood] || plainRects[wood] {
		t.Errorf("with the door for a head the player samples the door texture: %v (before: %v)", swapRects[wood], plainRects[wood])
	}
	if swapTris == plainTris {
		t.Errorf("replacing the head changed nothing drawn (%d triangles)", swapTris)
	}
}

// atlasHolds reports whether one of rects holds exactly img's pixels in
// r's atlas.
func atlasHolds(r *Renderer, rects map[image.Rectangle]bool, img *image.NRGBA) bool {
	for rect := range rects {
		if rect.Dx() != img.Rect.Dx() || rect.Dy() != img.Rect.Dy() {
			continue
		}
		same := true
		for y := 0; y < rect.Dy() && same; y++ {
			for x := 0; x < rect.Dx(); x++ {
				if r.Atlas.Image.NRGBAAt(rect.Min.X+x, rect.Min.Y+y) != img.NRGBAAt(x, y) {
					same = false
					break
				}
			}
		}
		if same {
			return true
		}
	}
	return false
}

// TestObjDescBasePalette: an appearance's base palette (the ObjDesc's
// palette id) replaces the cloth texture's own palette — the player's
// cloth is drawn from the sample world's red colour palette — and its
// subpalettes apply over that base: the figure palette over colours
// 8–255 of the red base draws the cloth blue again, as without changes.
func TestObjDescBasePalette(t *testing.T) {
	w, a := testWorld(t)
	cam := testCamera(w, 960, 540)
	r := NewRenderer(a)
	e, _ := w.Entity(guidPlayer)
	look := components.Appearance.Get(w.ECS.Entry(e))
	saved := *look
	defer func() { *look = saved }()
	*look = components.AppearanceData{}
	resolve := func(ch *texture.Changes) *image.NRGBA {
		m, err := texture.Resolve(a.Portal, world.SurfaceCloth, ch)
		if err != nil {
			t.Fatal(err)
		}
		return m.Image
	}
	blue := resolve(nil)
	red := resolve(&texture.Changes{Palette: world.PaletteRed})
	if blue.NRGBAAt(8, 8) == red.NRGBAAt(8, 8) {
		t.Fatal("the red base palette does not change the cloth texel")
	}
	for _, tc := range []struct {
		name    string
		palette uint32
		subs    [][3]uint32
		want    *image.NRGBA
		notWant *image.NRGBA
	}{
		{"no changes", 0, nil, blue, red},
		{"red base palette", world.PaletteRed, nil, red, blue},
		{"figure subpalette over the red base", world.PaletteRed, [][3]uint32{{world.PaletteFigure, 1, 31}}, blue, red},
	} {
		look.Palette, look.SubPalettes = tc.palette, tc.subs
		r.Build(w, cam)
		if len(r.Errors) > 0 {
			t.Fatal(r.Errors)
		}
		_, rects := drawnPlayer(t, r)
		if !atlasHolds(r, rects, tc.want) || atlasHolds(r, rects, tc.notWant) {
			t.Errorf("%s: the player samples the wanted cloth %v, the other %v; want true, false",
				tc.name, atlasHolds(r, rects, tc.want), atlasHolds(r, rects, tc.notWant))
		}
	}
}
