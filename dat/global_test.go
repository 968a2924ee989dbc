package dat

import (
	"math"
	"testing"

	"github.com/dereth/dereth/physics"
)

func TestGlobalSpace(t *testing.T) {
	pos := func(cell uint32, x, y, z float32) physics.Position {
		return physics.Position{Cell: cell, Frame: physics.Frame{Origin: physics.Vec3{X: x, Y: y, Z: z}, Orientation: physics.IdentityQuat}}
	}
	tests := []struct {
		name     string
		a, b     physics.Position
		offset   physics.Vec3 // b − a
		distance float32
	}{
		{"same cell", pos(0xA9B40012, 10, 20, 0), pos(0xA9B40012, 13, 24, 0), physics.Vec3{X: 3, Y: 4}, 5},
		{"same landblock, other cell", pos(0xA9B40001, 1, 1, 0), pos(0xA9B40040, 190, 190, 12), physics.Vec3{X: 189, Y: 189, Z: 12}, float32(math.Sqrt(189*189*2 + 144))},
		{"seam at x=192 (0xA9B4 → 0xAAB4)", pos(0xA9B40039, 191, 10, 5), pos(0xAAB40001, 1, 10, 5), physics.Vec3{X: 2}, 2},
		{"seam at x=192 backwards", pos(0xAAB40001, 1, 10, 5), pos(0xA9B40039, 191, 10, 5), physics.Vec3{X: -2}, 2},
		{"one point named from both sides of the seam", pos(0xA9B40039, 192, 50, 0), pos(0xAAB40001, 0, 50, 0), physics.Vec3{}, 0},
		{"seam at y=192 (0xA9B4 → 0xA9B5)", pos(0xA9B40008, 100, 190, 0), pos(0xA9B50001, 100, 1, 0), physics.Vec3{Y: 3}, 3},
		{"diagonal across both seams", pos(0xA9B40040, 188, 189, 0), pos(0xAAB50001, 1, 1, 0), physics.Vec3{X: 5, Y: 4}, float32(math.Sqrt(41))},
		{"vertical only", pos(0xA9B40012, 30, 30, 0), pos(0xA9B40012, 30, 30, -7), physics.Vec3{Z: -7}, 7},
		{"two landblocks apart", pos(0xA9B40001, 0, 0, 0), pos(0xABB40001, 0, 0, 0), physics.Vec3{X: 2 * BlockLength}, 2 * BlockLength},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := GlobalOffset(tt.a, tt.b); got.Sub(tt.offset).Len() > 1e-4 {
				t.Errorf("GlobalOffset = %v, want %v", got, tt.offset)
			}
			if got := GlobalDistance(tt.a, tt.b); math.Abs(float64(got-tt.distance)) > 1e-4 {
				t.Errorf("GlobalDistance = %v, want %v", got, tt.distance)
			}
			if got, back := GlobalDistance(tt.a, tt.b), GlobalDistance(tt.b, tt.a); got != back {
				t.Errorf("GlobalDistance is not symmetric: %v, %v", got, back)
			}
			// The absolute points differ by the same offset, to float32
			// precision at landblock 0xA9B4 (about 1/256 of a unit).
			if d := GlobalOrigin(tt.b).Sub(GlobalOrigin(tt.a)).Sub(tt.offset).Len(); d > 0.01 {
				t.Errorf("GlobalOrigin(b) − GlobalOrigin(a) is %v off the offset", d)
			}
		})
	}
}

func TestGlobalOrigin(t *testing.T) {
	tests := []struct {
		cell   uint32
		origin physics.Vec3
		want   physics.Vec3
	}{
		{0x00000001, physics.Vec3{X: 1, Y: 2, Z: 3}, physics.Vec3{X: 1, Y: 2, Z: 3}},
		{0x0100FFFF, physics.Vec3{}, physics.Vec3{X: 192}},
		{0x00010001, physics.Vec3{X: 5}, physics.Vec3{X: 5, Y: 192}},
		{0xA9B40001, physics.Vec3{X: 0.5, Y: 0.25, Z: 80}, physics.Vec3{X: 0xA9*192 + 0.5, Y: 0xB4*192 + 0.25, Z: 80}},
		{0xAAB40001, physics.Vec3{}, physics.Vec3{X: 0xAA * 192, Y: 0xB4 * 192}},
		{0xFEFE0100, physics.Vec3{X: 10, Y: 20}, physics.Vec3{X: 0xFE*192 + 10, Y: 0xFE*192 + 20}}, // EnvCell: landblock part only
	}
	for _, tt := range tests {
		p := physics.Position{Cell: tt.cell, Frame: physics.Frame{Origin: tt.origin, Orientation: physics.IdentityQuat}}
		if got := GlobalOrigin(p); got != tt.want {
			t.Errorf("GlobalOrigin(%#08x, %v) = %v, want %v", tt.cell, tt.origin, got, tt.want)
		}
	}
}
