package managers

import (
	"slices"
	"testing"

	"github.com/dereth/dereth/physics"
)

// TestCheckDetection: candidates within Radius in the same landblock are
// inside (the boundary distance counts), crossings are reported once, and
// a warm check allocates nothing.
func TestCheckDetection(t *testing.T) {
	at := func(cell uint32, x float32) physics.Position {
		return physics.Position{Cell: cell, Frame: physics.Frame{Origin: physics.Vec3{X: x}, Orientation: physics.IdentityQuat}}
	}
	others := map[uint32]physics.Position{}
	m := &DetectionManager{Radius: 5, Others: func(yield func(uint32, physics.Position) bool) {
		for _, g := range []uint32{1, 2, 3} {
			if p, ok := others[g]; ok && !yield(g, p) {
				return
			}
		}
	}}
	self := at(0xA9B40001, 10)
	steps := []struct {
		pos           map[uint32]physics.Position
		entered, left []uint32
		inside        []uint32
	}{
		{map[uint32]physics.Position{1: at(0xA9B40001, 15), 2: at(0xA9B40001, 15.001), 3: at(0xAAB40001, 10)}, []uint32{1}, nil, []uint32{1}},
		{map[uint32]physics.Position{1: at(0xA9B40001, 15), 2: at(0xA9B40002, 12)}, []uint32{2}, nil, []uint32{1, 2}},
		{map[uint32]physics.Position{2: at(0xA9B40002, 12)}, nil, []uint32{1}, []uint32{2}},
		{map[uint32]physics.Position{2: at(0xA9B40002, 12)}, nil, nil, []uint32{2}},
	}
	for i, st := range steps {
		others = st.pos
		m.CheckDetection(self)
		var inside []uint32
		for g := range m.Inside {
			inside = append(inside, g)
		}
		slices.Sort(inside)
		if !slices.Equal(m.Entered, st.entered) || !slices.Equal(m.Left, st.left) || !slices.Equal(inside, st.inside) {
			t.Fatalf("step %d: entered %v left %v inside %v, want %v %v %v", i, m.Entered, m.Left, inside, st.entered, st.left, st.inside)
		}
	}
	if n := testing.AllocsPerRun(100, func() { m.CheckDetection(self) }); n != 0 {
		t.Fatalf("a warm check allocates %v times", n)
	}
}
