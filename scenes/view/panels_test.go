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
