package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/dereth/dereth/scenes/view"
)

// drawChat draws the chat panel (Config.Chat) at the bottom right: the
// newest lines that fit below the middle of the screen, wrapped to the
// panel's width. Nothing until something was said.
func (s *worldScene) drawChat(g *game, screen *ebiten.Image) {
	if g.cfg.Chat == nil {
		return
	}
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	text := g.cfg.Chat.Text(view.BottomPanelRows(w, h), view.SidePanelCols(w, h))
	if text == "" {
		return
	}
	s.panels.occupy(panel(screen, g.white, text, view.BottomRight, 0.02, 0.06, 0.14))
}
