package physobj

import (
	"math"
	"testing"

	"github.com/dereth/dereth/physics"
)

// nextMaxFirst is Next with retail's order of tests (the MaxQuantum
// subdivision first), the reference for Next's MinQuantum-first order.
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

// TestClockNextMatchesRetailOrder runs whole clocks both ways from the
// same start and checks every quantum, the object's UpdateTime and the
// remainder left in the clock bit for bit.
func TestClockNextMatchesRetailOrder(t *testing.T) {
	if !(physics.MaxQuantum > physics.MinQuantum) {
		t.Fatal("Next's order relies on MaxQuantum > MinQuantum")
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
		a, b := Clock{pa, now, e}, Clock{pb, now, e}
		for n := 0; ; n++ {
			da, oka := a.Next()
			db, okb := nextMaxFirst(&b)
			if math.Float64bits(da) != math.Float64bits(db) || oka != okb ||
				math.Float64bits(pa.UpdateTime) != math.Float64bits(pb.UpdateTime) ||
				math.Float64bits(a.elapsed) != math.Float64bits(b.elapsed) {
				t.Fatalf("elapsed %v, quantum %d: Next (%v, %v, time %v, left %v), retail order (%v, %v, time %v, left %v)",
					e, n, da, oka, pa.UpdateTime, a.elapsed, db, okb, pb.UpdateTime, b.elapsed)
			}
			if !oka || n > 100 {
				break
			}
		}
	}
}
