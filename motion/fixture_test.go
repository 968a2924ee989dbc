package motion

import (
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Animation ids of the test humanoid.
const (
	animReady      = 0x03000001
	animWalk       = 0x03000002
	animRun        = 0x03000003
	animDead       = 0x03000004
	animReadyWalk  = 0x03000010
	animWalkRun    = 0x03000011
	animRunWalk    = 0x03000012
	animWalkReady  = 0x03000013
	animRunReady   = 0x03000014
	animReadyDead  = 0x03000015
	animWalkToRdy2 = 0x03000016
	animAttack     = 0x03000017
	animRecall     = 0x03000018
	animSidestep   = 0x03000019
)

const testParts = 5

var (
	walkVel      = physics.Vec3{Y: 3.12}
	runVel       = physics.Vec3{Y: 4.0}
	readyWalkVel = physics.Vec3{Y: 1.0}
	walkRunVel   = physics.Vec3{Y: 3.5}
	sidestepVel  = physics.Vec3{X: 1.25}
	turnOmega    = physics.Vec3{Z: -1.5}
)

// testAnim builds an animation of n frames whose part p in frame f sits at
// (f, p, 0), with hooks added by the caller.
func testAnim(id uint32, frames, parts int) *dat.Animation {
	a := &dat.Animation{ID: id, NumParts: uint32(parts), PartFrames: make([]dat.AnimFrame, frames)}
	for f := range a.PartFrames {
		a.PartFrames[f].Frames = make([]physics.Frame, parts)
		for p := range a.PartFrames[f].Frames {
			a.PartFrames[f].Frames[p] = physics.Frame{Origin: physics.Vec3{X: float32(f), Y: float32(p)}, Orientation: physics.IdentityQuat}
		}
	}
	return a
}

func md(vel, omega physics.Vec3, anims ...uint32) *dat.MotionData {
	m := &dat.MotionData{Velocity: vel, Omega: omega}
	for _, a := range anims {
		m.Anims = append(m.Anims, dat.AnimData{AnimID: a, LowFrame: 0, HighFrame: -1, Framerate: 30})
	}
	return m
}

// testWorld is the humanoid: NonCombat with Ready, Walk, Run, Dead cycles,
// sidestep and turn modifiers, links ready↔walk, walk↔run, run→ready,
// ready→dead, and an AttackHigh1 action from Ready.
func testWorld() (AnimationMap, *dat.MotionTable, *dat.Setup) {
	anims := AnimationMap{
		animReady: testAnim(animReady, 10, testParts), animWalk: testAnim(animWalk, 30, testParts),
		animRun: testAnim(animRun, 20, testParts), animDead: testAnim(animDead, 4, testParts),
		animReadyWalk: testAnim(animReadyWalk, 5, testParts), animWalkRun: testAnim(animWalkRun, 6, testParts),
		animRunWalk: testAnim(animRunWalk, 6, testParts), animWalkReady: testAnim(animWalkReady, 5, testParts),
		animRunReady: testAnim(animRunReady, 8, testParts), animReadyDead: testAnim(animReadyDead, 12, testParts),
		animAttack: testAnim(animAttack, 9, testParts), animSidestep: testAnim(animSidestep, 10, testParts),
	}
	nc := uint32(NonCombat)
	k := dat.MotionKey
	mt := &dat.MotionTable{
		ID:            0x09000001,
		DefaultStyle:  nc,
		StyleDefaults: map[uint32]uint32{nc: Ready},
		Cycles: map[uint32]*dat.MotionData{
			k(nc, Ready):       md(physics.Vec3{}, physics.Vec3{}, animReady),
			k(nc, WalkForward): md(walkVel, physics.Vec3{}, animWalk),
			k(nc, RunForward):  md(runVel, physics.Vec3{}, animRun),
			k(nc, Dead):        md(physics.Vec3{}, physics.Vec3{}, animDead),
		},
		Modifiers: map[uint32]*dat.MotionData{
			k(nc, SideStepRight): md(sidestepVel, physics.Vec3{}, animSidestep),
			k(nc, TurnRight):     md(physics.Vec3{}, turnOmega),
		},
		Links: map[uint32]map[uint32]*dat.MotionData{
			k(nc, Ready): {
				WalkForward: md(readyWalkVel, physics.Vec3{}, animReadyWalk),
				Dead:        md(physics.Vec3{}, physics.Vec3{}, animReadyDead),
				AttackHigh1: md(physics.Vec3{}, physics.Vec3{}, animAttack),
			},
			k(nc, WalkForward): {
				RunForward: md(walkRunVel, physics.Vec3{}, animWalkRun),
				Ready:      md(physics.Vec3{}, physics.Vec3{}, animWalkReady),
			},
			k(nc, RunForward): {
				WalkForward: md(walkRunVel, physics.Vec3{}, animRunWalk),
				Ready:       md(physics.Vec3{}, physics.Vec3{}, animRunReady),
			},
		},
	}
	setup := &dat.Setup{ID: 0x02000001, Parts: make([]uint32, testParts),
		PlacementFrames: map[int32]dat.AnimFrame{0: {Frames: restFrames(testParts)}}}
	return anims, mt, setup
}

// restFrames is a rest pose whose part p sits at (-1, -p, 7).
func restFrames(n int) []physics.Frame {
	f := make([]physics.Frame, n)
	for p := range f {
		f[p] = physics.Frame{Origin: physics.Vec3{X: -1, Y: -float32(p), Z: 7}, Orientation: physics.IdentityQuat}
	}
	return f
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
// one): it owns the interpreter and the MoveToManager and fans the
// object's movement events out to both as the manager does. Package
// managers tests the real one.
type testMovement struct {
	bareMovement
	moveTo *MoveToManager
}

func (m *testMovement) SetMoveTo(mt *MoveToManager) { m.moveTo = mt }

func (m *testMovement) HitGround() {
	if m.interp != nil {
		m.interp.HitGround()
	}
	if m.moveTo != nil {
		m.moveTo.HitGround()
	}
}

func (m *testMovement) LeaveGround() {
	if m.interp != nil {
		m.interp.LeaveGround()
	}
}

func (m *testMovement) UseTime() {
	if m.moveTo != nil {
		m.moveTo.UseTime()
	}
}

func (m *testMovement) HandleExitWorld() {
	if m.interp != nil {
		m.interp.HandleExitWorld()
	}
}

func (m *testMovement) CancelMoveTo(err WeenieError) {
	if m.moveTo != nil {
		m.moveTo.CancelMoveTo(err)
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
