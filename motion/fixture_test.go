package motion

import (
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motion/motiontest"
	"github.com/dereth/dereth/physics"
)

// The test humanoid's animation world is package motiontest's (shared
// with the MoveToManager's tests in package managers); these are its
// names here.
const (
	animReady      = motiontest.AnimReady
	animWalk       = motiontest.AnimWalk
	animRun        = motiontest.AnimRun
	animDead       = motiontest.AnimDead
	animReadyWalk  = motiontest.AnimReadyWalk
	animWalkRun    = motiontest.AnimWalkRun
	animRunWalk    = motiontest.AnimRunWalk
	animWalkReady  = motiontest.AnimWalkReady
	animRunReady   = motiontest.AnimRunReady
	animReadyDead  = motiontest.AnimReadyDead
	animWalkToRdy2 = motiontest.AnimWalkToRdy2
	animAttack     = motiontest.AnimAttack
	animRecall     = motiontest.AnimRecall
	animSidestep   = motiontest.AnimSidestep

	testParts = motiontest.Parts
)

var (
	walkVel      = motiontest.WalkVel
	runVel       = motiontest.RunVel
	readyWalkVel = motiontest.ReadyWalkVel
	walkRunVel   = motiontest.WalkRunVel
	sidestepVel  = motiontest.SidestepVel
	turnOmega    = motiontest.TurnOmega

	testAnim   = motiontest.Anim
	md         = motiontest.MotionData
	restFrames = motiontest.RestFrames
)

// testWorld is motiontest.World: the humanoid's animations, motion table
// and setup.
func testWorld() (AnimationMap, *dat.MotionTable, *dat.Setup) {
	return motiontest.World()
}

// newTestObject builds a grounded creature in cell 1 with its interpreter
// in the default state (Ready queued and drained).
func newTestObject() *Object {
	anims, mt, setup := testWorld()
	o := NewObject(physics.NewObject(1), NewPartArray(setup, mt, anims))
	o.Phys.Position.Cell = 0x01010001
	o.Phys.State = physics.StateGravity
	o.Phys.Transient = physics.TransientContact | physics.TransientOnWalkable
	o.Movement = &testMovement{bareMovement: bareMovement{obj: o}}
	o.MakeInterp()
	o.EnterWorld(o.Phys.Position.Cell)
	return o
}

// ims returns an interpreted state with a forward command and speed.
func ims(forward uint32, speed float32) *InterpretedState {
	s := DefaultInterpretedState()
	s.ForwardCommand, s.ForwardSpeed = forward, speed
	return &s
}

// tick runs the slice of an object update the machine owns: advance the
// sequence, drain hooks (AnimDone now), then the manager tail poll.
func tick(o *Object, dt float64) physics.Frame {
	f := physics.IdentityFrame
	o.Parts.Update(dt, &f)
	o.ProcessHooks(nil)
	o.Parts.HandleMovement()
	return f
}

// nodeAnims lists the animation ids of the sequence's nodes.
func nodeAnims(s *Sequence) []uint32 {
	var ids []uint32
	for n := s.Head(); n != nil; n = n.Next() {
		ids = append(ids, n.Anim.ID)
	}
	return ids
}

// testMovement stands in for managers.MovementManager in this package's
// tests (the real one lives in package managers, which imports this
// one): it owns the interpreter and fans the object's ground and exit
// events out to it as the manager does. The MoveToManager's share is
// tested with the real manager in package managers.
type testMovement struct {
	bareMovement
}

func (m *testMovement) HitGround() {
	if m.interp != nil {
		m.interp.HitGround()
	}
}

func (m *testMovement) LeaveGround() {
	if m.interp != nil {
		m.interp.LeaveGround()
	}
}

func (m *testMovement) HandleExitWorld() {
	if m.interp != nil {
		m.interp.HandleExitWorld()
	}
}

// mv is the test object's movement link, made a testMovement (keeping
// its interpreter) when it is a bare one.
func mv(o *Object) *testMovement {
	switch m := o.Movement.(type) {
	case *testMovement:
		return m
	case *bareMovement:
		tm := &testMovement{bareMovement: *m}
		o.Movement = tm
		return tm
	}
	tm := &testMovement{bareMovement: bareMovement{obj: o}}
	o.Movement = tm
	return tm
}
