package collision

import (
	"testing"

	"github.com/dereth/dereth/physics"
)

// epochEnv is a flatEnv that tells when its heights may change (Epoch)
// and counts the resolver's LandHeights calls.
type epochEnv struct {
	flatEnv
	epoch uint64
	asks  int
}

func (e *epochEnv) Epoch() uint64 { return e.epoch }

func (e *epochEnv) LandHeights(block uint32) (*Heights, bool) {
	e.asks++
	return e.flatEnv.LandHeights(block)
}

// TestHeightsKeptWithinAnEpoch: a resolver over an Env with epochs asks
// for a landblock's heights once per epoch, however many moves it makes,
// and moves exactly as a resolver over the same terrain without epochs
// (asked on every move) — also after the terrain changes under a new
// epoch, which it follows: a walker on a slope that turns steeper goes
// where the plain resolver takes it.
func TestHeightsKeptWithinAnEpoch(t *testing.T) {
	ep := &epochEnv{flatEnv: flatEnv{slopeX: 0.1}}
	plain := &flatEnv{slopeX: 0.1}
	re, rp := NewResolver(ep), NewResolver(plain)
	m := walker()
	pe, pp := at(40, 40, 4), at(40, 40, 4) // on the slope: z = 0.1·x
	var ce, cp Contact
	step := physics.Vec3{X: 0.3, Y: 0.1}
	for i := range 40 {
		if i == 20 {
			// The land changes: a new epoch; the plain Env changes alike.
			ep.epoch++
			ep.slopeX, ep.cache = 0.3, nil
			plain.slopeX, plain.cache = 0.3, nil
		}
		a := *re.transitionAt(m, pe, pe.Frame.Origin.Add(step), &ce)
		b := *rp.transitionAt(m, pp, pp.Frame.Origin.Add(step), &cp)
		if a.Cell != b.Cell || a.Origin != b.Origin || a.OnWalkable != b.OnWalkable || ce != cp {
			t.Fatalf("move %d: with epochs %+v %+v, without %+v %+v", i, a.Origin, ce, b.Origin, cp)
		}
		pe = physics.Position{Cell: a.Cell, Frame: physics.Frame{Origin: a.Origin, Orientation: physics.IdentityQuat}}
		pp = pe
	}
	if ep.asks != 2 {
		t.Fatalf("LandHeights asked %d times over 40 moves in two epochs, want 2", ep.asks)
	}
}

// transitionAt is TransitionContact with begin by value.
func (r *Resolver) transitionAt(m *Mover, begin physics.Position, end physics.Vec3, c *Contact) *Result {
	return r.TransitionContact(m, &begin, end, c)
}
