package collision

import (
	"testing"

	"github.com/dereth/dereth/physics"
)

// BenchmarkTransition is one object's retail transition for one 0.05 s tick of
// walking at 4 units/s: on open sloped terrain, along a building (a box
// with a physics BSP) it is sliding against, and along the wall of an
// indoor cell.
func BenchmarkTransition(b *testing.B) {
	cases := []struct {
		name string
		env  *flatEnv
		from physics.Vec3
	}{
		{"open_terrain", &flatEnv{slopeX: 0.2}, v3(100, 100, 20.1)},
		{"next_to_building", &flatEnv{obs: []Obstacle{box(9, v3(101, 90, -1), v3(110, 110, 8))}}, v3(100.5-0.002, 100, 0)},
		// Inside the room of room(), against its east wall.
		{"inside_a_room", roomEnv(), v3(109.5-0.002, 104, 0)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			r := NewResolver(c.env)
			m := walker()
			start := at(c.from.X, c.from.Y, c.from.Z)
			if c.name == "inside_a_room" {
				start.Cell = roomID
			}
			step := v3(0.14, 0.14, 0) // 4 units/s × 0.05 s, into the wall at 45°
			b.ReportAllocs()
			for b.Loop() {
				m.OnWalkable = true
				transit(r, m, start, start.Frame.Origin.Add(step))
			}
		})
	}
}
