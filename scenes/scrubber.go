package scenes

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/dereth/dereth/scenes/netui"
)

// maxMessagesListed is how many of the selected object's messages its
// panel lists in a replay.
const maxMessagesListed = 10

// replayKeys are the replay's keys: P pauses and plays, N steps to the
// next packet.
func (s *worldScene) replayKeys(g *game) {
	tl := g.cfg.Replay
	if tl == nil {
		return
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyP) {
		tl.TogglePause()
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyN) {
		tl.Step()
	}
}

// scrubberClick seeks the replay to the time under a click on the
// scrubber's bar; it reports whether the click was on it.
func (s *worldScene) scrubberClick(g *game, x, y int) bool {
	tl := g.cfg.Replay
	if tl == nil {
		return false
	}
	r := netui.ScrubberRect(g.w, g.h)
	r.Max.Y += ebitenutilLineH // the status line under the bars counts
	if x < r.Min.X || x >= r.Max.X || y < r.Min.Y || y >= r.Max.Y {
		return false
	}
	tl.Seek(tl.TimeAt(x, r.Min.X, r.Dx()))
	return true
}

// ebitenutilLineH is the debug font's line height.
const ebitenutilLineH = 16

// drawScrubber draws the replay's scrubber along the top of the window:
// a bar a few pixels wide per span of the capture, its height growing
// with the square root of the span's packet count (the busiest span full
// height), the part already played
// brighter, a line where the replay is, and the status line under it.
func (s *worldScene) drawScrubber(g *game, screen *ebiten.Image) {
	tl := g.cfg.Replay
	if tl == nil {
		return
	}
	r := netui.ScrubberRect(screen.Bounds().Dx(), screen.Bounds().Dy())
	const barW = 3
	fillRect(screen, g.white, r.Min.X-4, r.Min.Y-4, r.Dx()+8, netui.ScrubberH-4, 0, 0, 0, 0.62)
	s.panels.occupy(image.Rect(r.Min.X-4, r.Min.Y-4, r.Max.X+4, r.Min.Y+netui.ScrubberH-8))
	density := tl.Density(r.Dx() / barW)
	top := 1
	for _, n := range density {
		top = max(top, n)
	}
	now := tl.Now()
	for i, n := range density {
		if n == 0 {
			continue
		}
		h := max(int(math.Sqrt(float64(n)/float64(top))*float64(r.Dy())), 2) // √: a quiet span still shows
		x := r.Min.X + i*barW
		played := tl.TimeAt(x+barW, r.Min.X, r.Dx()) <= now
		if played {
			fillRect(screen, g.white, x, r.Max.Y-h, barW-1, h, 0.35, 0.75, 1, 1)
		} else {
			fillRect(screen, g.white, x, r.Max.Y-h, barW-1, h, 0.3, 0.4, 0.5, 1)
		}
	}
	if end := tl.End(); end > 0 {
		x := r.Min.X + int(now/end*float64(r.Dx()))
		fillRect(screen, g.white, min(x, r.Max.X-1), r.Min.Y-2, 2, r.Dy()+4, 1, 0.85, 0.2, 1)
	}
	ebitenutil.DebugPrintAt(screen, tl.Status(), r.Min.X, r.Max.Y+2)
}

// replayMessages heads the selected object's panel in a replay with the
// messages about it so far.
func (s *worldScene) replayMessages(g *game) string {
	if g.cfg.Replay == nil || s.sel == 0 {
		return ""
	}
	return g.cfg.Replay.MessagesText(s.sel, maxMessagesListed)
}

// followWorld switches the window to the world Config.World names when it
// is not the one on screen (a replay that sought back built its world
// again): the old world's tracer is given back, the new one's streaming
// centres on what the camera follows, and a selection it lacks is
// dropped. The camera stays where it is until followTarget moves it.
func (s *worldScene) followWorld(g *game) {
	if g.cfg.World == nil {
		return
	}
	w := g.cfg.World()
	if w == nil || w == s.world {
		return
	}
	s.world.Trace = s.orig
	s.world, s.orig = w, w.Trace
	s.tail.Next = s.orig
	s.tail.Reset(s.tail.Watch)
	w.StreamFocus = s.streamFocus
	s.r.Highlight = w.PlayerGUID
	s.lastFollowed = 0
	if ra, ok := s.assets.(*ResidentAssets); ok {
		ra.World = w
	}
	if _, ok := w.Entity(s.sel); !ok {
		s.sel = 0
	}
}
