package physobj

import (
	"testing"

	"github.com/dereth/dereth/physics"
)

// TestStationaryFallTable: Transition's table read of the three
// stationary flags gives, for each of their eight combinations (with the
// other transient bits set and clear), what the transition's
// FramesStationaryFall is by its order: Stuck 3, else Stop 2, else
// Fall 1, else 0.
func TestStationaryFallTable(t *testing.T) {
	flags := []physics.Transient{physics.TransientStationaryFall, physics.TransientStationaryStop, physics.TransientStationaryStuck}
	for combo := range 8 {
		for _, others := range []physics.Transient{0, ^(physics.TransientStationaryFall | physics.TransientStationaryStop | physics.TransientStationaryStuck)} {
			tr := others
			for i, f := range flags {
				if combo&(1<<i) != 0 {
					tr |= f
				}
			}
			want := uint8(0)
			switch {
			case tr&physics.TransientStationaryStuck != 0:
				want = 3
			case tr&physics.TransientStationaryStop != 0:
				want = 2
			case tr&physics.TransientStationaryFall != 0:
				want = 1
			}
			if got := stationaryFallOf(tr); got != want {
				t.Errorf("transient %#x: table %d, by order %d", tr, got, want)
			}
		}
	}
}
