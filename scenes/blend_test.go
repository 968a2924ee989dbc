package scenes

import (
	"image/color"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/dereth/dereth/scenes/view"
)

// blendTexels are the blend test's source texels (straight alpha): red at
// alpha 0x7F (just below view.AlphaTestRef), red at 0x80 (just at it),
// and opaque white.
var blendTexels = [3]color.NRGBA{{0xFF, 0, 0, 0x7F}, {0xFF, 0, 0, 0x80}, {0xFF, 0xFF, 0xFF, 0xFF}}

// blendBackground is what the blend test's image holds before the draws.
var blendBackground = color.RGBA{100, 50, 0, 0xFF}

// blendQuads are the blend test's draws, one 10-pixel-wide column each:
// the texel drawn, whether its surface is alpha-tested, its batch's blend
// and the vertex colour.
var blendQuads = []struct {
	texel     int
	alphaTest bool
	additive  bool
	col       [3]float32
}{
	{0, true, false, [3]float32{1, 1, 1}},       // alpha 0x7F tested: discarded
	{1, true, false, [3]float32{1, 1, 1}},       // alpha 0x80 tested: drawn opaque
	{1, false, false, [3]float32{1, 1, 1}},      // alpha 0x80 untested: blended
	{2, false, true, [3]float32{0.2, 0.3, 0.4}}, // additive
	{2, false, false, [3]float32{0, 0, 1}},      // drawn after the additive batch
}

// blendShots is the "blend" child's testShot: it draws blendQuads with
// drawTriangles (the world shader, nearest texels, no fog) over
// blendBackground and saves blend.png.
func blendShots(dir string) func(g *game, ws *worldScene) {
	return func(g *game, ws *worldScene) {
		src := ebiten.NewImage(len(blendTexels), 1)
		for i, c := range blendTexels {
			src.Set(i, 0, c)
		}
		r := &view.Renderer{}
		for i, q := range blendQuads {
			x0, x1 := float32(i*10), float32(i*10+10)
			u := float32(q.texel) + 0.5
			fog := float32(0)
			if q.alphaTest {
				fog = view.AlphaTestFog
			}
			v := func(x, y float32) view.Vertex {
				return view.Vertex{DstX: x, DstY: y, SrcX: u, SrcY: 0.5, ColorR: q.col[0], ColorG: q.col[1], ColorB: q.col[2], ColorA: 1,
					Custom0: u, Custom1: 0.5, Custom2: 1, Custom3: fog}
			}
			n := uint32(len(r.Verts))
			r.Verts = append(r.Verts, v(x0, 0), v(x1, 0), v(x1, 10), v(x0, 0), v(x1, 10), v(x0, 10))
			r.Indices = append(r.Indices, n, n+1, n+2, n+3, n+4, n+5)
			r.Batches = append(r.Batches, view.Batch{End: len(r.Indices), Additive: q.additive})
		}
		dst := ebiten.NewImage(len(blendQuads)*10, 10)
		dst.Fill(blendBackground)
		shaderOpts.Uniforms["Linear"] = float32(0)
		drawTriangles(dst, r, src)
		if err := writePNG(filepath.Join(dir, "blend.png"), readImage(dst)); err != nil {
			g.saveErr = err
		}
	}
}

// TestShaderAlphaTestAndAdditive draws through the world shader in a
// window: a clip-map texel of alpha 0x7F is discarded and one of 0x80 is
// drawn opaque (the alpha test at its threshold, not blending), the same
// 0x80 texel untested blends half over the background, an additive batch
// adds its colour to what lies under it, and the batch after it is drawn
// normally over it.
func TestShaderAlphaTestAndAdditive(t *testing.T) {
	if _, err := worldShader(); err != nil {
		t.Fatal(err)
	}
	dir := runViewer(t, "blend")
	img := readPNG(t, filepath.Join(dir, "blend.png"))
	bg := [3]int{int(blendBackground.R), int(blendBackground.G), int(blendBackground.B)}
	want := [][3]int{
		bg,
		{255, 0, 0},
		{(255 + bg[0]) / 2, bg[1] / 2, bg[2] / 2},
		{bg[0] + 51, bg[1] + 77, bg[2] + 102},
		{0, 0, 255},
	}
	for i, w := range want {
		r, g, b, _ := img.At(i*10+5, 5).RGBA()
		got := [3]int{int(r >> 8), int(g >> 8), int(b >> 8)}
		for k := range 3 {
			if d := got[k] - w[k]; d < -2 || d > 2 {
				t.Errorf("column %d (%+v): pixel %v, want %v", i, blendQuads[i], got, w)
				break
			}
		}
	}
}
