package dat

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dereth/dereth/physics"
)

// TestAdjustToOutsideShortcut compares AdjustToOutside's shortcut with
// the whole retail function (adjustToOutsideRetail) bit for bit: the cell,
// the ok flag and the adjusted point, at every edge the shortcut tests (the snapping band, the cell
// and block boundaries as float32 quotients round them, the last
// landblock row and column, indoor and invalid cells, NaN and infinities)
// and over random points around a block.
func TestAdjustToOutsideShortcut(t *testing.T) {
	below := func(v float32) float32 { return math.Nextafter32(v, -1) }
	edges := []float32{
		0, float32(math.Copysign(0, -1)), 1e-9, below(0.0002), 0.0002, below(posEpsilon), posEpsilon, 0.5,
		below(CellLength), CellLength, 47.999996, below(48), 48,
		below(BlockLength), BlockLength, 191.99999, 192.00002, 200,
		-1e-9, -0.1, -24, -192.5,
		float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)),
	}
	cells := []uint32{0xA9B40001, 0xA9B40012, 0xA9B40040, 0x00000001, 0xFE000008, 0xFF010001, 0x01FF0001, 0xFEFE0040, 0xA9B40100, 0xA9B40041, 0xA9B40000, 0xA9B4FFFF}
	check := func(cell uint32, x, y float32) {
		t.Helper()
		want := physics.Vec3{X: x, Y: y, Z: 5}
		got := want
		wc, wok := adjustToOutsideRetail(cell, &want)
		gc, gok := AdjustToOutside(cell, &got)
		if wc != gc || wok != gok || math.Float32bits(want.X) != math.Float32bits(got.X) ||
			math.Float32bits(want.Y) != math.Float32bits(got.Y) || math.Float32bits(want.Z) != math.Float32bits(got.Z) {
			t.Fatalf("cell 0x%08X at (%v, %v): shortcut 0x%08X %v %v, retail 0x%08X %v %v", cell, x, y, gc, gok, got, wc, wok, want)
		}
	}
	for _, c := range cells {
		for _, x := range edges {
			for _, y := range edges {
				check(c, x, y)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		c := cells[r.IntN(len(cells))]
		check(c, float32(r.Float32()*240)-24, float32(r.Float32()*240)-24)
	}
}
