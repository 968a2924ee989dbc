package scenes

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dereth/dereth/internal/testworld"
	"github.com/dereth/dereth/plugin"
	"github.com/dereth/dereth/scenes/netui"
)

// panelsRun is the "panels" child: the HUD on with an object selected
// (its top-right panel tall), a chat line (the bottom-right panel) and
// two plugins' panels, laid out automatically; testShot records the
// rectangles the viewer's overlays covered and where each plugin panel
// was drawn.
func panelsRun(dir string, cfg *Config) error {
	cfg.HideHUD = false
	cfg.Frames = 5
	testStart = func(ws *worldScene) { ws.sel = testworld.Walker }
	cfg.Chat = &netui.Chat{}
	cfg.Chat.Add(netui.ChatLine{Kind: "Communication_HearSpeech", Sender: "Town Crier", Text: "hear ye"})
	m := plugin.New(plugin.Options{Stderr: io.Discard})
	for name, src := range map[string]string{
		"near.lua":  `panel{title="who is near", lines={"a","b","c","d","e","f","g","h","i","j","k","l"}}`,
		"other.lua": `panel{title="follow-bot", lines={"following Town Crier","distance 12.5 m"}}`,
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			return err
		}
		if _, err := m.Load(path); err != nil {
			return err
		}
	}
	cfg.Panels = m.Panels
	testShot = func(g *game, ws *worldScene) {
		var b strings.Builder
		for _, r := range ws.panels.occupied {
			fmt.Fprintf(&b, "hud %d %d %d %d\n", r.X, r.Y, r.W, r.H)
		}
		for _, r := range ws.panels.rects {
			fmt.Fprintf(&b, "panel %d %d %d %d\n", r.X, r.Y, r.W, r.H)
		}
		if err := writeText(filepath.Join(dir, "panels.txt"), b.String()); err != nil {
			g.saveErr = err
		}
	}
	return Run(*cfg)
}

// TestWindowPluginPanelsClearOfHUD: in a real window with the HUD on, an
// object selected and a chat line, two plugins' panels are drawn on
// screen, apart from each other and from every rectangle the viewer's
// own overlays covered in the same frame (the HUD's three corner panels,
// the chat), and those overlays apart from each other.
func TestWindowPluginPanelsClearOfHUD(t *testing.T) {
	dir := runViewer(t, "panels")
	var hud, panels []plugin.Rect
	for _, l := range splitLines(readText(t, filepath.Join(dir, "panels.txt"))) {
		var kind string
		var r plugin.Rect
		if _, err := fmt.Sscanf(l, "%s %d %d %d %d", &kind, &r.X, &r.Y, &r.W, &r.H); err != nil {
			t.Fatalf("%v in %q", err, l)
		}
		if kind == "hud" {
			hud = append(hud, r)
		} else {
			panels = append(panels, r)
		}
	}
	if len(hud) < 4 || len(panels) != 2 {
		t.Fatalf("%d overlay rectangles (want the HUD's three and the chat), %d panels (want 2)", len(hud), len(panels))
	}
	const w, h = 800, 450 // the child's window
	for i, p := range panels {
		if p.W <= 0 || p.H <= 0 || p.X < 0 || p.Y < 0 || p.X+p.W > w || p.Y+p.H > h {
			t.Errorf("panel %d at %v is not on the %d×%d screen", i, p, w, h)
		}
		for _, q := range hud {
			if p.Overlaps(q) {
				t.Errorf("panel %d at %v overlaps the viewer's overlay at %v", i, p, q)
			}
		}
		for _, q := range panels[i+1:] {
			if p.Overlaps(q) {
				t.Errorf("panels %v and %v overlap", p, q)
			}
		}
	}
	// The viewer's own overlays keep clear of each other too: in this
	// narrow window the key help (bottom left) reaches under the chat
	// (bottom right), which then sits on top of it, and the selected
	// object's tall panel (top right) ends above both.
	for i, p := range hud {
		for _, q := range hud[i+1:] {
			if p.Overlaps(q) {
				t.Errorf("the viewer's overlays at %v and %v overlap", p, q)
			}
		}
	}
}
