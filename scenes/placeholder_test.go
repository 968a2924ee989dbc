package scenes

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/internal/testworld"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenes/netui"
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/systems"
)

// Guids of the placeholder world: a player and a chest whose models are
// not in the DATs (no Setup, as a server's world over the sample DATs).
const (
	modelessPlayer = 0x50000A01
	modelessChest  = 0x70000A02
)

// loadModeless is a Config.Load of the sample world holding only objects
// without a model: the player at (150, 130) facing north-east and a
// chest 6 units in front of it.
func loadModeless(progress func(done, total int)) (*systems.World, Assets, error) {
	s, err := testworld.Open()
	if err != nil {
		return nil, nil, err
	}
	a, err := NewDATAssets(s.Portal, s.Cell)
	if err != nil {
		return nil, nil, err
	}
	w := systems.NewWorld()
	w.Assets = s.Assets
	for _, sp := range []struct {
		guid     uint32
		template string
		name     string
		x, y     float32
	}{{modelessPlayer, "player", "Modeless", 150, 130}, {modelessChest, "door", "Chest", 150 - 4.2, 130 + 4.2}} {
		d, err := archetypes.FromTemplate(sp.template)
		if err != nil {
			return nil, nil, err
		}
		d.GUID, d.Archetype = sp.guid, sp.name
		if d.Cell, d.Frame, err = s.Place(sp.x, sp.y, 7*3.14159265/4); err != nil {
			return nil, nil, err
		}
		if _, err := w.Spawn(d); err != nil {
			return nil, nil, fmt.Errorf("spawn 0x%08X: %w", sp.guid, err)
		}
	}
	w.PlayerGUID = modelessPlayer
	for i := 0; i < 3; i++ {
		w.Step(1.0 / 60)
	}
	return w, a, nil
}

// placeholderRun is the "placeholder" child: the model-less world for 10
// frames; testShot records where the camera and the boxes are.
func placeholderRun(dir string, cfg *Config) {
	cfg.Frames = 10
	cfg.Load = loadModeless
	testShot = func(g *game, ws *worldScene) {
		p := ws.world.Object(modelessPlayer).Phys.Position
		want := ws.cam.ToRender(p).Add(physics.Vec3{Z: view.FollowHeight})
		var lines string
		lines += fmt.Sprintf("target %v want %v\n", ws.cam.Target, want)
		for _, ph := range ws.r.Placeholders {
			d, _ := ws.r.DrawnOf(ph.GUID)
			lines += fmt.Sprintf("placeholder 0x%08X %q at %.0f,%.0f bounds %.0f %.0f %.0f %.0f\n", ph.GUID, ph.Label, ph.X, ph.Y, d.Bounds.MinX, d.Bounds.MinY, d.Bounds.MaxX, d.Bounds.MaxY)
		}
		if err := writeText(filepath.Join(dir, "placeholders.txt"), lines); err != nil {
			g.saveErr = err
		}
	}
}

// magenta counts the pixels of img inside r in the placeholder's hue:
// red and blue well above green (no terrain or sky colour is).
func magenta(img image.Image, r image.Rectangle) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if cr>>8 > cg>>8+60 && cb>>8 > cg>>8+60 {
				n++
			}
		}
	}
	return n
}

// TestWindowPlaceholderOnPlayer: objects whose model is missing are drawn
// as placeholder boxes, in a real window: the camera starts on the
// player (its target the player's head height, so the player's box is at
// the middle of the screen), the box's pixels are the placeholder colour,
// and each box is labelled with its name and guid.
func TestWindowPlaceholderOnPlayer(t *testing.T) {
	dir := runViewer(t, "placeholder")
	img := readPNG(t, filepath.Join(dir, "out.png"))
	text := readText(t, filepath.Join(dir, "placeholders.txt"))
	var target, want [3]float32
	var guid uint32
	var minX, minY, maxX, maxY float32
	if _, err := fmt.Sscanf(text, "target {%g %g %g} want {%g %g %g}\n", &target[0], &target[1], &target[2], &want[0], &want[1], &want[2]); err != nil {
		t.Fatalf("%v in %q", err, text)
	}
	if target != want {
		t.Errorf("camera target %v, want the player's head %v", target, want)
	}
	boxes := map[uint32]image.Rectangle{}
	for _, l := range splitLines(text)[1:] {
		var label string
		var x, y float32
		if _, err := fmt.Sscanf(l, "placeholder 0x%08X %q at %g,%g bounds %g %g %g %g", &guid, &label, &x, &y, &minX, &minY, &maxX, &maxY); err != nil {
			t.Fatalf("%v in %q", err, l)
		}
		if want := map[uint32]string{modelessPlayer: "Modeless 0x50000A01", modelessChest: "Chest 0x70000A02"}[guid]; want == "" || label[:len(want)] != want {
			t.Errorf("placeholder 0x%08X labelled %q", guid, label)
		}
		boxes[guid] = image.Rect(int(minX), int(minY), int(maxX), int(maxY))
	}
	pb, ok := boxes[modelessPlayer]
	if !ok || len(boxes) != 2 {
		t.Fatalf("placeholders %v, want the player's and the chest's", boxes)
	}
	mid := image.Pt(img.Bounds().Dx()/2, img.Bounds().Dy()/2)
	if !mid.In(pb) {
		t.Errorf("the player's box %v does not cover the middle of the screen %v", pb, mid)
	}
	for g, b := range boxes {
		if n := magenta(img, b); n < b.Dx()*b.Dy()/4 {
			t.Errorf("box 0x%08X %v: only %d placeholder-coloured pixels", g, b, n)
		}
	}
	if n := magenta(img, img.Bounds()); n == 0 {
		t.Error("no placeholder colour on screen")
	}
}

func writeText(path, text string) error { return os.WriteFile(path, []byte(text), 0o644) }

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func splitLines(s string) []string { return strings.Split(strings.TrimRight(s, "\n"), "\n") }

// reworldRun is the "reworld" child: a replay's window over the
// model-less world whose Config.World hands over another world from frame
// 5 on (a replay that sought back built its world again) holding only the
// player, moved 20 units east; testShot records which world the window
// ran and drew.
func reworldRun(dir string, cfg *Config) {
	cfg.Frames = 10
	cfg.Load = loadModeless
	cfg.Replay = netui.NewTimeline([]float64{0, 1})
	var again *systems.World
	frame := 0
	cfg.Frame = func(*systems.World, float64) error {
		frame++
		if frame == 5 {
			w, _, err := loadModeless(func(int, int) {})
			if err != nil {
				return err
			}
			w.Remove(modelessChest)
			o := w.Object(modelessPlayer)
			o.Phys.Position.Frame.Origin.X += 20
			again = w
		}
		return nil
	}
	cfg.World = func() *systems.World { return again }
	testShot = func(g *game, ws *worldScene) {
		p := again.Object(modelessPlayer).Phys.Position
		want := ws.cam.ToRender(p).Add(physics.Vec3{Z: view.FollowHeight})
		text := fmt.Sprintf("again %v now %.4f\ntarget %v want %v\n", ws.world == again, ws.world.Now, ws.cam.Target, want)
		for _, ph := range ws.r.Placeholders {
			text += fmt.Sprintf("placeholder 0x%08X\n", ph.GUID)
		}
		if err := writeText(filepath.Join(dir, "reworld.txt"), text); err != nil {
			g.saveErr = err
		}
	}
}

// TestWindowFollowsRebuiltWorld: when Config.World hands over another
// world (a replay's seek back), the window runs and draws that one: the
// new world steps, the camera follows its player, and the placeholders
// drawn are its objects (the old world's chest is gone).
func TestWindowFollowsRebuiltWorld(t *testing.T) {
	dir := runViewer(t, "reworld")
	lines := splitLines(readText(t, filepath.Join(dir, "reworld.txt")))
	var again bool
	var now float64
	var target, want [3]float32
	if _, err := fmt.Sscanf(lines[0], "again %t now %g", &again, &now); err != nil {
		t.Fatalf("%v in %q", err, lines[0])
	}
	if _, err := fmt.Sscanf(lines[1], "target {%g %g %g} want {%g %g %g}", &target[0], &target[1], &target[2], &want[0], &want[1], &want[2]); err != nil {
		t.Fatalf("%v in %q", err, lines[1])
	}
	if !again {
		t.Fatal("the window still runs the world it loaded")
	}
	if now < 3.0/60 {
		t.Errorf("the new world is at %v s: not stepped after the hand-over", now)
	}
	if target != want {
		t.Errorf("camera target %v, want the new world's player %v", target, want)
	}
	if got := lines[2:]; len(got) != 1 || got[0] != fmt.Sprintf("placeholder 0x%08X", modelessPlayer) {
		t.Errorf("placeholders drawn %q, want the new world's player alone", got)
	}
}
