package collision

import (
	"math"
	"testing"
)

// TestBothFiniteIsFiniteOfEach: bothFinite(a, b) is a.Finite() &&
// b.Finite() for every component being finite, ±0, the largest float32,
// ±Inf or NaN, in each of the six places.
func TestBothFiniteIsFiniteOfEach(t *testing.T) {
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	values := []float32{0, float32(math.Copysign(0, -1)), 1.5, -3, math.MaxFloat32, -math.MaxFloat32, inf, -inf, nan}
	for place := range 6 {
		for _, v := range values {
			var ab [6]float32
			for i := range ab {
				ab[i] = 2.25
			}
			ab[place] = v
			a, b := vec{X: ab[0], Y: ab[1], Z: ab[2]}, vec{X: ab[3], Y: ab[4], Z: ab[5]}
			if got, want := bothFinite(a, b), a.Finite() && b.Finite(); got != want {
				t.Fatalf("bothFinite(%v, %v) = %v, want %v", a, b, got, want)
			}
		}
	}
	big := vec{X: math.MaxFloat32, Y: math.MaxFloat32, Z: -math.MaxFloat32}
	if !bothFinite(big, big) {
		t.Fatal("bothFinite of the largest finite components is false")
	}
}
