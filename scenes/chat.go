package scenes

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"

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
	rows, cols := view.BottomPanelRows(w, h), view.SidePanelCols(w, h)
	text := g.cfg.Chat.Text(rows, cols)
	if text == "" {
		return
	}
	_, rect := view.FitPanel(text, view.BottomRight, w, h)
	// The HUD's bottom-left panel (the key help) can reach under the
	// chat: the chat then sits on top of it, with the rows that leave the
	// centre clear. (A tall top-right panel — a selected object's — can
	// still reach down beside it on a small window.)
	bottom := h - view.PanelMargin
	for _, o := range s.panels.occupied {
		if o.Y >= view.Centre(w, h).Max.Y && o.X < rect.Max.X && rect.Min.X < o.X+o.W && o.Y < rect.Max.Y && rect.Min.Y < o.Y+o.H {
			bottom = min(bottom, o.Y-4)
		}
	}
	if bottom == h-view.PanelMargin {
		s.panels.occupy(panel(screen, g.white, text, view.BottomRight, 0.02, 0.06, 0.14))
		return
	}
	_, oneLine := view.TextSize("")
	padH := oneLine - view.LineH
	if rows = (bottom - view.Centre(w, h).Max.Y - view.PanelMargin - padH) / view.LineH; rows < 1 {
		return // no room between the centre and the HUD
	}
	text, rect = view.FitPanel(g.cfg.Chat.Text(rows, cols), view.BottomRight, w, h)
	rect = rect.Add(image.Pt(0, bottom-rect.Max.Y))
	fillRect(screen, g.white, rect.Min.X, rect.Min.Y, rect.Dx(), rect.Dy(), 0.02, 0.06, 0.14, 0.62)
	ebitenutil.DebugPrintAt(screen, text, rect.Min.X+4, rect.Min.Y+2)
	s.panels.occupy(rect)
}
