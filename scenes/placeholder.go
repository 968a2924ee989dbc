package scenes

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"

	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenes/netui"
	"github.com/dereth/dereth/scenes/view"
)

// maxLabels bounds the placeholder labels drawn a frame (a crowd of
// model-less objects would otherwise bury the screen in text).
const maxLabels = 24

// drawPlaceholderLabels writes each placeholder box's label (view.Placeholder)
// centred above it on a dark backing, the first maxLabels of the frame.
func (s *worldScene) drawPlaceholderLabels(g *game, screen *ebiten.Image) {
	for i, p := range s.r.Placeholders {
		if i == maxLabels {
			break
		}
		w, h := view.TextSize(p.Label)
		x, y := int(p.X)-w/2, int(p.Y)-h
		fillRect(screen, g.white, x, y, w, h, 0.05, 0.02, 0.08, 0.7)
		ebitenutil.DebugPrintAt(screen, p.Label, x+4, y+2)
	}
}

// drawPlayerBanner says, at the top of the window, why the local player
// is not drawn (view.PlayerBanner); nothing while it can be seen.
func (s *worldScene) drawPlayerBanner(g *game, screen *ebiten.Image) {
	if s.banner = view.PlayerBanner(s.world); s.banner == "" || !g.cfg.Session && s.world.PlayerGUID == 0 {
		s.banner = ""
		return
	}
	if g.cfg.Replay == nil {
		s.panels.occupy(panel(screen, g.white, s.banner, view.TopCentre, 0.55, 0.35, 0.02))
		return
	}
	// Below the replay's scrubber.
	bd := screen.Bounds()
	text, rect := view.FitPanel(s.banner, view.TopCentre, bd.Dx(), bd.Dy())
	rect = rect.Add(image.Pt(0, netui.ScrubberH+8-rect.Min.Y))
	fillPanel(screen, g.white, text, rect, 0.55, 0.35, 0.02)
	s.panels.occupy(rect)
}

// missingText is the HUD's missing-asset list: what the session's world
// could not read (Config.MissingAssets) and what the renderer could not
// (view.AssetText), wrapped to the left panel's width.
func (s *worldScene) missingText(g *game, screenW, screenH int) string {
	missing := s.r.Missing
	if g.cfg.MissingAssets != nil {
		if more := g.cfg.MissingAssets(); len(more) > 0 {
			missing = append(append([]view.MissingAsset(nil), more...), missing...)
		}
	}
	return view.AssetText(missing, s.r.Errors, view.SidePanelCols(screenW, screenH))
}

// startOnPlayer starts the camera afresh on the local player the first
// time it is followed with a position: behind it, with render space based
// on its landblock. A session names and places its player after the
// window opened (a replay's login), so the first camera was put
// elsewhere; later the orbit the user chose is kept.
func (s *worldScene) startOnPlayer(guid uint32, p physics.Position) {
	if s.onPlayer || guid == 0 || guid != s.world.PlayerGUID || p.Cell == 0 {
		return
	}
	s.onPlayer = true
	if s.cam.Fly {
		return
	}
	m := s.cam.Map
	s.cam = view.NewCamera(s.cam.W, s.cam.H, p)
	if m {
		s.cam.ToggleMap()
	}
	s.lastFollowed = 0
}
