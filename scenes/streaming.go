package scenes

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/stream"
	"github.com/dereth/dereth/systems"
)

// portalSky is portal space's background: never the world's sky.
var portalSky = color.RGBA{0x14, 0x06, 0x24, 0xFF}

// drawPortalSpace draws the portal tunnel instead of the world while the
// local player is between a login or teleport and its reveal (seed 003
// §2: the world is not shown before the barrier opens). It reports
// whether it drew.
func (s *worldScene) drawPortalSpace(g *game, screen *ebiten.Image) bool {
	if !s.world.SmartBox.InPortalSpace() {
		return false
	}
	screen.Fill(portalSky)
	b := screen.Bounds()
	cx, cy := b.Dx()/2, b.Dy()/2
	t := float64(g.frames) / 40
	// Products are rounded (float32(a*b), float64(a*b)) before they are
	// added: no fused multiply-add (docs/architecture.md).
	for i := 0; i < 14; i++ {
		// rings rushing outward: a tunnel, clearly not the world
		f := math.Mod(float64(i)/14+t, 1)
		r := int(f * f * float64(max(b.Dx(), b.Dy())) * 0.75)
		a := float32(0.15 + float64(0.6*(1-f)))
		hue := float32(0.5 + float64(0.5*math.Sin(t+float64(i))))
		x0, y0 := cx-r, cy-r*2/3
		w, h := 2*r, r*4/3
		const th = 3
		fillRect(screen, g.white, x0, y0, w, th, 0.55+float32(0.3*hue), 0.25, 0.85, a)
		fillRect(screen, g.white, x0, y0+h-th, w, th, 0.55+float32(0.3*hue), 0.25, 0.85, a)
		fillRect(screen, g.white, x0, y0, th, h, 0.55+float32(0.3*hue), 0.25, 0.85, a)
		fillRect(screen, g.white, x0+w-th, y0, th, h, 0.55+float32(0.3*hue), 0.25, 0.85, a)
	}
	msg := "portal space: " + travelText(s.world)
	ebitenutil.DebugPrintAt(screen, msg, cx-len(msg)*3, cy-8)
	return true
}

// travelText says where the player's arrival is.
func travelText(w *systems.World) string {
	switch w.SmartBox.TravelState() {
	case "awaiting":
		return "waiting for the destination"
	case "loading":
		d, _ := w.SmartBox.TravelDestination()
		return fmt.Sprintf("loading landblock 0x%04X", d.Cell>>16)
	case "committed":
		return "arriving"
	}
	return ""
}

// streamHUD is the HUD's streaming line: the generation and the resident
// landblocks by tier.
func streamHUD(w *systems.World) string {
	a, ok := w.Stream.(*stream.Adapter)
	if !ok {
		return ""
	}
	near, far, pending := 0, 0, 0
	for _, sl := range a.Resident() {
		switch sl.Published {
		case stream.Near:
			near++
		case stream.Far:
			far++
		}
		if sl.Pending != stream.None {
			pending++
		}
	}
	c, _ := a.Center()
	line := fmt.Sprintf("landblocks: gen %d, centre 0x%04X, %d near, %d far, %d building", a.Gen(), c>>16, near, far, pending)
	if a.Collapsed() {
		line += " (dungeon)"
	}
	if st := travelText(w); st != "" {
		line += "; " + st
	}
	return line + "\n"
}

// drawResidency draws the resident landblocks around the ring's centre
// as a small map in the bottom-right corner: Near green, Far blue-grey,
// still building amber, the centre outlined.
func (s *worldScene) drawResidency(g *game, screen *ebiten.Image) {
	a, ok := s.world.Stream.(*stream.Adapter)
	if !ok {
		return
	}
	c, centred := a.Center()
	if !centred {
		return
	}
	const cell = 9
	rad := a.Config().FarRadius
	side := (2*rad + 1) * cell
	b := screen.Bounds()
	x0, y0 := b.Dx()-side-12, b.Dy()-side-40
	fillRect(screen, g.white, x0-3, y0-3, side+6, side+6, 0, 0, 0, 0.55)
	s.panels.occupy(image.Rect(x0-3, y0-3, x0+side+3, y0+side+3))
	cx, cy := dat.BlockXY(c)
	for _, sl := range a.Resident() {
		bx, by := dat.BlockXY(sl.Block)
		dx, dy := bx-cx+rad, cy-by+rad // north up
		if dx < 0 || dy < 0 || dx > 2*rad || dy > 2*rad {
			continue
		}
		r, gr, bl := float32(0.45), float32(0.5), float32(0.6)
		switch {
		case sl.Absent:
			continue // the data has no such landblock
		case sl.Published == stream.Near:
			r, gr, bl = 0.25, 0.75, 0.3
		case sl.Published == stream.None:
			r, gr, bl = 0.85, 0.6, 0.15
		}
		fillRect(screen, g.white, x0+dx*cell+1, y0+dy*cell+1, cell-2, cell-2, r, gr, bl, 0.9)
	}
	m := x0 + rad*cell
	n := y0 + rad*cell
	fillRect(screen, g.white, m, n, cell, 1, 1, 1, 1, 1)
	fillRect(screen, g.white, m, n+cell-1, cell, 1, 1, 1, 1, 1)
	fillRect(screen, g.white, m, n, 1, cell, 1, 1, 1, 1)
	fillRect(screen, g.white, m+cell-1, n, 1, cell, 1, 1, 1, 1)
}
