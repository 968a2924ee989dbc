package physobj

import (
	"math"
	"testing"

	"github.com/dereth/dereth/physics"
)

// nextMaxFirst is retail's next quantum with its order of tests (the
// MaxQuantum subdivision first), the reference for More and Take.
func nextMaxFirst(c *Clock) (float64, bool) {
	if c.elapsed > physics.MaxQuantum {
		c.p.UpdateTime += physics.MaxQuantum
		c.elapsed -= physics.MaxQuantum
		return physics.MaxQuantum, true
	}
	if c.elapsed > physics.MinQuantum {
		c.p.UpdateTime = c.now
		dt := c.elapsed
		c.elapsed = 0
		return dt, true
	}
	return 0, false
}

// TestClockMatchesRetailOrder runs whole clocks both ways from the same
// start, Start/Admitted/Rebase against retail's admission and More/Take
// against nextMaxFirst, and checks the admission, every quantum, the
// object's UpdateTime and the remainder left in the clock bit for bit.
func TestClockMatchesRetailOrder(t *testing.T) {
	if !(physics.MaxQuantum > physics.MinQuantum) {
		t.Fatal("More relies on MaxQuantum > MinQuantum")
	}
	elapsed := []float64{0, -1, physics.FrameEpsilon, physics.MinQuantum, math.Nextafter(physics.MinQuantum, 1),
		math.Nextafter(physics.MinQuantum, 0), physics.MaxQuantum, math.Nextafter(physics.MaxQuantum, 1),
		math.Nextafter(physics.MaxQuantum, 0), 2 * physics.MaxQuantum, physics.MaxQuantum + physics.MinQuantum,
		physics.MaxQuantum + math.Nextafter(physics.MinQuantum, 1), 0.25, 1.0 / 60, 1.0 / 30, 1.9999,
		math.NaN(), math.Inf(1), math.Inf(-1)}
	for i := 0; i < 200; i++ {
		elapsed = append(elapsed, float64(i)*0.0107)
	}
	for _, e := range elapsed {
		const now = 1234.5
		pa, pb := &physics.Object{UpdateTime: now - e}, &physics.Object{UpdateTime: now - e}
		var a Clock
		a.Start(pa, now)
		b := Clock{pb, now, now - pb.UpdateTime}
		admitted := a.Admitted()
		if !admitted {
			a.Rebase()
		}
		wantAdmitted := true
		if b.elapsed <= physics.FrameEpsilon || b.elapsed > physics.HugeQuantum {
			pb.UpdateTime, wantAdmitted = now, false
		}
		if admitted != wantAdmitted || math.Float64bits(pa.UpdateTime) != math.Float64bits(pb.UpdateTime) ||
			math.Float64bits(a.Elapsed()) != math.Float64bits(b.elapsed) {
			t.Fatalf("elapsed %v: admitted %v (time %v, elapsed %v), retail %v (%v, %v)",
				e, admitted, pa.UpdateTime, a.Elapsed(), wantAdmitted, pb.UpdateTime, b.elapsed)
		}
		for n := 0; ; n++ {
			var da float64
			oka := a.More()
			if oka {
				da = a.Take()
			}
			db, okb := nextMaxFirst(&b)
			if math.Float64bits(da) != math.Float64bits(db) || oka != okb ||
				math.Float64bits(pa.UpdateTime) != math.Float64bits(pb.UpdateTime) ||
				math.Float64bits(a.elapsed) != math.Float64bits(b.elapsed) {
				t.Fatalf("elapsed %v, quantum %d: More/Take (%v, %v, time %v, left %v), retail order (%v, %v, time %v, left %v)",
					e, n, da, oka, pa.UpdateTime, a.elapsed, db, okb, pb.UpdateTime, b.elapsed)
			}
			if !oka || n > 100 {
				break
			}
		}
	}
}
