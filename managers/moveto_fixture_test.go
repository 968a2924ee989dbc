package managers

import (
	"testing"

	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/motion/motiontest"
	"github.com/dereth/dereth/physics"
)

// The journals' number, vector and command formats (package motiontest,
// shared with package motion's journals).
var (
	g   = motiontest.G
	v3  = motiontest.V3
	cmd = motiontest.Cmd
)

// newTestObject builds motiontest's humanoid as a grounded creature in
// cell 1 with a MovementManager and its interpreter in the default state
// (Ready queued and drained).
func newTestObject() *motion.Object {
	anims, mt, setup := motiontest.World()
	o := motion.NewObject(physics.NewObject(1), motion.NewPartArray(setup, mt, motion.AnimationMap(anims)))
	o.Phys.Position.Cell = 0x01010001
	o.Phys.State = physics.StateGravity
	o.Phys.Transient = physics.TransientContact | physics.TransientOnWalkable
	(&MovementManager{}).Init(o)
	o.MakeInterp()
	o.EnterWorld(o.Phys.Position.Cell)
	return o
}

// mm is the test object's MovementManager.
func mm(o *motion.Object) *MovementManager { return o.Movement.(*MovementManager) }

// checkJournal compares a journal with testdata/journal/name.txt.
func checkJournal(t *testing.T, name, got string) {
	t.Helper()
	motiontest.CheckJournal(t, name, got)
}

// ims returns an interpreted state with a forward command and speed.
func ims(forward uint32, speed float32) *motion.InterpretedState {
	s := motion.DefaultInterpretedState()
	s.ForwardCommand, s.ForwardSpeed = forward, speed
	return &s
}

// unstickBody counts UnstickFromObject calls on a real object.
type unstickBody struct {
	*motion.Object
	unstuck int
}

func (b *unstickBody) UnstickFromObject() { b.unstuck++ }

// nodeAnims lists the animation ids of the sequence's nodes.
func nodeAnims(s *motion.Sequence) []uint32 {
	var ids []uint32
	for n := s.Head(); n != nil; n = n.Next() {
		ids = append(ids, n.Anim.ID)
	}
	return ids
}
