package view

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/systems"
)

// containsAll reports whether s contains every one of subs.
func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// fakeClock is a wall clock tests move by hand.
type fakeClock struct{ t time.Time }

func (f *fakeClock) now() time.Time          { return f.t }
func (f *fakeClock) advance(d time.Duration) { f.t = f.t.Add(d) }

// TestRealClock: each frame's step is the wall-clock time since the last,
// and the ratio is simulated over real time: 1 when every frame's real
// time is simulated, below 1 with a fixed short step at a low frame rate
// or frames long enough for update_object to discard.
func TestRealClock(t *testing.T) {
	tests := []struct {
		name  string
		frame time.Duration // wall-clock time of each frame
		fixed float64       // the step taken (0: the elapsed time)
		ratio float64
	}{
		{"60 FPS", time.Second / 60, 0, 1},
		{"10 FPS", 100 * time.Millisecond, 0, 1},
		{"fixed 1/60 at 15 FPS", time.Second / 15, 1.0 / 60, 0.25},
		{"3 s frames are discarded", 3 * time.Second, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeClock{t: time.Unix(1000, 0)}
			c := RealClock{Now: f.now}
			c.Start()
			for i := 0; i < 200; i++ {
				f.advance(tt.frame)
				dt := c.Elapsed()
				if math.Abs(dt-tt.frame.Seconds()) > 1e-9 {
					t.Fatalf("frame %d: elapsed %v, want %v", i, dt, tt.frame.Seconds())
				}
				step := dt
				if tt.fixed > 0 {
					step = tt.fixed
				}
				c.Record(dt, step)
			}
			if got := c.Ratio(); math.Abs(got-tt.ratio) > 1e-6 {
				t.Fatalf("ratio %v, want %v", got, tt.ratio)
			}
			if s := StatsText(systems.NewWorld(), Stats{FPS: 15, SimRatio: tt.ratio}); !containsAll(s, "FPS 15.0", fmt.Sprintf("sim/real %.2f", tt.ratio)) {
				t.Errorf("HUD line %q lacks FPS or the ratio", s)
			}
		})
	}
}
