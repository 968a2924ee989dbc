package view

import (
	"image"
	"io"
	"math"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/systems"
	"github.com/dereth/dereth/testbed"
)

// defaultView builds what `dereth view` shows first: the default spawn
// script's world after the screenshot mode's 60 fixed ticks, seen by the
// window's first camera (following the player at FollowHeight, kept above
// the ground), at 1280×720 with the detail textures on. With at, the
// camera follows that position instead of the player.
func defaultView(t *testing.T, at *physics.Position) (*Renderer, *systems.World, *Camera) {
	t.Helper()
	p, err := sampleworld.Portal()
	if err != nil {
		t.Fatal(err)
	}
	c, err := sampleworld.Cell()
	if err != nil {
		t.Fatal(err)
	}
	s := testbed.New("", testbed.Options{Portal: p, Cell: c, Viewer: true, Stdout: io.Discard})
	t.Cleanup(s.Close)
	if err := s.RunSample(); err != nil {
		t.Fatal(err)
	}
	w := s.World
	for range 60 {
		w.Step(1.0 / 60)
	}
	a, err := NewDATAssets(p, c)
	if err != nil {
		t.Fatal(err)
	}
	r := NewRenderer(a)
	r.SrcX, r.SrcY, r.Detail = 1.5, 1.5, true
	player := w.Object(w.PlayerGUID).Phys.Position
	if at != nil {
		lb, err := a.Landblock(at.Cell | 0xFFFF)
		if err != nil {
			t.Fatal(err)
		}
		player = *at
		player.Frame.Origin.Z = dat.TerrainHeight(at.Cell|0xFFFF, &lb.Z, at.Frame.Origin.X, at.Frame.Origin.Y)
	}
	cam := NewCamera(1280, 720, player)
	cam.Follow(player, FollowHeight)
	cam.KeepAbove(func(x, y float32) (float32, bool) { return r.GroundZ(cam, x, y) }, 1.5)
	r.Build(w, cam)
	return r, w, cam
}

// lum is the luminance of pixel (x, y), 0…255.
func lum(img *image.RGBA, x, y int) float64 {
	i := img.PixOffset(x, y)
	return float64(0.299*float64(img.Pix[i])) + float64(0.587*float64(img.Pix[i+1])) + float64(0.114*float64(img.Pix[i+2]))
}

// cellEdge is which edge of a cell texture an atlas coordinate lies
// nearest: 0 west, 1 east, 2 north, 3 south (v grows southward).
func cellEdge(r image.Rectangle, uv [2]float32) int {
	d := [4]float32{uv[0] - float32(r.Min.X), float32(r.Max.X) - uv[0], uv[1] - float32(r.Min.Y), float32(r.Max.Y) - uv[1]}
	e := 0
	for i := range d {
		if d[i] < d[e] {
			e = i
		}
	}
	return e
}

// edgeCorners are the corners (GetPalCode's order SW, SE, NE, NW) along
// each cellEdge.
var edgeCorners = [4][2]int{{0, 3}, {1, 2}, {3, 2}, {0, 1}}

// cornerOf returns corner k's terrain type and road bits of a palette code.
func cornerOf(code uint32, k int) (terrain, road uint32) {
	return code >> (15 - 5*k) & 0x1F, code >> (26 - 2*k) & 3
}

// TestNoSeamBetweenCells renders the default view on the CPU (SoftRender,
// the world shader's arithmetic) and finds every border between two
// terrain cells on screen: pixel pairs, across or down, whose triangles
// read different cell textures, or the same one from opposite edges.
// Where the two cells share one terrain type along that edge (its four
// corners, two a side, the same type, no road), the brightness must run
// on across the border: averaged along each border seen over at least 24
// pixels, the jump between the two pixels astride it may differ from the
// change between the pixels beside them (the picture's own gradient) by
// at most 2/255. A border is where two cells meet, not where a ridge's
// outline lies over land farther off (the depth jumps there). Only where
// the texture is magnified (a pixel spans less
// than a texel) is the brightness a surface's: farther off, with no
// mipmaps, each pixel samples one point among several texels, and the
// picture is that sampling's noise. The detail texture is replaced by a
// smooth one that tiles (a sine each way, one period a repeat): the sample's has a random
// grain per texel, and a border that runs straight down a column of
// pixels samples one row of grain all along it, whose mean is no seam but
// would read as one. Besides the default view it looks from where the
// default start used to be, on the sand by the pond (landblock 0xA9B4 at
// (16, 48), facing east), where the seam was seen running from the
// player's feet to the bottom of the window.
func TestNoSeamBetweenCells(t *testing.T) {
	beach := physics.Position{Cell: 0xA9B40003, Frame: physics.Frame{Origin: physics.Vec3{X: 16, Y: 48},
		Orientation: physics.Heading(-math.Pi / 2)}}
	for _, v := range []struct {
		name string
		at   *physics.Position
	}{{"default", nil}, {"beach", &beach}} {
		t.Run(v.name, func(t *testing.T) {
			r, _, cam := defaultView(t, v.at)
			checkSeams(t, r, cam)
		})
	}
}

// checkSeams is TestNoSeamBetweenCells on one view.
func checkSeams(t *testing.T, r *Renderer, cam *Camera) {
	smoothDetail(t, r)
	f := SoftRender(r, cam.W, cam.H, true)
	type code struct {
		rect image.Rectangle
		code uint32
	}
	var codes []code
	for c, l := range r.landRects {
		if l.ok {
			codes = append(codes, code{l.rect, c})
		}
	}
	at := func(i int) (code, bool) {
		uv := f.UV[i]
		for _, c := range codes {
			if uv[0] >= float32(c.rect.Min.X)-0.01 && uv[0] <= float32(c.rect.Max.X)+0.01 &&
				uv[1] >= float32(c.rect.Min.Y)-0.01 && uv[1] <= float32(c.rect.Max.Y)+0.01 {
				return c, true
			}
		}
		return code{}, false
	}
	type border struct {
		n          int
		jump, side float64
		x, y       int
	}
	borders := map[[2]int32]*border{}
	w, h := cam.W, cam.H
	for _, d := range [2]image.Point{{1, 0}, {0, 1}} {
		step := d.X + d.Y*w
		for y := d.Y; y+2*d.Y < h; y++ {
			for x := d.X; x+2*d.X < w; x++ {
				i := y*w + x
				ta, tb := f.Tri[i], f.Tri[i+step]
				if ta < 0 || tb < 0 || ta == tb || f.Tri[i-step] != ta || f.Tri[i+2*step] != tb {
					continue
				}
				ca, ok1 := at(i)
				cb, ok2 := at(i + step)
				if !ok1 || !ok2 {
					continue // not terrain
				}
				ua, ub := f.UV[i], f.UV[i+step]
				if ca.rect == cb.rect && math.Abs(float64(ua[0]-ub[0])) < LandTexSize/2 && math.Abs(float64(ua[1]-ub[1])) < LandTexSize/2 {
					continue // one cell's two triangles
				}
				if texels(ua, f.UV[i-step]) >= 1 || texels(ub, f.UV[i+2*step]) >= 1 {
					continue // minified: a pixel samples one point of several texels
				}
				// A shared edge, not a ridge's outline over land behind
				// it: the depth runs on across it as beside it.
				da, db := f.Depth[i]-f.Depth[i-step], f.Depth[i+2*step]-f.Depth[i+step]
				if jump := f.Depth[i+step] - f.Depth[i]; math.Abs(float64(jump-float32((da+db)/2))) > math.Max(math.Abs(float64(da)), math.Abs(float64(db)))+0.01 {
					continue
				}
				ea, eb := cellEdge(ca.rect, ua), cellEdge(cb.rect, ub)
				t0, _ := cornerOf(ca.code, edgeCorners[ea][0])
				shared := true
				for _, k := range [4]struct {
					code   uint32
					corner int
				}{{ca.code, edgeCorners[ea][0]}, {ca.code, edgeCorners[ea][1]}, {cb.code, edgeCorners[eb][0]}, {cb.code, edgeCorners[eb][1]}} {
					if tt, road := cornerOf(k.code, k.corner); tt != t0 || road != 0 {
						shared = false
					}
				}
				if !shared {
					continue
				}
				key := [2]int32{ta, tb}
				b := borders[key]
				if b == nil {
					b = &border{x: x, y: y}
					borders[key] = b
				}
				p, q := lum(f.Image, x, y), lum(f.Image, x+d.X, y+d.Y)
				b.n++
				b.jump += q - p
				b.side += float64((p - lum(f.Image, x-d.X, y-d.Y) + lum(f.Image, x+2*d.X, y+2*d.Y) - q) / 2)
			}
		}
	}
	checked := 0
	for key, b := range borders {
		if b.n < 24 {
			continue
		}
		checked++
		step := (b.jump - b.side) / float64(b.n)
		t.Logf("border of triangles %d|%d from (%d,%d), %d px: jump %.2f, beside %.2f", key[0], key[1], b.x, b.y, b.n, b.jump/float64(b.n), b.side/float64(b.n))
		if math.Abs(step) > 2 {
			t.Errorf("a seam between triangles %d and %d from (%d,%d) over %d px: the brightness steps %.2f/255 beyond the picture's gradient there", key[0], key[1], b.x, b.y, b.n, step)
		}
	}
	if checked < 3 {
		t.Fatalf("only %d borders of one terrain type seen over 24 px or more; the view should show several", checked)
	}
}

// texels is how far apart two atlas coordinates are, in texels (the
// larger of the two axes).
func texels(a, b [2]float32) float32 {
	return max(abs32(a[0]-b[0]), abs32(a[1]-b[1]))
}

// smoothDetail overwrites the detail textures in r's atlas with a smooth
// tiling pattern of the same size: 128 + 48·sin(2πx/n)·cos(2πy/n) grey.
func smoothDetail(t *testing.T, r *Renderer) {
	t.Helper()
	n := 0
	for _, d := range r.DetailRects {
		side := int(d[2])
		if side == 0 {
			continue
		}
		n++
		for y := range side {
			for x := range side {
				g := uint8(128 + float64(48*math.Sin(2*math.Pi*float64(x)/float64(side))*math.Cos(2*math.Pi*float64(y)/float64(side))))
				i := r.Atlas.Image.PixOffset(int(d[0])+x, int(d[1])+y)
				copy(r.Atlas.Image.Pix[i:i+4], []uint8{g, g, g, 255})
			}
		}
	}
	if n == 0 {
		t.Fatal("the default view uses no detail texture")
	}
}
