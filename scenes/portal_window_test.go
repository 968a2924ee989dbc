package scenes

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/stream"
	"github.com/dereth/dereth/systems"
	"github.com/dereth/dereth/testbed"
)

// portalRun is the "portal" child: the sample world as the viewer loads
// it (default spawn script, streaming on), but with the streamer in
// manual mode, so nothing builds and the login's barrier stays closed
// while the window runs. The window's screenshot (out.png) is taken in
// portal space; then testShot builds the queued landblocks, steps the
// world until the reveal and draws the same scene again (after.png).
func portalRun(dir string, cfg *Config) {
	var sc *testbed.Scenario
	cfg.Frames = 10
	cfg.Load = func(progress func(done, total int)) (*systems.World, Assets, error) {
		p, err := sampleworld.Portal()
		if err != nil {
			return nil, nil, err
		}
		c, err := sampleworld.Cell()
		if err != nil {
			return nil, nil, err
		}
		sc = testbed.New("", testbed.Options{Portal: p, Cell: c, Viewer: true, Stdout: io.Discard})
		st := stream.DefaultConfig
		st.Workers = 0 // manual: the barrier opens only when testShot builds
		if err := sc.StartStream(st, nil); err != nil {
			return nil, nil, err
		}
		if err := sc.RunSample(); err != nil {
			return nil, nil, err
		}
		a, err := NewDATAssets(p, c)
		if err != nil {
			return nil, nil, err
		}
		return sc.World, NewResidentAssets(a, sc.World), nil
	}
	testShot = func(g *game, ws *worldScene) {
		fail := func(err error) {
			if g.saveErr == nil {
				g.saveErr = err
			}
		}
		if !ws.world.SmartBox.InPortalSpace() {
			fail(fmt.Errorf("the screenshot was taken after the reveal (%q)", ws.world.SmartBox.TravelState()))
			return
		}
		for i := 0; ws.world.SmartBox.InPortalSpace(); i++ {
			if i == 100 {
				fail(fmt.Errorf("never revealed (%q)", ws.world.SmartBox.TravelState()))
				return
			}
			sc.Stream().RunPending()
			ws.world.Step(1.0 / 30)
		}
		ws.followTarget()
		img := ebiten.NewImage(g.w, g.h)
		ws.Draw(g, img)
		if ws.r.TerrainBounds.Empty() {
			fail(fmt.Errorf("no terrain drawn after the reveal"))
		}
		if err := writePNG(filepath.Join(dir, "after.png"), readImage(img)); err != nil {
			fail(err)
		}
	}
}

// share counts the pixels of img exactly c, and those exactly bg.
func share(img image.Image, c, bg color.RGBA) (n, nbg, total int) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, gr, bl, _ := img.At(x, y).RGBA()
			p := color.RGBA{uint8(r >> 8), uint8(gr >> 8), uint8(bl >> 8), 0xFF}
			if p == c {
				n++
			}
			if p == bg {
				nbg++
			}
		}
	}
	return n, nbg, b.Dx() * b.Dy()
}

// TestWindowPortalSpaceThenWorld: in a real window, while the login's
// reveal barrier is closed the viewer shows portal space (the tunnel on
// portalSky), never the world; once the barrier opens and the player is
// revealed, the same scene draws the world — terrain, no portal sky.
func TestWindowPortalSpaceThenWorld(t *testing.T) {
	dir := runViewer(t, "portal")
	during := readPNG(t, filepath.Join(dir, "out.png"))
	sky, _, total := share(during, portalSky, portalSky)
	if sky < total/2 {
		t.Fatalf("in portal space only %d of %d pixels are portal sky", sky, total)
	}
	after := readPNG(t, filepath.Join(dir, "after.png"))
	sky, bg, total := share(after, portalSky, view.Background)
	if sky > total/100 {
		t.Fatalf("after the reveal %d of %d pixels are still portal sky", sky, total)
	}
	if bg > total/2 {
		t.Fatalf("after the reveal %d of %d pixels are the empty background: no world drawn", bg, total)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.png.json")); err != nil {
		t.Fatal(err)
	}
}
