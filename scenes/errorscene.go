package scenes

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/dereth/dereth/scenes/view"
)

// errorScene shows what failed and where, instead of crashing: Esc quits.
type errorScene struct {
	title string
	lines []string
}

func newErrorScene(title string, err error) *errorScene {
	return &errorScene{title: title, lines: view.ErrorLines(err, 110)}
}

// Update quits on Esc.
func (s *errorScene) Update(g *game) error {
	g.frames++
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		return ebiten.Termination
	}
	return nil
}

// Draw shows the error.
func (s *errorScene) Draw(g *game, screen *ebiten.Image) {
	screen.Fill(errorBackground)
	ebitenutil.DebugPrintAt(screen, "dereth: "+s.title, 24, 24)
	ebitenutil.DebugPrintAt(screen, strings.Join(s.lines, "\n"), 24, 56)
	ebitenutil.DebugPrintAt(screen, "Esc quits", 24, screen.Bounds().Dy()-32)
}

var errorBackground = color.RGBA{0x30, 0x10, 0x10, 0xFF}
