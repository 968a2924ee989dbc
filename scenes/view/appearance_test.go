package view

import (
	"image"
	"testing"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat/sample/world"
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
	for tri, o := range r.owner {
		if o != owner {
			continue
		}
		n++
		v := r.Verts[tri*3]
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
	look.SubPalettes = [][3]uint32{{world.PaletteClothRed, 1, 31}}
	r.Build(w, cam)
	if len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
	redTris, redRects := drawnPlayer(t, r)
	red, err := texture.Resolve(a.Portal, world.SurfaceCloth, &texture.Changes{SubPalettes: []texture.SubPalette{{ID: world.PaletteClothRed, Offset: 1, Count: 31}}})
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
	wood, ok := r.Atlas.Rect(world.SurfaceWood)
	if !ok || !swapRects[wood] || plainRects[wood] {
		t.Errorf("with the door for a head the player samples the wood texture: %v (before: %v)", swapRects[wood], plainRects[wood])
	}
	if swapTris == plainTris {
		t.Errorf("replacing the head changed nothing drawn (%d triangles)", swapTris)
	}
}
