package view

import (
	"image"
	"image/color"
	"image/draw"
)

// AtlasSize is the atlas's width and height in pixels.
const AtlasSize = 2048

// Atlas packs every texture the renderer has met into one image, so a
// frame's triangles — textured and flat alike — draw with one source image
// and one DrawTriangles call. Pixels (0,0)–(3,3) are white: flat-shaded
// triangles sample (1.5, 1.5), Renderer.SrcX/SrcY's usual value. Textures
// are packed in shelves as their surfaces are first drawn; Version
// increments whenever Image changes, so the window uploads it again (for
// the sample world that is once, during the first frame). A texture that
// no longer fits is drawn flat (Add reports false).
type Atlas struct {
	Image   *image.NRGBA
	Version int

	rects        map[uint32]image.Rectangle
	x, y, shelfH int
}

// NewAtlas returns an empty atlas holding only its white block.
func NewAtlas() *Atlas {
	a := &Atlas{Image: image.NewNRGBA(image.Rect(0, 0, AtlasSize, AtlasSize)), rects: map[uint32]image.Rectangle{},
		x: 4, shelfH: 4}
	draw.Draw(a.Image, image.Rect(0, 0, 4, 4), image.NewUniform(color.White), image.Point{}, draw.Src)
	a.Version = 1
	return a
}

// Rect returns where key's texture lies in the atlas.
func (a *Atlas) Rect(key uint32) (image.Rectangle, bool) {
	r, ok := a.rects[key]
	return r, ok
}

// Add copies img into the atlas under key (a Surface id) and returns its
// rectangle; a key already present returns its rectangle unchanged.
func (a *Atlas) Add(key uint32, img *image.NRGBA) (image.Rectangle, bool) {
	return a.AddBordered(key, img, 0)
}

// AddBordered is Add for an image that carries a border of border texels
// on every side (a merged cell texture's wrap-around, MergeLandBordered):
// the whole image is packed, and the rectangle returned and remembered is
// the inside, so coordinates at its very edge still filter from texels of
// the same texture.
func (a *Atlas) AddBordered(key uint32, img *image.NRGBA, border int) (image.Rectangle, bool) {
	if r, ok := a.rects[key]; ok {
		return r, true
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w > AtlasSize || h > AtlasSize || w <= 2*border || h <= 2*border {
		return image.Rectangle{}, false
	}
	if a.x+w > AtlasSize {
		a.x, a.y, a.shelfH = 0, a.y+a.shelfH, 0
	}
	if a.y+h > AtlasSize {
		return image.Rectangle{}, false
	}
	r := image.Rect(a.x, a.y, a.x+w, a.y+h)
	draw.Draw(a.Image, r, img, img.Rect.Min, draw.Src)
	a.x += w
	a.shelfH = max(a.shelfH, h)
	r = r.Inset(border)
	a.rects[key] = r
	a.Version++
	return r, true
}

// Len returns the number of textures packed.
func (a *Atlas) Len() int { return len(a.rects) }
