package scenes

import (
	"encoding/json"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenes/view"
)

// seamStats compare the detail texture's effect across cell edges with
// the same measure one detail repeat away from them, where the detail
// pattern is the same but no edge lies.
type seamStats struct {
	Edge, Control float64
	N             int
}

// lum is a pixel's luminance, 0…255.
func lum(img *image.RGBA, x, y int) float64 {
	i := img.PixOffset(x, y)
	return float64(0.299*float64(img.Pix[i])) + float64(0.587*float64(img.Pix[i+1])) + float64(0.114*float64(img.Pix[i+2]))
}

// detailShots is the "detail" child's testShot: the default view without
// its objects with the detail textures (detail.png) and without
// (plain.png), and the seam measure (seams.json): along every cell edge
// near the eye, how much the detail's factor (detail ÷ plain luminance)
// changes from just one side of the edge to just the other, against the
// same change along lines one detail repeat inside the cells.
func detailShots(dir string) func(g *game, ws *worldScene) {
	return func(g *game, ws *worldScene) {
		save := func(name string, img image.Image) {
			if err := writePNG(filepath.Join(dir, name), img); err != nil && g.saveErr == nil {
				g.saveErr = err
			}
		}
		img := ebiten.NewImage(g.w, g.h)
		ws.r.HideObjects = true
		renderOffscreen(img, ws.r, ws.world, ws.cam, !g.cfg.NearestTexels)
		det := readImage(img)
		noDetail = true
		renderOffscreen(img, ws.r, ws.world, ws.cam, !g.cfg.NearestTexels)
		noDetail = false
		plain := readImage(img)
		ws.r.HideObjects = false
		save("detail.png", det)
		save("plain.png", plain)

		ratio := func(x, y float32) (float64, bool) {
			px, py := int(x), int(y)
			if px < 0 || py < 0 || px >= g.w || py >= g.h {
				return 0, false
			}
			p := lum(plain, px, py)
			if p < 8 {
				return 0, false
			}
			return lum(det, px, py) / p, true
		}
		cam := ws.cam
		var st seamStats
		var edge, ctrl float64
		repeat := float32(dat.CellLength) / float32(8) // the sample's DetailTiling
		cx := cam.BaseX + int(math.Floor(float64(cam.Target.X/dat.BlockLength)))
		cy := cam.BaseY + int(math.Floor(float64(cam.Target.Y/dat.BlockLength)))
		at := func(bx, by int, lx, ly float32) (physics.Vec3, bool) {
			id := uint32(bx)<<24 | uint32(by)<<16 | 0xFFFF
			lb, err := ws.assets.Landblock(id)
			if err != nil {
				return physics.Vec3{}, false
			}
			off := cam.BlockOffset(bx, by)
			return physics.Vec3{X: off.X + lx, Y: off.Y + ly, Z: dat.TerrainHeight(id, &lb.Z, lx, ly)}, true
		}
		// jump is |factor(p + d) − factor(p − d)| with d a tenth of a
		// unit across the line (dx, dy), on screen.
		jump := func(bx, by int, lx, ly, dx, dy float32) (float64, bool) {
			a, ok1 := at(bx, by, lx-dx, ly-dy)
			b, ok2 := at(bx, by, lx+dx, ly+dy)
			if !ok1 || !ok2 {
				return 0, false
			}
			qa, qb := cam.ToCamera(a), cam.ToCamera(b)
			if qa.Z < 2 || qb.Z < 2 || qa.Z > view.DetailFar || qb.Z > view.DetailFar {
				return 0, false
			}
			xa, ya := cam.ScreenOf(qa)
			xb, yb := cam.ScreenOf(qb)
			ra, ok1 := ratio(xa, ya)
			rb, ok2 := ratio(xb, yb)
			return math.Abs(ra - rb), ok1 && ok2
		}
		for bx := cx - 2; bx <= cx+2; bx++ {
			for by := cy - 2; by <= cy+2; by++ {
				for i := 1; i < 8; i++ {
					for s := float32(0.5); s < dat.BlockLength; s += 0.5 {
						line := float32(float32(i) * dat.CellLength)
						// Vertical and horizontal cell edges, and the
						// control lines one detail repeat east and north.
						for _, d := range [2]bool{false, true} {
							var e, c float64
							var ok1, ok2 bool
							if d {
								e, ok1 = jump(bx, by, line, s, 0.1, 0)
								c, ok2 = jump(bx, by, line+repeat, s, 0.1, 0)
							} else {
								e, ok1 = jump(bx, by, s, line, 0, 0.1)
								c, ok2 = jump(bx, by, s, line+repeat, 0, 0.1)
							}
							if ok1 && ok2 {
								edge += e
								ctrl += c
								st.N++
							}
						}
					}
				}
			}
		}
		if st.N > 0 {
			st.Edge, st.Control = edge/float64(st.N), ctrl/float64(st.N)
		}
		b, _ := json.Marshal(st)
		if err := os.WriteFile(filepath.Join(dir, "seams.json"), b, 0o644); err != nil && g.saveErr == nil {
			g.saveErr = err
		}
	}
}

// detailBlocks returns the share of the 8×8-pixel blocks in the centre of
// img (the middle half each way) whose mean absolute Laplacian of
// luminance is at least 4/255: texture detail.
func detailBlocks(img *image.RGBA) float64 {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	n, detailed := 0, 0
	for by := h / 4; by+8 <= 3*h/4; by += 8 {
		for bx := w / 4; bx+8 <= 3*w/4; bx += 8 {
			var sum float64
			for y := by; y < by+8; y++ {
				for x := bx; x < bx+8; x++ {
					if x == 0 || y == 0 || x == w-1 || y == h-1 {
						continue
					}
					l := 4*lum(img, x, y) - lum(img, x-1, y) - lum(img, x+1, y) - lum(img, x, y-1) - lum(img, x, y+1)
					sum += math.Abs(l)
				}
			}
			n++
			if sum/64 >= 4 {
				detailed++
			}
		}
	}
	return float64(detailed) / float64(n)
}

// TestDetailTexture renders the default 1280×720 view without its objects
// with and without the Region's detail textures: with them at least 40%
// of the central 8×8 blocks show texture detail (mean absolute Laplacian
// of luminance ≥ 4/255), and the detail's factor changes across cell
// edges no more than across lines one detail repeat inside the cells (no
// seam: the detail runs on from cell to cell).
func TestDetailTexture(t *testing.T) {
	if _, err := worldShader(); err != nil {
		t.Skipf("no world shader: %v", err)
	}
	dir := runViewer(t, "detail")
	toRGBA := func(name string) *image.RGBA {
		img := readPNG(t, filepath.Join(dir, name))
		out := image.NewRGBA(img.Bounds())
		for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
			for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
				out.Set(x, y, img.At(x, y))
			}
		}
		return out
	}
	det, plain := toRGBA("detail.png"), toRGBA("plain.png")
	if det.Rect.Dx() != 1280 || det.Rect.Dy() != 720 {
		t.Fatalf("view %v, want 1280×720", det.Rect)
	}
	with, without := detailBlocks(det), detailBlocks(plain)
	t.Logf("central 8×8 blocks with texture detail: %.0f%% with detail textures, %.0f%% without", 100*with, 100*without)
	if with < 0.40 {
		t.Errorf("%.0f%% of the central blocks show detail, want ≥ 40%%", 100*with)
	}
	b, err := os.ReadFile(filepath.Join(dir, "seams.json"))
	if err != nil {
		t.Fatal(err)
	}
	var st seamStats
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	t.Logf("detail factor change across cell edges %.4f, one repeat inside %.4f (%d samples)", st.Edge, st.Control, st.N)
	if st.N < 200 {
		t.Fatalf("only %d seam samples near the eye", st.N)
	}
	if st.Edge > 1.25*st.Control+0.005 {
		t.Errorf("the detail jumps at cell edges: %.4f across them, %.4f one repeat inside", st.Edge, st.Control)
	}
}
