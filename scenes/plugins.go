package scenes

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/dereth/dereth/plugin"
)

// Plugin panels (docs/plugins.md): drawn over the world with
// ebitenutil's debug font (6×16 pixels a character), placed by
// plugin.Layout (auto panels stacked down the right edge, never over one
// another nor over what the viewer drew this frame: the HUD's panels, the
// chat, the maps, the scrubber and banners), dragged by their title line,
// all hidden and shown again with PanelKey.

// PanelKey hides and shows every plugin panel.
const PanelKey = ebiten.KeyP

const (
	panelLineH = 16
	panelCharW = 6
)

// pluginPanels is the viewer's state of the plugins' panels.
type pluginPanels struct {
	hidden bool
	// drag is the panel being dragged (nil: none) and the grab offset.
	drag         *plugin.Panel
	dragX, dragY int
	rects        []plugin.Rect
	// occupied is what the viewer's own overlays cover this frame (Draw
	// resets it and every overlay adds its rectangle): auto panels are
	// laid out clear of it.
	occupied []plugin.Rect
}

// occupy records a rectangle an overlay covers this frame.
func (pp *pluginPanels) occupy(r image.Rectangle) {
	if !r.Empty() {
		pp.occupied = append(pp.occupied, plugin.Rect{X: r.Min.X, Y: r.Min.Y, W: r.Dx(), H: r.Dy()})
	}
}

// update handles PanelKey and dragging; it reports whether the mouse is
// busy with a panel (the camera must not take the drag).
func (pp *pluginPanels) update(panels []*plugin.Panel, screenW, screenH int) bool {
	if inpututil.IsKeyJustPressed(PanelKey) {
		pp.hidden = !pp.hidden
	}
	if pp.hidden || len(panels) == 0 {
		pp.drag = nil
		return false
	}
	pp.rects = plugin.Layout(panels, screenW, screenH, panelLineH, panelCharW, pp.occupied...) // the last frame's overlays
	x, y := ebiten.CursorPosition()
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		for i, r := range pp.rects {
			if panels[i].Visible && x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+panelLineH+6 {
				pp.drag, pp.dragX, pp.dragY = panels[i], x-r.X, y-r.Y
			}
		}
	}
	if pp.drag == nil {
		return false
	}
	if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		pp.drag = nil
		return true
	}
	pp.drag.MoveTo(max(0, x-pp.dragX), max(0, y-pp.dragY))
	return true
}

// draw draws the visible panels, each a translucent box with its title
// line (tinted) and lines.
func (pp *pluginPanels) draw(screen, white *ebiten.Image, panels []*plugin.Panel) {
	if pp.hidden || len(panels) == 0 {
		return
	}
	rects := plugin.Layout(panels, screen.Bounds().Dx(), screen.Bounds().Dy(), panelLineH, panelCharW, pp.occupied...)
	pp.rects = rects
	for i, pn := range panels {
		if !pn.Visible {
			continue
		}
		r := rects[i]
		fillRect(screen, white, r.X, r.Y, r.W, r.H, 0.05, 0.05, 0.12, 0.7)
		fillRect(screen, white, r.X, r.Y, r.W, panelLineH+6, 0.15, 0.2, 0.45, 0.85)
		ebitenutil.DebugPrintAt(screen, pn.Title, r.X+6, r.Y+3)
		for j, l := range pn.Lines {
			ebitenutil.DebugPrintAt(screen, l, r.X+6, r.Y+6+(j+1)*panelLineH)
		}
	}
}
