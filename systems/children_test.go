package systems

import (
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// TestFrameMovesChildrenWithParents: after every frame an attached child
// sits at its walking parent's frame combined with its parent frame, in
// the parent's cell (the frame's children step), whether the parent is
// first, last or in the middle of the object table.
func TestFrameMovesChildrenWithParents(t *testing.T) {
	w := NewWorld()
	setup, mt, anims := humanoid(nil)
	walker := func(g uint32) {
		o := spawnShared(t, w, g, setup, mt, anims)
		s := motion.DefaultInterpretedState()
		s.ForwardCommand = motion.WalkForward
		w.Interp(o).MoveToInterpretedState(&s)
	}
	walker(0x50000001)
	walker(0x50000002)
	walker(0x50000003)
	offset := physics.Frame{Origin: physics.Vec3{X: 0.3, Y: 0.1, Z: 1.2}, Orientation: physics.IdentityQuat}
	var children []uint32
	for i, parent := range []uint32{0x50000001, 0x50000002, 0x50000003} {
		d := archetypes.Desc{GUID: 0x70000001 + uint32(i), Parent: parent, ParentFrame: offset}
		if _, err := w.Spawn(d); err != nil {
			t.Fatal(err)
		}
		children = append(children, d.GUID)
	}
	phys := func(g uint32) *physics.Object {
		e, ok := w.Entity(g)
		if !ok {
			t.Fatalf("no object 0x%08X", g)
		}
		return components.PhysicsObj.Get(w.ECS.Entry(e))
	}
	start := phys(0x50000002).Position
	for f := 0; f < 40; f++ {
		w.Step(benchStep)
		for _, g := range children {
			c := phys(g)
			p := phys(c.Parent)
			want := physics.Position{Cell: p.Position.Cell, Frame: physics.Combine(p.Position.Frame, offset)}
			if c.Position != want {
				t.Fatalf("frame %d: child 0x%08X at %+v, want %+v (parent 0x%08X)", f, g, c.Position, want, c.Parent)
			}
		}
	}
	if phys(0x50000002).Position == start {
		t.Fatal("setup: the parent never moved")
	}
}
