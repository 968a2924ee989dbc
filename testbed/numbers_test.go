package testbed

import (
	"math"
	"runtime"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestNumberSlabBoxes: every boxed number reads back as the same
// lua.LNumber, bit for bit (signed zero and NaN too), across several
// slabs and after a GC, and boxing allocates one slab per 1024 numbers.
func TestNumberSlabBoxes(t *testing.T) {
	var n numberSlab
	specials := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e300, math.Inf(1), math.Inf(-1), math.NaN(), 0xA9B40012}
	var vals []float64
	for i := 0; i < 3*numberSlabSize+7; i++ {
		vals = append(vals, specials[i%len(specials)]+float64(i/len(specials)))
	}
	vals = append(vals, specials...)
	boxed := make([]lua.LValue, len(vals))
	for i, v := range vals {
		boxed[i] = n.box(v)
	}
	runtime.GC()
	for i, v := range vals {
		got, ok := boxed[i].(lua.LNumber)
		if !ok || math.Float64bits(float64(got)) != math.Float64bits(v) {
			t.Fatalf("value %d: boxed %v (%T), want %v", i, boxed[i], boxed[i], v)
		}
	}
	allocs := testing.AllocsPerRun(10, func() {
		for i := 0; i < numberSlabSize; i++ {
			_ = n.box(float64(i) + 0.5)
		}
	})
	if allocs > 1 {
		t.Fatalf("%v allocations per %d numbers, want at most one slab", allocs, numberSlabSize)
	}
}
