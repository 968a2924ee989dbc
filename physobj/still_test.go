package physobj

import (
	"math"
	"testing"

	"github.com/dereth/dereth/physics"
)

// TestStillMatchesUpdatePhysicsInternal: Still is true exactly when
// UpdatePhysicsInternal's tests all fail (no gravity to add, velocity,
// acceleration and omega IsZero), over ±0, denormals and NaN in each
// vector, gravity on and off, on and off walkable ground — and then
// UpdatePhysicsInternalTouched writes nothing.
func TestStillMatchesUpdatePhysicsInternal(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	vals := []physics.Vec3{{}, {X: negZero, Z: negZero}, {Y: 1e-45}, {Z: float32(math.NaN())}, {X: 1}}
	n := 0
	for _, v := range vals {
		for _, a := range vals {
			for _, o := range vals {
				for _, st := range []physics.State{0, physics.StateGravity} {
					for _, tr := range []physics.Transient{0, physics.TransientOnWalkable} {
						p := &physics.Object{State: st, Transient: tr, Velocity: v, Acceleration: a, Omega: o}
						gravity := st.Has(physics.StateGravity) && !tr.Has(physics.TransientOnWalkable)
						want := !gravity && v.IsZero() && a.IsZero() && o.IsZero()
						if got := Still(p); got != want {
							t.Fatalf("Still(%+v) = %v, want %v", p, got, want)
						}
						cand := physics.Frame{Origin: physics.Vec3{X: 1, Y: 2, Z: 3}, Orientation: physics.IdentityQuat}
						before := cand
						if touched := UpdatePhysicsInternalTouched(p, 0.05, &cand); touched == want || (!touched && cand != before) {
							t.Fatalf("%+v: touched %v (still %v), candidate %+v from %+v", p, touched, want, cand, before)
						}
						if want {
							n++
						}
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no still case")
	}
}
