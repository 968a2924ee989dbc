package scenes

import (
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/dereth/dereth/scenes/view"
)

// depthW, depthH are the depth scene's frame.
const depthW, depthH = 640, 360

// depthShots is the "depth" child's testShot: the depth scene
// (view.DepthScene) drawn unlit by the window's own drawing with the
// depth buffer (depth.png) and without (nodepth.png).
func depthShots(dir string) func(g *game, ws *worldScene) {
	return func(g *game, ws *worldScene) {
		img := ebiten.NewImage(depthW, depthH)
		for _, v := range []struct {
			name string
			off  bool
		}{{"depth.png", false}, {"nodepth.png", true}} {
			s := view.NewDepthScene()
			r := view.NewRenderer(s)
			r.Unlit = true
			noDepth = v.off
			renderOffscreen(img, r, nil, s.Camera(depthW, depthH), false)
			noDepth = false
			if err := writePNG(filepath.Join(dir, v.name), readImage(img)); err != nil && g.saveErr == nil {
				g.saveErr = err
			}
		}
	}
}

// TestDepthSceneOnGPU: the window draws the depth scene (two boxes
// through each other, a figure in front of a long wall) with every pixel
// from the nearest surface — the picture is the CPU's (view.SoftRender,
// whose every pixel view's TestDepthSceneDrawsTheNearest checks against
// the nearest triangle) but for a few pixels along edges; without the
// depth buffer it is not.
func TestDepthSceneOnGPU(t *testing.T) {
	if _, err := worldShader(); err != nil {
		t.Skipf("no world shader: %v", err)
	}
	dir := runViewer(t, "depth")
	s := view.NewDepthScene()
	r := view.NewRenderer(s)
	r.Unlit, r.Depth = true, true
	r.Build(nil, s.Camera(depthW, depthH))
	want := view.SoftRender(r, depthW, depthH, false).Image
	differ := func(name string) int {
		got := readPNG(t, filepath.Join(dir, name))
		if got.Bounds() != want.Rect {
			t.Fatalf("%s: %v, want %v", name, got.Bounds(), want.Rect)
		}
		n := 0
		for y := range depthH {
			for x := range depthW {
				r, g, b, _ := got.At(x, y).RGBA()
				w := want.RGBAAt(x, y)
				if absDiff(uint8(r>>8), w.R) > 4 || absDiff(uint8(g>>8), w.G) > 4 || absDiff(uint8(b>>8), w.B) > 4 {
					n++
				}
			}
		}
		return n
	}
	with, without := differ("depth.png"), differ("nodepth.png")
	t.Logf("pixels unlike the nearest surface's: %d with the depth buffer, %d without (of %d)", with, without, depthW*depthH)
	// The GPU's edge rule may give an edge pixel to the other triangle.
	if with > 50 {
		t.Errorf("%d pixels differ from the nearest surface's colour with the depth buffer", with)
	}
	if without < 100 {
		t.Errorf("without the depth buffer only %d pixels differ: the scene does not exercise the depth test", without)
	}
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}
