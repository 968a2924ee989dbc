package scenes

import (
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/systems"
)

func waitScene(t *testing.T, g *game, s *loadingScene) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for isLoading(g.scene) {
		if time.Now().After(deadline) {
			t.Fatal("loading never finished")
		}
		if err := s.Update(g); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestLoadingSceneProgressThenWorld(t *testing.T) {
	release := make(chan struct{})
	reported := make(chan struct{})
	s := newLoadingScene(func(progress func(done, total int)) (*systems.World, Assets, error) {
		progress(2, 4)
		close(reported)
		<-release
		return loadTestWorld(func(int, int) {})
	})
	g := &game{w: 640, h: 480, scene: s}
	<-reported
	if p := s.Progress(); p != 0.5 {
		t.Fatalf("progress %v, want 0.5", p)
	}
	if err := s.Update(g); err != nil || !isLoading(g.scene) {
		t.Fatalf("left the loading scene before Load returned: %v", err)
	}
	close(release)
	waitScene(t, g, s)
	ws, ok := g.scene.(*worldScene)
	if !ok {
		t.Fatalf("scene %T after loading, want the world", g.scene)
	}
	if ws.followed() == nil || ws.followed().Phys.GUID != ws.world.PlayerGUID {
		t.Error("the camera does not follow the player")
	}
}

func TestLoadingSceneErrors(t *testing.T) {
	for name, load := range map[string]func(func(int, int)) (*systems.World, Assets, error){
		"error": func(func(int, int)) (*systems.World, Assets, error) {
			return nil, nil, errors.New("portal.dat: magic 0x0")
		},
		"nothing":  func(func(int, int)) (*systems.World, Assets, error) { return nil, nil, nil },
		"panicked": func(func(int, int)) (*systems.World, Assets, error) { panic("boom") },
	} {
		s := newLoadingScene(load)
		g := &game{w: 640, h: 480, scene: s}
		waitScene(t, g, s)
		es, ok := g.scene.(*errorScene)
		if !ok || g.loadErr == nil {
			t.Fatalf("%s: scene %T, err %v", name, g.scene, g.loadErr)
		}
		if name == "error" && !strings.Contains(strings.Join(es.lines, "\n"), "portal.dat: magic") {
			t.Errorf("error scene lines %q", es.lines)
		}
	}
}

func TestReloadErrorKeepsWorldRunning(t *testing.T) {
	w, a, err := loadTestWorld(func(int, int) {})
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	g := &game{w: 640, h: 480, cfg: Config{Reload: func() error {
		calls++
		if calls == 1 {
			return errors.New("spawn.lua:12: attempt to call a nil value (global 'spwan')")
		}
		return nil
	}}}
	ws := newWorldScene(g, w, a)
	ws.doReload()
	if ws.reloadOK || !strings.Contains(ws.reloaded, "spawn.lua:12") {
		t.Fatalf("reload error shown as %q (ok=%v)", ws.reloaded, ws.reloadOK)
	}
	before := w.FrameNo
	w.Step(tickDt)
	if w.FrameNo != before+1 {
		t.Fatal("the world stopped after a failed reload")
	}
	ws.doReload()
	if !ws.reloadOK || calls != 2 {
		t.Fatalf("second reload: %q ok=%v calls=%d", ws.reloaded, ws.reloadOK, calls)
	}
}

func TestScriptErrorShownWhileWorldRuns(t *testing.T) {
	w, a, err := loadTestWorld(func(int, int) {})
	if err != nil {
		t.Fatal(err)
	}
	var scriptErr error
	g := &game{w: 640, h: 480, cfg: Config{ScriptErr: func() error { return scriptErr }}}
	ws := newWorldScene(g, w, a)
	ws.pollScriptErr(g)
	if ws.reloaded != "" {
		t.Fatalf("no error yet, shown %q", ws.reloaded)
	}
	scriptErr = errors.New("timer: spawn.lua:7: attempt to index a nil value")
	ws.pollScriptErr(g)
	if ws.reloadOK || !strings.Contains(ws.reloaded, "spawn.lua:7") {
		t.Fatalf("script error shown as %q (ok=%v)", ws.reloaded, ws.reloadOK)
	}
	before := w.FrameNo
	w.Step(tickDt)
	if w.FrameNo != before+1 {
		t.Fatal("the world stopped after a script error")
	}
}

// TestErrorSceneF5LoadsAgain: after a load failed (a broken spawn script),
// F5 on the error scene loads again, and a fixed script reaches the world.
func TestErrorSceneF5LoadsAgain(t *testing.T) {
	calls := 0
	load := func(progress func(int, int)) (*systems.World, Assets, error) {
		calls++
		if calls == 1 {
			return nil, nil, errors.New("spawn.lua:3: attempt to call a nil value (global 'spwan')")
		}
		return loadTestWorld(progress)
	}
	s := newLoadingScene(load)
	g := &game{w: 640, h: 480, scene: s}
	waitScene(t, g, s)
	es, ok := g.scene.(*errorScene)
	if !ok {
		t.Fatalf("scene %T after a failed load, want the error scene", g.scene)
	}
	es.retry(g)
	ls, ok := g.scene.(*loadingScene)
	if !ok || g.loadErr != nil {
		t.Fatalf("F5 left scene %T (load error %v), want loading again", g.scene, g.loadErr)
	}
	waitScene(t, g, ls)
	if _, ok := g.scene.(*worldScene); !ok || calls != 2 {
		t.Fatalf("scene %T after %d loads, want the world after 2", g.scene, calls)
	}
}

// TestWorldAdvancesByWallClock: each Update steps the world by the
// wall-clock time since the last (an injected clock), not a fixed 1/60 s,
// so 10 FPS is not slow motion; the HUD's ratio stays 1.
func TestWorldAdvancesByWallClock(t *testing.T) {
	w, a, err := loadTestWorld(func(int, int) {})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(5000, 0)
	g := &game{w: 640, h: 480, cfg: Config{Clock: func() time.Time { return now }}}
	ws := newWorldScene(g, w, a)
	start := w.Now
	for i := 0; i < 20; i++ { // two seconds at 10 FPS
		now = now.Add(100 * time.Millisecond)
		if err := ws.Update(g); err != nil {
			t.Fatal(err)
		}
	}
	if got := w.Now - start; got < 1.999 || got > 2.001 {
		t.Fatalf("2 s of wall clock advanced the world %.3f s", got)
	}
	if r := ws.stats.SimRatio; r < 0.999 || r > 1.001 {
		t.Fatalf("sim/real %.3f, want 1", r)
	}
}

// TestSaveShotNames: F12 screenshots land in the working directory named
// by the time, a second one in the same second gets a suffix, and the
// returned path is absolute and holds the PNG.
func TestSaveShotNames(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	at := time.Date(2026, 12, 3, 14, 5, 9, 0, time.UTC)
	first, err := saveShot(img, at)
	if err != nil {
		t.Fatal(err)
	}
	second, err := saveShot(img, at)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "dereth-20261203-140509.png"); first != want {
		t.Errorf("first shot %s, want %s", first, want)
	}
	if want := filepath.Join(dir, "dereth-20261203-140509-2.png"); second != want {
		t.Errorf("second shot %s, want %s", second, want)
	}
	f, err := os.Open(second)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := png.Decode(f)
	if err != nil || got.Bounds() != img.Bounds() {
		t.Fatalf("saved PNG %v, %v", got.Bounds(), err)
	}
}

// TestErrorScreenKeys: the error screen's key line speaks of a file only
// where there is one to fix, and of no keys in a screenshot run.
func TestErrorScreenKeys(t *testing.T) {
	load := func(func(int, int)) (*systems.World, Assets, error) { return nil, nil, nil }
	tests := []struct {
		name string
		cfg  Config
		load bool
		want string
	}{
		{"script", Config{}, true, "F5 loads again (fix the file first)   Esc quits"},
		{"live session", Config{Retry: "F5 connects again"}, true, "F5 connects again   Esc quits"},
		{"nothing to retry", Config{}, false, "Esc quits"},
		{"screenshot", Config{Screenshot: "x.png"}, true, ""},
		{"screenshot, session", Config{Screenshot: "x.png", Retry: "F5 connects again"}, true, ""},
	}
	for _, tt := range tests {
		s := newErrorScene("could not load the world", errors.New("boom"))
		if tt.load {
			s.load = load
		}
		if got := s.keys(&game{cfg: tt.cfg}); got != tt.want {
			t.Errorf("%s: keys %q, want %q", tt.name, got, tt.want)
		}
	}
}
