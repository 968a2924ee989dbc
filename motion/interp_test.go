package motion

import (
	"testing"

	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
)

// recBody records every motion call the interpreter makes on its body.
type recBody struct {
	*Object
	calls []string
}

func (r *recBody) DoInterpretedMotion(m uint32, p Params) WeenieError {
	r.calls = append(r.calls, "do "+motioncmd.Name(m))
	return r.Object.DoInterpretedMotion(m, p)
}

func (r *recBody) StopInterpretedMotion(m uint32, p Params) WeenieError {
	r.calls = append(r.calls, "stop "+motioncmd.Name(m))
	return r.Object.StopInterpretedMotion(m, p)
}

func recorded(o *Object) *recBody {
	r := &recBody{Object: o}
	o.Interp().Body = r
	return r
}

func equalCalls(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestApplyInterpretedMovementOrder(t *testing.T) {
	cases := []struct {
		name  string
		setup func(o *Object, s *InterpretedState)
		want  []string
	}{
		{"forward sidestep turn", func(o *Object, s *InterpretedState) {
			s.ForwardCommand, s.SideStepCommand, s.TurnCommand = WalkForward, SideStepRight, TurnRight
		}, []string{"do NonCombat", "do WalkForward", "do SideStepRight", "do TurnRight"}},
		{"forward only stops sidestep and turn", func(o *Object, s *InterpretedState) {
			s.ForwardCommand = RunForward
		}, []string{"do NonCombat", "do RunForward", "stop SideStepRight", "stop TurnRight"}},
		{"airborne falls", func(o *Object, s *InterpretedState) {
			o.Phys.Transient = 0
			s.ForwardCommand = RunForward
		}, []string{"do Falling", "stop TurnRight"}}, // style is bookkeeping only in the air
		{"standing long jump", func(o *Object, s *InterpretedState) {
			o.Interp().StandingLongJump = true
			s.TurnCommand = TurnRight
		}, []string{"do NonCombat", "do Ready", "do TurnRight"}}, // the sidestep stop is gated by the long jump
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := newTestObject()
			s := DefaultInterpretedState()
			c.setup(o, &s)
			r := recorded(o)
			o.Interp().MoveToInterpretedState(&s)
			if !equalCalls(r.calls, c.want) {
				t.Fatalf("calls = %q, want %q", r.calls, c.want)
			}
		})
	}
}

func TestIdleQueuesReadyWhenTurnStops(t *testing.T) {
	o := newTestObject()
	s := ims(Ready, 1)
	s.TurnCommand = TurnRight
	o.Interp().MoveToInterpretedState(s)
	o.Parts.HandleMovement()
	before := len(o.Interp().Pending)
	o.Interp().MoveToInterpretedState(ims(Ready, 1))
	// style + Ready + (sidestep stop fails) + turn stop → Ready queued
	last := o.Interp().Pending[len(o.Interp().Pending)-1]
	if len(o.Interp().Pending) != before+3 || last.Motion != Ready {
		t.Fatalf("pending = %v, want the idle Ready queued after the turn stopped", o.Interp().Pending)
	}
	if !o.Parts.Sequence.Omega.IsZero() {
		t.Fatalf("turn omega not removed: %v", o.Parts.Sequence.Omega)
	}
}

func TestGetStateVelocity(t *testing.T) {
	cases := []struct {
		forward   uint32
		speed     float32
		sidestep  uint32
		sideSpeed float32
		want      physics.Vec3
	}{
		{WalkForward, 1, 0, 1, physics.Vec3{Y: 3.12}},
		{WalkForward, 0.5, 0, 1, physics.Vec3{Y: 1.56}},
		{RunForward, 1, 0, 1, physics.Vec3{Y: 4.0}},
		{Ready, 1, SideStepRight, 1, physics.Vec3{X: 1.25}},
		{Ready, 1, SideStepRight, -2, physics.Vec3{X: -2.5}},
		{RunForward, 2, 0, 1, physics.Vec3{Y: 4.0}}, // capped at run speed × run rate 1
	}
	for _, c := range cases {
		o := newTestObject()
		s := &o.Interp().Interpreted
		s.ForwardCommand, s.ForwardSpeed, s.SideStepCommand, s.SideStepSpeed = c.forward, c.speed, c.sidestep, c.sideSpeed
		if got := o.Interp().GetStateVelocity(); !vnear(got, c.want) {
			t.Errorf("%s %v / %s %v: velocity %v, want %v", motioncmd.Name(c.forward), c.speed, motioncmd.Name(c.sidestep), c.sideSpeed, got, c.want)
		}
	}
}

type runner struct{ rate float32 }

func (runner) IsCreature() bool              { return true }
func (runner) IsThePlayer() bool             { return true }
func (r runner) InqRunRate() (float32, bool) { return r.rate, true }

func TestApplyRunToCommand(t *testing.T) {
	cases := []struct {
		in, out    uint32
		speed, got float32
	}{
		{WalkForward, RunForward, 1, 2},
		{WalkForward, WalkForward, -0.65, -1.3}, // backward walk never runs
		{TurnRight, TurnRight, 1, 1.5},
		{SideStepRight, SideStepRight, 1, 2},
		{SideStepRight, SideStepRight, 2, 3},   // clamped to +3
		{SideStepRight, SideStepRight, -5, -3}, // clamped to -3
	}
	for _, c := range cases {
		o := newTestObject()
		o.WeenieObj = runner{rate: 2}
		m, s := c.in, c.speed
		o.Interp().applyRunToCommand(&m, &s)
		if m != c.out || !near(float64(s), float64(c.got), 1e-5) {
			t.Errorf("%s %v → %s %v, want %s %v", motioncmd.Name(c.in), c.speed, motioncmd.Name(m), s, motioncmd.Name(c.out), c.got)
		}
	}
}

func TestRawMovementAdjustsLeftAndBackward(t *testing.T) {
	o := newTestObject()
	o.Phys.Autonomous = true
	r := &o.Interp().Raw
	r.ForwardCommand, r.ForwardSpeed = WalkBackwards, 1
	r.TurnCommand, r.TurnSpeed = TurnLeft, 1
	r.SideStepCommand, r.SideStepSpeed = SideStepLeft, 1
	o.Interp().ApplyCurrentMovement(false, true)
	s := o.Interp().Interpreted
	if s.ForwardCommand != WalkForward || !near(float64(s.ForwardSpeed), -0.65, 1e-5) {
		t.Errorf("walk backwards → %s %v, want WalkForward -0.65", motioncmd.Name(s.ForwardCommand), s.ForwardSpeed)
	}
	if s.TurnCommand != TurnRight || s.TurnSpeed != -1 {
		t.Errorf("turn left → %s %v", motioncmd.Name(s.TurnCommand), s.TurnSpeed)
	}
	wantSide := float32(-1 * SidestepFactor * (WalkAnimSpeed / SidestepAnimSpeed))
	if s.SideStepCommand != SideStepRight || !near(float64(s.SideStepSpeed), float64(wantSide), 1e-5) {
		t.Errorf("sidestep left → %s %v, want SideStepRight %v", motioncmd.Name(s.SideStepCommand), s.SideStepSpeed, wantSide)
	}
}

func TestRemoteObjectIgnoresRawState(t *testing.T) {
	o := newTestObject() // not autonomous: the interpreted path
	o.Interp().Raw.ForwardCommand = RunForward
	o.Interp().ApplyCurrentMovement(false, true)
	if o.Interp().Interpreted.ForwardCommand != Ready {
		t.Fatalf("a remote object must not copy raw state")
	}
}

func TestMoveToInterpretedStateReplaysNewerActions(t *testing.T) {
	o := newTestObject()
	o.Interp().ServerActionStamp = 0x7FFE
	s := ims(Ready, 1)
	s.Actions = []Action{
		{Motion: AttackHigh1, Speed: 1, Stamp: 0x7FFD}, // older: dropped
		{Motion: AttackHigh1, Speed: 1, Stamp: 0x0001}, // newer across the 15-bit wrap
		{Motion: AttackHigh1, Speed: 1, Stamp: 0x0001}, // same stamp: dropped
	}
	o.Interp().MoveToInterpretedState(s)
	if o.Interp().ServerActionStamp != 0x0001 {
		t.Fatalf("server action stamp = %#x, want 0x0001", o.Interp().ServerActionStamp)
	}
	if n := len(o.Parts.Manager.State.Actions); n != 1 {
		t.Fatalf("actions played = %d, want exactly the one newer action", n)
	}
}

func TestAirborneActionRejected(t *testing.T) {
	o := newTestObject()
	o.Phys.Transient = 0
	p := DefaultParams()
	if got := o.Interp().DoInterpretedMotion(AttackHigh1, &p); got != ErrYouCantJumpWhileInTheAir {
		t.Fatalf("airborne action = %#x, want 0x24", got)
	}
	if got := o.Interp().DoInterpretedMotion(WalkForward, &p); got != ErrNone || o.Interp().Interpreted.ForwardCommand != WalkForward {
		t.Fatalf("airborne substate must only update bookkeeping: %#x %s", got, motioncmd.Name(o.Interp().Interpreted.ForwardCommand))
	}
	if o.Parts.Manager.State.Substate != Ready {
		t.Fatalf("airborne substate reached the table")
	}
}

func TestDetachedObjectStripsLinks(t *testing.T) {
	o := newTestObject()
	o.Phys.Position.Cell = 0
	p := DefaultParams()
	o.Interp().DoInterpretedMotion(WalkForward, &p)
	if got := nodeAnims(&o.Parts.Sequence); len(got) != 1 || got[0] != animWalk {
		t.Fatalf("cell 0 must strip the link at once: %x", got)
	}
}

func TestDeadStripsLinksFirst(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	p := DefaultParams()
	o.Interp().DoInterpretedMotion(Dead, &p)
	got := nodeAnims(&o.Parts.Sequence)
	if len(got) != 3 || got[0] != animWalkReady {
		t.Fatalf("nodes = %x: Dead must strip the ready→walk link before its own chain", got)
	}
}

func TestInterpretedRunForwardCachesTheRunRate(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(RunForward, 1.7))
	if o.Interp().MyRunRate != 1.7 {
		t.Fatalf("my_run_rate = %v, want the echoed RunForward speed 1.7", o.Interp().MyRunRate)
	}
	o.Interp().MoveToInterpretedState(ims(WalkForward, 0.5))
	if o.Interp().MyRunRate != 1.7 {
		t.Fatalf("walking must not change my_run_rate (got %v)", o.Interp().MyRunRate)
	}
}
