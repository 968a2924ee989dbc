package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/dereth/dereth/scenes/view"
)

// atlasImage is a renderer's texture atlas uploaded to the GPU, re-uploaded
// when the atlas changes (new textures met; for the sample world only
// during the first frame).
type atlasImage struct {
	atlas   *view.Atlas
	version int
	img     *ebiten.Image
}

var uploaded atlasImage

// sourceImage returns the one source image a frame's triangles sample: the
// renderer's atlas (its white block sits where the white image's centre
// is), or the white image when the renderer draws without textures.
func sourceImage(r *view.Renderer) *ebiten.Image {
	a := r.Atlas
	if a == nil {
		return whiteImage()
	}
	if uploaded.atlas != a || uploaded.version != a.Version {
		if uploaded.img != nil && uploaded.atlas == a {
			uploaded.img.WritePixels(a.Image.Pix)
		} else {
			if uploaded.img != nil {
				uploaded.img.Deallocate()
			}
			uploaded.img = ebiten.NewImageFromImage(a.Image)
		}
		uploaded.atlas, uploaded.version = a, a.Version
	}
	return uploaded.img
}
