package physobj

import (
	"math"
	"testing"

	"github.com/dereth/dereth/physics"
)

// TestAcceptWithoutGroundMatchesAccept: AcceptWithoutGround leaves the
// object and the candidate as Accept with a nil Ground does, bit for bit,
// outdoors inside a block, across a block edge, off the world, indoors,
// with a zero and a positive dt; and Accept without ground never lands.
func TestAcceptWithoutGroundMatchesAccept(t *testing.T) {
	cells := []uint32{0xA9B40001, 0xA9B40024, 0xA9B40040, 0x00000001, 0xFEFE0040, 0xA9B40100, 0xA9B4FFFF}
	origins := []physics.Vec3{
		{X: 12, Y: 13, Z: 1}, {X: 191.9, Y: 0.00001, Z: 2}, {X: 192.5, Y: 100, Z: 3}, {X: -0.5, Y: 10},
		{X: 10, Y: -200}, {X: float32(math.Copysign(0, -1)), Y: 5}, {X: float32(math.NaN()), Y: 1}, {X: 1e9, Y: 1e9},
	}
	n := 0
	for _, cell := range cells {
		for _, from := range origins[:3] {
			for _, to := range origins {
				for _, dt := range []float64{0, 0.05} {
					p := &physics.Object{Position: physics.Position{Cell: cell, Frame: physics.Frame{Origin: from, Orientation: physics.IdentityQuat}},
						CachedVelocity: physics.Vec3{X: 7}}
					q := *p
					cand := physics.Frame{Origin: to, Orientation: physics.Quat{W: 0.6, Z: 0.8}}
					cand2 := cand
					if Accept(p, &cand, dt, nil) {
						t.Fatalf("Accept without ground landed")
					}
					AcceptWithoutGround(&q, &cand2, dt)
					if bitsOf(p.Position.Frame) != bitsOf(q.Position.Frame) || p.Position.Cell != q.Position.Cell ||
						bitsOfVec(p.CachedVelocity) != bitsOfVec(q.CachedVelocity) || bitsOf(cand) != bitsOf(cand2) {
						t.Fatalf("cell %#x %v → %v dt %v: Accept %+v cand %+v; AcceptWithoutGround %+v cand %+v",
							cell, from, to, dt, p.Position, cand, q.Position, cand2)
					}
					if p.Position.Cell != cell {
						n++
					}
				}
			}
		}
	}
	if n == 0 {
		t.Error("no case changed cell")
	}
}

func bitsOfVec(v physics.Vec3) [3]uint32 {
	return [3]uint32{math.Float32bits(v.X), math.Float32bits(v.Y), math.Float32bits(v.Z)}
}

func bitsOf(f physics.Frame) [7]uint32 {
	o, q := bitsOfVec(f.Origin), f.Orientation
	return [7]uint32{o[0], o[1], o[2], math.Float32bits(q.W), math.Float32bits(q.X), math.Float32bits(q.Y), math.Float32bits(q.Z)}
}
