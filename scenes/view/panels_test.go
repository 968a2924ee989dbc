package view

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dereth/dereth/control"
)

// TestPanelsKeepTheCentreClear: at every window size, each HUD panel —
// however long its text — stays out of the middle third of the screen and
// on it; a panel that fits is left as it is.
func TestPanelsKeepTheCentreClear(t *testing.T) {
	long := strings.Repeat(strings.Repeat("x", 150)+"\n", 60)
	tall := strings.Repeat("a line of the entity list\n", 60)
	wide := strings.Repeat("FPS 60.0  sim/real 1.00  script: found: humanoid 0x02000001, door 0x02000002, animated 0x02000003\n", 3)
	sizes := [][2]int{{640, 360}, {800, 450}, {1280, 720}, {1920, 1080}, {720, 1280}}
	for _, sz := range sizes {
		w, h := sz[0], sz[1]
		for _, at := range []Corner{TopLeft, TopRight, BottomLeft, TopCentre} {
			for name, text := range map[string]string{"long": long, "tall": tall, "wide": wide} {
				t.Run(fmt.Sprintf("%dx%d/%d/%s", w, h, at, name), func(t *testing.T) {
					got, r := FitPanel(text, at, w, h)
					if r.Overlaps(Centre(w, h)) {
						t.Fatalf("panel %v covers the centre %v", r, Centre(w, h))
					}
					if r.Min.X < 0 || r.Min.Y < 0 || r.Max.X > w || r.Max.Y > h {
						t.Fatalf("panel %v leaves the %dx%d screen", r, w, h)
					}
					if pw, ph := TextSize(got); pw != r.Dx() || ph != r.Dy() {
						t.Fatalf("rectangle %v does not hold its text (%dx%d)", r, pw, ph)
					}
				})
			}
		}
	}
	short := "FPS 60.0\nentities: 3"
	if got, _ := FitPanel(short, TopLeft, 1280, 720); got != short {
		t.Errorf("a panel that fits was changed to %q", got)
	}
}

// TestOutboundPanel: closed it is one line; open it lists at most
// MaxOutboundLines of the newest messages, whatever the log holds.
func TestOutboundPanel(t *testing.T) {
	var log control.Log
	for i := 0; i < 9; i++ {
		log.Add(control.Sent{Name: fmt.Sprintf("MoveToState%d", i)})
	}
	closed := OutboundText(&log, false)
	if strings.Count(strings.TrimRight(closed, "\n"), "\n") != 0 || !strings.Contains(closed, "9 messages") || !strings.Contains(closed, "F4") {
		t.Errorf("closed panel %q", closed)
	}
	open := OutboundText(&log, true)
	lines := strings.Split(strings.TrimRight(open, "\n"), "\n")
	if len(lines) != MaxOutboundLines+1 || !strings.Contains(lines[len(lines)-1], "MoveToState8") || strings.Contains(open, "MoveToState4") {
		t.Errorf("open panel:\n%s", open)
	}
}

// TestFitPanelAbove: a tall top panel with another panel below it ends at
// or above that panel's top (maxY), its last line counting the lines left
// out, and keeps the centre clear; given room, it is FitPanel's; bottom
// panels ignore maxY.
func TestFitPanelAbove(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	tall := b.String()
	for _, at := range []Corner{TopLeft, TopRight} {
		got, r := FitPanelAbove(tall, at, 1280, 720, 300)
		lines := strings.Split(got, "\n")
		if r.Max.Y > 300 || r.Overlaps(Centre(1280, 720)) {
			t.Errorf("corner %d: panel %v, want it above y 300 and clear of the centre", at, r)
		}
		// 300 − 8 (margin) − 6 (padding) = 286 px: 17 lines, the last the count.
		if len(lines) != 17 || lines[16] != fmt.Sprintf("... %d more lines", 60-16) {
			t.Errorf("corner %d: %d lines ending %q", at, len(lines), lines[len(lines)-1])
		}
		if r.Max.Y+LineH <= 300 {
			t.Errorf("corner %d: panel %v leaves a line's room above 300 unused", at, r)
		}
		roomy, rr := FitPanelAbove("FPS 60.0\nentities: 3", at, 1280, 720, 300)
		if want, wr := FitPanel("FPS 60.0\nentities: 3", at, 1280, 720); roomy != want || rr != wr {
			t.Errorf("corner %d: a panel with room changed: %q %v, want %q %v", at, roomy, rr, want, wr)
		}
	}
	if got, r := FitPanelAbove("outbound\nkeys", BottomLeft, 1280, 720, 100); r.Max.Y != 720-PanelMargin || got != "outbound\nkeys" {
		t.Errorf("a bottom panel moved for maxY: %q %v", got, r)
	}
}
