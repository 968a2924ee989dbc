package scenes

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/internal/bodycheck"
	"github.com/dereth/dereth/internal/testworld"
	_ "github.com/dereth/dereth/internal/xvfb" // an X display for ebiten's init, before it runs
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/systems"
)

// The window tests run the viewer in a child process (ebiten must own the
// main goroutine of its process): TestMain turns into the viewer when
// childEnv names an output directory.
const (
	childEnv  = "DERETH_SCENES_CHILD"
	childMode = "DERETH_SCENES_MODE"
	frames    = 180
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(childEnv); dir != "" {
		if err := runChild(dir, os.Getenv(childMode)); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	bodycheck.Tests() // the body-sync check on for the tests (internal/bodycheck)
	os.Exit(m.Run())
}

// loadTestWorld is a Config.Load over the sample world, reporting
// progress as main's loader does.
func loadTestWorld(progress func(done, total int)) (*systems.World, Assets, error) {
	progress(0, 3)
	s, err := testworld.Open()
	if err != nil {
		return nil, nil, err
	}
	progress(1, 3)
	a, err := NewDATAssets(s.Portal, s.Cell)
	if err != nil {
		return nil, nil, err
	}
	progress(2, 3)
	w, err := s.World()
	progress(3, 3)
	return w, a, err
}

// loadedFrame and loadedNow are the child's world's frame number and
// clock when its Load returned.
var (
	loadedFrame int
	loadedNow   float64
)

// runChild is the viewer process: the world in screenshot mode, plus the
// same frame without its entities (bare.png) for the pixel check; or, in
// mode "error", a Load that fails.
func runChild(dir, mode string) error {
	cfg := Config{Title: "dereth test", Screenshot: filepath.Join(dir, "out.png"), Frames: frames, HideHUD: true, NearestTexels: true}
	cfg.Load = func(progress func(done, total int)) (*systems.World, Assets, error) {
		w, a, err := loadTestWorld(progress)
		if w != nil {
			loadedFrame, loadedNow = w.FrameNo, w.Now
		}
		return w, a, err
	}
	if mode == "first" {
		cfg.Frames = 0 // --screenshot without --frames
	}
	if mode == "error" {
		cfg.Frames = 0 // an error scene is saved at once, whatever --frames says
		cfg.Width, cfg.Height = 800, 450
		cfg.Load = func(func(int, int)) (*systems.World, Assets, error) {
			_, err := dat.OpenBytes(make([]byte, 0x400), "client_portal.dat")
			return nil, nil, fmt.Errorf("opening --dat: %w", err)
		}
		err := Run(cfg)
		var de *dat.Error
		if !errors.As(err, &de) {
			return fmt.Errorf("Run returned %v, want the DAT error", err)
		}
		return nil
	}
	if mode != "world" && mode != "detail" {
		cfg.Width, cfg.Height = 800, 450 // smaller is faster under a software GL
	}
	switch mode {
	case "crowd":
		crowdRun(dir, &cfg)
		return Run(cfg)
	case "portal":
		portalRun(dir, &cfg)
		return Run(cfg)
	case "placeholder":
		placeholderRun(dir, &cfg)
		return Run(cfg)
	case "depth":
		cfg.Frames = 0
		testShot = depthShots(dir)
		return Run(cfg)
	case "reworld":
		reworldRun(dir, &cfg)
		return Run(cfg)
	case "blend":
		cfg.Frames = 0
		testShot = blendShots(dir)
		return Run(cfg)
	case "sky":
		cfg.Frames = 0
		testShot = skyShots(dir)
		return Run(cfg)
	case "detail":
		cfg.Frames, cfg.NearestTexels = 10, false // the viewer's own filtering
		testShot = detailShots(dir)
		return Run(cfg)
	case "panels":
		return panelsRun(dir, &cfg)
	case "hostile":
		return hostileRun(dir, &cfg)
	case "accept":
		cfg.Frames = 30
		testShot = acceptShots(dir)
		return Run(cfg)
	case "map":
		testStart = func(ws *worldScene) { ws.cam.ToggleMap() }
	case "hud":
		cfg.HideHUD = false
		testStart = func(ws *worldScene) { ws.sel = testworld.Walker }
	}
	testShot = func(g *game, ws *worldScene) {
		// What the viewer stepped between the load and the saved frame
		// (batched, see game.batching): world frames and world time.
		stepped := fmt.Sprintf("%d %s", ws.world.FrameNo-loadedFrame, strconv.FormatFloat(ws.world.Now-loadedNow, 'g', -1, 64))
		if err := os.WriteFile(filepath.Join(dir, "stepped.txt"), []byte(stepped), 0o644); err != nil {
			g.saveErr = err
		}
		img := ebiten.NewImage(g.w, g.h)
		ws.r.HideObjects = true
		renderOffscreen(img, ws.r, ws.world, ws.cam, false)
		ws.r.HideObjects = false
		if err := writePNG(filepath.Join(dir, "bare.png"), readImage(img)); err != nil {
			g.saveErr = err
		}
	}
	return Run(cfg)
}

// runViewer runs the viewer child in mode and returns its output
// directory. The window tests run in parallel: each child is its own
// process with its own window on the shared Xvfb display, and reads its
// pictures back from its own images, not from the screen.
func runViewer(t *testing.T, mode string) string {
	t.Helper()
	t.Parallel()
	return runViewers(t, mode, 1)[0]
}

// runViewers runs n viewer children in mode at once, each with its own
// output directory, and returns the directories.
func runViewers(t *testing.T, mode string, n int) []string {
	t.Helper()
	dirs := make([]string, n)
	for i := range dirs {
		dirs[i] = t.TempDir()
		if keep := os.Getenv("DERETH_SCENES_KEEP"); keep != "" {
			dirs[i] = filepath.Join(keep, mode)
			if i > 0 {
				dirs[i] += "-" + strconv.Itoa(i)
			}
			if err := os.MkdirAll(dirs[i], 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A hang bound, not a speed goal: a window run takes about 10 s on a
	// quiet machine and has taken 70–90 s on the shared 2-core one at a
	// load average of 17 (software GL under Xvfb), so the bound leaves room.
	ctx, cancel := context.WithTimeout(context.Background(), 240*time.Second)
	defer cancel()
	outs := make([][]byte, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i, dir := range dirs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), childEnv+"="+dir, childMode+"="+mode)
			outs[i], errs[i] = cmd.CombinedOutput()
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		t.Fatalf("viewer %s did not exit: %v\n%s", mode, ctx.Err(), bytes.Join(outs, nil))
	}
	for i, err := range errs {
		if err != nil {
			t.Fatalf("viewer: %v\n%s", err, outs[i])
		}
	}
	return dirs
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestWindowScreenshot runs the viewer in a real window for 180 frames
// and checks the screenshot: terrain drawn, and every spawned entity's
// projected bounds hold pixels that differ from the background and from
// the same frame rendered without the entities — in the orbit view and in
// the top-down map.
func TestWindowScreenshot(t *testing.T) {
	for _, mode := range []string{"world", "map"} {
		t.Run(mode, func(t *testing.T) { checkWorldShot(t, mode) })
	}
}

// TestWindowHUD shows the HUD with the walker selected: the screenshot
// still passes the background check and the HUD's panels cover pixels the
// bare frame has as terrain or sky. The viewer runs twice, and both
// screenshots must be the same bytes: a screenshot's HUD shows no
// wall-clock figure (view.Stats.Unmeasured).
func TestWindowHUD(t *testing.T) {
	t.Parallel()
	dirs := runViewers(t, "hud", 2)
	dir := dirs[0]
	first, err := os.ReadFile(filepath.Join(dir, "out.png"))
	if err != nil {
		t.Fatal(err)
	}
	second, err := os.ReadFile(filepath.Join(dirs[1], "out.png"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, second) {
		t.Errorf("two runs of the same screenshot differ (%d and %d bytes): its HUD shows a measured figure", len(first), len(second))
	}
	img := readPNG(t, filepath.Join(dir, "out.png"))
	bare := readPNG(t, filepath.Join(dir, "bare.png"))
	rep, err := view.ReadShotReport(filepath.Join(dir, "out.png.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := view.CheckShot(img, rep, nil); err != nil {
		t.Fatal(err)
	}
	// The stats panel sits at the top left.
	diff := 0
	for y := 10; y < 60; y++ {
		for x := 10; x < 250; x++ {
			if img.At(x, y) != bare.At(x, y) {
				diff++
			}
		}
	}
	if diff < 2000 {
		t.Fatalf("only %d pixels of the HUD's stats panel differ from the bare frame", diff)
	}
}

func checkWorldShot(t *testing.T, mode string) {
	dir := runViewer(t, mode)
	img := readPNG(t, filepath.Join(dir, "out.png"))
	bare := readPNG(t, filepath.Join(dir, "bare.png"))
	rep, err := view.ReadShotReport(filepath.Join(dir, "out.png.json"))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Frame < frames {
		t.Errorf("screenshot of world frame %d, want ≥ %d", rep.Frame, frames)
	}
	// Batched or not, the saved frame is the loaded world after exactly
	// --frames fixed steps.
	var n int
	var dt float64
	if _, err := fmt.Sscanf(readText(t, filepath.Join(dir, "stepped.txt")), "%d %g", &n, &dt); err != nil {
		t.Fatal(err)
	}
	if want := float64(frames) * tickDt; n != frames || math.Abs(dt-want) > 1e-6 {
		t.Errorf("the viewer stepped %d world frames and %v s before the saved frame, want %d and %v", n, dt, frames, want)
	}
	want := map[string]string{}
	for _, g := range []uint32{testworld.Player, testworld.Walker, testworld.Corpse, testworld.Door, testworld.Windmill} {
		want[fmt.Sprintf("0x%08X", g)] = ""
	}
	for _, e := range rep.Entities {
		delete(want, e.GUID)
	}
	if len(want) > 0 {
		t.Fatalf("entities missing from the report: %v (report %+v)", want, rep.Entities)
	}
	if err := view.CheckShot(img, rep, bare); err != nil {
		t.Fatal(err)
	}
}

// TestWindowFirstFrameShot: --screenshot without --frames saves the first
// frame of the loaded world and exits (it used to wait forever).
func TestWindowFirstFrameShot(t *testing.T) {
	dir := runViewer(t, "first")
	rep, err := view.ReadShotReport(filepath.Join(dir, "out.png.json"))
	if err != nil {
		t.Fatal(err)
	}
	// testworld steps its world 5 frames before the window opens.
	if rep.Frame > 6 || len(rep.Entities) == 0 {
		t.Fatalf("shot of world frame %d with %d entities, want the first frame drawn, with entities", rep.Frame, len(rep.Entities))
	}
	readPNG(t, filepath.Join(dir, "out.png"))
}

// TestWindowErrorScene: a bad DAT is an error scene, saved at once (with
// no --frames) and returned, not a crash or a wait for Esc.
func TestWindowErrorScene(t *testing.T) {
	dir := runViewer(t, "error")
	img := readPNG(t, filepath.Join(dir, "out.png"))
	if _, err := os.Stat(filepath.Join(dir, "out.png.json")); err == nil {
		t.Error("an error scene wrote a world report")
	}
	// The error scene's background with light text on it.
	bg, text := 0, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			switch {
			case r>>8 == uint32(errorBackground.R) && g>>8 == uint32(errorBackground.G) && bl>>8 == uint32(errorBackground.B):
				bg++
			case r>>8 > 0xC0 && g>>8 > 0xC0:
				text++
			}
		}
	}
	if bg < b.Dx()*b.Dy()/2 || text < 200 {
		t.Fatalf("error scene: %d background and %d text pixels", bg, text)
	}
}
