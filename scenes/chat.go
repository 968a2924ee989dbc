package scenes

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/dereth/dereth/scenes/view"
)

// drawChat draws the chat panel (Config.Chat) at the bottom right: the
// newest lines that fit below the middle of the screen, wrapped to the
// panel's width. Nothing until something was said.
func (s *worldScene) drawChat(g *game, screen *ebiten.Image) {
	text, rect := s.chatLayout(g, screen.Bounds().Dx(), screen.Bounds().Dy())
	if text == "" {
		return
	}
	fillPanel(screen, g.white, text, rect, 0.02, 0.06, 0.14)
	s.panels.occupy(rect)
}

// chatLayout is the chat panel's text and place on a w×h screen this
// frame, worked out once after the HUD placed its key help: at the bottom
// right, or, where the key help (s.keyHelp) reaches under it, on top of
// the key help with the rows that leave the centre clear. Empty when
// there is nothing to show or no room.
func (s *worldScene) chatLayout(g *game, w, h int) (string, image.Rectangle) {
	if !s.chat.placed {
		s.chat.text, s.chat.rect = s.placeChat(g, w, h)
		s.chat.placed = true
	}
	return s.chat.text, s.chat.rect
}

// placeChat is chatLayout's work.
func (s *worldScene) placeChat(g *game, w, h int) (string, image.Rectangle) {
	if g.cfg.Chat == nil {
		return "", image.Rectangle{}
	}
	rows, cols := view.BottomPanelRows(w, h), view.SidePanelCols(w, h)
	text := g.cfg.Chat.Text(rows, cols)
	if text == "" {
		return "", image.Rectangle{}
	}
	text, rect := view.FitPanel(text, view.BottomRight, w, h)
	if !rect.Overlaps(s.keyHelp) {
		return text, rect
	}
	bottom := s.keyHelp.Min.Y - 4
	_, oneLine := view.TextSize("")
	padH := oneLine - view.LineH
	if rows = (bottom - view.Centre(w, h).Max.Y - view.PanelMargin - padH) / view.LineH; rows < 1 {
		return "", image.Rectangle{} // no room between the centre and the HUD
	}
	text, rect = view.FitPanel(g.cfg.Chat.Text(rows, cols), view.BottomRight, w, h)
	return text, rect.Add(image.Pt(0, bottom-rect.Max.Y))
}
