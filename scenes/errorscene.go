package scenes

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/systems"
)

// errorScene shows what failed and where, instead of crashing: F5 loads
// the world again (after the user fixed the script or the DATs), Esc quits.
type errorScene struct {
	title string
	lines []string
	// load is what F5 retries (Config.Load); nil: nothing to retry.
	load func(progress func(done, total int)) (*systems.World, Assets, error)
}

func newErrorScene(title string, err error) *errorScene {
	return &errorScene{title: title, lines: view.ErrorLines(err, 110)}
}

// Update loads again on F5 and quits on Esc.
func (s *errorScene) Update(g *game) error {
	g.frames++
	if inpututil.IsKeyJustPressed(ebiten.KeyF5) {
		s.retry(g)
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		return ebiten.Termination
	}
	return nil
}

// retry starts loading the world again (F5): the loading scene, then the
// world or a new error scene.
func (s *errorScene) retry(g *game) {
	if s.load == nil {
		return
	}
	g.loadErr = nil
	g.setScene(newLoadingScene(s.load))
}

// Draw shows the error.
func (s *errorScene) Draw(g *game, screen *ebiten.Image) {
	screen.Fill(errorBackground)
	ebitenutil.DebugPrintAt(screen, "dereth: "+s.title, 24, 24)
	ebitenutil.DebugPrintAt(screen, strings.Join(s.lines, "\n"), 24, 56)
	if keys := s.keys(g); keys != "" {
		ebitenutil.DebugPrintAt(screen, keys, 24, screen.Bounds().Dy()-32)
	}
}

// keys is the error screen's last line, the keys it answers: none in a
// screenshot run (saved and closed at once, no key will be pressed); F5
// as Config.Retry says (a session has no file to fix) when there is a
// load to retry; Esc.
func (s *errorScene) keys(g *game) string {
	if g.shooting() {
		return ""
	}
	if s.load == nil {
		return "Esc quits"
	}
	retry := g.cfg.Retry
	if retry == "" {
		retry = "F5 loads again (fix the file first)"
	}
	return retry + "   Esc quits"
}

var errorBackground = color.RGBA{0x30, 0x10, 0x10, 0xFF}
