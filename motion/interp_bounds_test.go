package motion

import (
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// unstickBody counts UnstickFromObject calls on a real object.
type unstickBody struct {
	*Object
	unstuck int
}

func (b *unstickBody) UnstickFromObject() { b.unstuck++ }

// TestEnterDefaultStateResetsEverything: CMotionInterp::enter_default_state
// resets both states and the pending queue, queues Ready and then leaves
// the ground, reapplying movement.
func TestEnterDefaultStateResetsEverything(t *testing.T) {
	o := newTestObject()
	in := o.Interp()
	in.Raw.ForwardCommand, in.Interpreted.ForwardCommand = WalkForward, RunForward
	in.Pending = append(in.Pending[:0], MotionNode{5, WalkForward, ErrNone})
	in.EnterDefaultState()
	if in.Raw.ForwardCommand != Ready || in.Interpreted.ForwardCommand != Ready {
		t.Errorf("raw %s interpreted %s after enter_default_state", cmd(in.Raw.ForwardCommand), cmd(in.Interpreted.ForwardCommand))
	}
	// The Ready it queued completed with the table's initial state; what
	// is left is LeaveGround's reapply: the style, then Ready.
	if len(in.Pending) != 2 || in.Pending[0] != (MotionNode{0, NonCombat, ErrNone}) || in.Pending[1] != (MotionNode{0, Ready, ErrNone}) {
		t.Errorf("pending %v; want NonCombat, Ready", in.Pending)
	}
}

// TestMotionDoneOfAnActionUnsticks: CMotionInterp::MotionDone of an action
// head unsticks and drops the oldest action; any other head only pops.
func TestMotionDoneOfAnActionUnsticks(t *testing.T) {
	o := newTestObject()
	in := o.Interp()
	b := &unstickBody{Object: o}
	in.Body = b
	in.Pending = append(in.Pending[:0], MotionNode{0, Ready, ErrNone}, MotionNode{0, AttackHigh1, ErrNone})
	in.MotionDone(true)
	if b.unstuck != 0 {
		t.Fatal("a Ready head unstuck")
	}
	in.MotionDone(true)
	if b.unstuck != 1 || len(in.Pending) != 0 {
		t.Fatalf("an action head: unstuck %d, pending %v", b.unstuck, in.Pending)
	}
}

// TestContactAllowsMoveInTheAir: CMotionInterp::contact_allows_move lets an
// airborne creature turn (TurnRight..TurnLeft, both ends), die and fall, and
// nothing else.
func TestContactAllowsMoveInTheAir(t *testing.T) {
	o := newTestObject()
	o.Phys.Transient = 0
	in := o.Interp()
	for _, c := range []struct {
		motion uint32
		ok     bool
	}{{TurnRight, true}, {TurnLeft, true}, {Dead, true}, {Falling, true}, {SideStepRight, false}, {WalkForward, false}, {TurnRight - 1, false}} {
		if got := in.contactAllowsMove(c.motion); got != c.ok {
			t.Errorf("contact_allows_move(%s) in the air = %v, want %v", cmd(c.motion), got, c.ok)
		}
	}
}

// TestMotionAllowsJumpAtTheEndsOfEachRange: CMotionInterp::motion_allows_jump
// refuses both ends of every refused range.
func TestMotionAllowsJumpAtTheEndsOfEachRange(t *testing.T) {
	for _, m := range []uint32{Reload, Pickup, TripleThrustLow, MagicPowerUp07Purple, MagicPowerUp01, MagicPowerUp10,
		Crouch, Sleeping, AimLevel, MagicPray, Falling} {
		if motionAllowsJump(m) != ErrYouCantJumpFromThisPosition {
			t.Errorf("motion_allows_jump(%s) allowed", cmd(m))
		}
	}
	for _, m := range []uint32{Ready, WalkForward, RunForward, AttackHigh1} {
		if motionAllowsJump(m) != ErrNone {
			t.Errorf("motion_allows_jump(%s) refused", cmd(m))
		}
	}
}

// TestStopCompletelyResetsTheRawState: CMotionInterp::StopCompletely sets
// the raw state to Ready at speed 1 with no sidestep or turn.
func TestStopCompletelyResetsTheRawState(t *testing.T) {
	o := newTestObject()
	in := o.Interp()
	for _, c := range []uint32{WalkForward, SideStepRight, TurnRight} {
		p := DefaultParams()
		p.Speed = 0.5
		in.DoMotion(c, &p)
	}
	in.StopCompletely()
	r := &in.Raw
	if r.ForwardCommand != Ready || r.ForwardSpeed != 1 || r.SideStepCommand != 0 || r.TurnCommand != 0 {
		t.Fatalf("raw after StopCompletely: %+v", *r)
	}
	s := &in.Interpreted
	if s.ForwardCommand != Ready || s.ForwardSpeed != 1 || s.SideStepCommand != 0 || s.TurnCommand != 0 {
		t.Fatalf("interpreted after StopCompletely: %+v", *s)
	}
}

// TestHoldKeys: DoMotion applies its hold key first (SetHoldKey: only
// releasing Run changes anything, and an Invalid key — the default — keeps
// Run held); set_hold_run(false) releases Run; apply_run_to_command makes
// only a positive walk a run.
func TestHoldKeys(t *testing.T) {
	o := newTestObject()
	in := o.Interp()
	in.SetHoldRun(true, true)
	p := DefaultParams()
	in.DoMotion(WalkForward, &p)
	if in.Raw.CurrentHoldKey != HoldKeyRun || in.Interpreted.ForwardCommand != RunForward {
		t.Fatalf("W with Run held: hold %d, interpreted %s", in.Raw.CurrentHoldKey, cmd(in.Interpreted.ForwardCommand))
	}
	p.HoldKeyToApply = HoldKeyNone
	in.DoMotion(WalkForward, &p)
	if in.Raw.CurrentHoldKey != HoldKeyNone {
		t.Fatalf("a motion with hold key None left hold %d", in.Raw.CurrentHoldKey)
	}
	in.SetHoldRun(true, true)
	in.SetHoldRun(false, true)
	if in.Raw.CurrentHoldKey != HoldKeyNone || in.Interpreted.ForwardCommand != WalkForward {
		t.Fatalf("set_hold_run(false): hold %d, interpreted %s", in.Raw.CurrentHoldKey, cmd(in.Interpreted.ForwardCommand))
	}
	for _, c := range []struct {
		speed float32
		want  uint32
	}{{0, WalkForward}, {-0.65, WalkForward}, {0.5, RunForward}} {
		m, s := uint32(WalkForward), c.speed
		in.applyRunToCommand(&m, &s)
		if m != c.want {
			t.Errorf("apply_run_to_command(WalkForward, %v) = %s", c.speed, cmd(m))
		}
	}
}

// TestSixActionsAreTooMany: DoMotion refuses an action while six are
// queued, not five, and never refuses another motion for it.
func TestSixActionsAreTooMany(t *testing.T) {
	o := newTestObject()
	in := o.Interp()
	in.Interpreted.Actions = make([]Action, 6)
	p := DefaultParams()
	if err := in.DoMotion(AttackHigh1, &p); err != ErrTooManyActions {
		t.Fatalf("a seventh action: %#x, want TooManyActions", uint32(err))
	}
	if err := in.DoMotion(WalkForward, &p); err == ErrTooManyActions {
		t.Fatal("six queued actions refused a walk: only actions count")
	}
	in.Interpreted.Actions = in.Interpreted.Actions[:5]
	if err := in.DoMotion(AttackHigh1, &p); err == ErrTooManyActions {
		t.Fatal("a sixth action refused")
	}
}

// TestApplyInterpretedMovementWithoutJump: a reapply that does not allow
// jumping queues every motion with YouCantJumpFromThisPosition; one that
// does queues Ready with none.
func TestApplyInterpretedMovementWithoutJump(t *testing.T) {
	o := newTestObject()
	in := o.Interp()
	for _, allow := range []bool{false, true} {
		in.Pending = in.Pending[:0]
		in.ApplyInterpretedMovement(false, allow)
		if len(in.Pending) == 0 {
			t.Fatal("nothing queued")
		}
		for _, n := range in.Pending {
			if want := map[bool]WeenieError{false: ErrYouCantJumpFromThisPosition, true: ErrNone}[allow]; n.JumpError != want {
				t.Errorf("allow %v: queued %s with jump error %#x", allow, cmd(n.Motion), uint32(n.JumpError))
			}
		}
	}
}

// TestFallingPlaysAtSpeedOne: off the ground, apply_interpreted_movement
// plays Falling at speed 1 whatever the forward speed.
func TestFallingPlaysAtSpeedOne(t *testing.T) {
	anims, mt, setup := testWorld()
	mt.Cycles[dat.MotionKey(NonCombat, Falling)] = md(physics.Vec3{}, physics.Vec3{}, animDead)
	o := NewObject(physics.NewObject(1), NewPartArray(setup, mt, anims))
	o.Phys.Position.Cell = 0x01010001
	o.Phys.State = physics.StateGravity
	o.MakeInterp()
	o.EnterWorld(o.Phys.Position.Cell)
	in := o.Interp()
	in.Interpreted.ForwardCommand, in.Interpreted.ForwardSpeed = WalkForward, 2
	in.ApplyInterpretedMovement(false, true)
	tail := o.Parts.Sequence.tail
	if tail == nil || tail.Anim.ID != animDead || tail.Framerate != 30 {
		t.Fatalf("falling node %+v; want the Falling cycle at 30 frames/s", tail)
	}
}

// TestRawAndWireStyles: apply_raw_movement copies the raw style into the
// interpreted state; move_to_interpreted_state stores the wire style as
// the raw style (seed 004 Q1: raw_state.current_style = ims->current_style).
func TestRawAndWireStyles(t *testing.T) {
	o := newTestObject()
	in := o.Interp()
	in.Raw.CurrentStyle = HandCombat
	in.ApplyRawMovement(false, true)
	if in.Interpreted.CurrentStyle != HandCombat {
		t.Errorf("apply_raw_movement left style %s", cmd(in.Interpreted.CurrentStyle))
	}
	s := ims(Ready, 1)
	s.CurrentStyle = SwordCombat
	in.MoveToInterpretedState(s)
	if in.Raw.CurrentStyle != SwordCombat {
		t.Errorf("move_to_interpreted_state left raw style %s", cmd(in.Raw.CurrentStyle))
	}
}

// TestHitGroundWithoutGravity: CMotionInterp::HitGround does nothing for
// an object without gravity (its links stay).
func TestHitGroundWithoutGravity(t *testing.T) {
	o := newTestObject()
	o.Phys.State = 0
	in := o.Interp()
	p := DefaultParams()
	in.DoMotion(WalkForward, &p)
	n := o.Parts.Sequence.Len()
	in.HitGround()
	if o.Parts.Sequence.Len() != n || n < 2 {
		t.Fatalf("HitGround without gravity: %d nodes, had %d", o.Parts.Sequence.Len(), n)
	}
}

// TestJumpEdges: a jump extent of exactly FrameEpsilon (seed 000's
// 0.000199999995f) is a jump (get_jump_v_z zeroes only below it);
// charge_jump refuses Crouch up to but not including Sleeping; a refused
// jump ends the standing long jump.
func TestJumpEdges(t *testing.T) {
	o := newTestObject()
	in := o.Interp()
	in.JumpExtent = physics.FrameEpsilon32
	if in.jumpVZ() != 10 {
		t.Errorf("jump_v_z at extent ε = %v, want 10", in.jumpVZ())
	}
	in.JumpExtent = 0
	for _, c := range []struct {
		f   uint32
		err WeenieError
	}{{Crouch, ErrYouCantJumpFromThisPosition}, {Sleeping, ErrNone}, {Falling, ErrYouCantJumpFromThisPosition}} {
		in.Interpreted.ForwardCommand = c.f
		if err := in.ChargeJump(); err != c.err {
			t.Errorf("charge_jump from %s = %#x, want %#x", cmd(c.f), uint32(err), uint32(c.err))
		}
	}
	in.Interpreted.ForwardCommand = Ready
	in.StandingLongJump = true
	o.Phys.Transient = 0
	if err := in.Jump(1); err != ErrYouCantJumpWhileInTheAir || in.StandingLongJump {
		t.Fatalf("airborne jump = %#x, standing long jump %v", uint32(err), in.StandingLongJump)
	}
}

// TestHandleExitWorldReleasesActions: CMotionInterp::HandleExitWorld drops
// the queue, unsticking and removing one raw and one interpreted action per
// queued action, none for other motions.
func TestHandleExitWorldReleasesActions(t *testing.T) {
	for _, c := range []struct {
		pending []uint32
		left    int
	}{{[]uint32{AttackHigh1, AttackHigh1}, 0}, {[]uint32{Ready, AttackHigh1}, 1}} {
		o := newTestObject()
		in := o.Interp()
		b := &unstickBody{Object: o}
		in.Body = b
		in.Pending = in.Pending[:0]
		for _, m := range c.pending {
			in.Pending = append(in.Pending, MotionNode{0, m, ErrNone})
		}
		in.Interpreted.Actions = make([]Action, 2)
		in.Raw.Actions = make([]Action, 2)
		in.HandleExitWorld()
		if len(in.Pending) != 0 || len(in.Interpreted.Actions) != c.left || len(in.Raw.Actions) != c.left || b.unstuck != 2-c.left {
			t.Errorf("pending %v: %d queued, %d/%d actions left, unstuck %d; want 0, %d, %d", c.pending, len(in.Pending),
				len(in.Interpreted.Actions), len(in.Raw.Actions), b.unstuck, c.left, 2-c.left)
		}
	}
}

// TestEnterDefaultStateQueuesReady: enter_default_state queues Ready with
// context 0. (For a grounded creature LeaveGround's RemoveLinkAnimations
// drains the table at once, completing it; an object without gravity
// keeps it pending.)
func TestEnterDefaultStateQueuesReady(t *testing.T) {
	anims, mt, setup := testWorld()
	o := NewObject(physics.NewObject(1), NewPartArray(setup, mt, anims))
	o.Phys.Position.Cell = 0x01010001
	o.Phys.Transient = physics.TransientContact | physics.TransientOnWalkable
	in := o.MakeInterp()
	if len(in.Pending) != 1 || in.Pending[0] != (MotionNode{0, Ready, ErrNone}) {
		t.Fatalf("pending %v; want enter_default_state's Ready (context 0)", in.Pending)
	}
}

// TestStateVelocityAtTheCap: get_state_velocity rescales only a velocity
// above the run speed; one exactly at it is returned as it is (a rescale
// would move it by rounding).
func TestStateVelocityAtTheCap(t *testing.T) {
	o := newTestObject()
	in := o.Interp()
	s := &in.Interpreted
	s.ForwardCommand, s.ForwardSpeed = RunForward, 0.7
	s.SideStepCommand, s.SideStepSpeed = SideStepRight, 1
	want := physics.Vec3{X: SidestepAnimSpeed, Y: RunAnimSpeed * 0.7}
	in.MyRunRate = want.Len() / RunAnimSpeed
	if RunAnimSpeed*in.MyRunRate != want.Len() {
		t.Fatal("the cap is not exactly the velocity's length")
	}
	if got := in.GetStateVelocity(); got != want {
		t.Fatalf("velocity at the cap %v, want %v unchanged", got, want)
	}
	in.MyRunRate = 0.5
	if got := in.GetStateVelocity(); got.Len() > 2.0000002 || got.Len() < 1.9999998 {
		t.Fatalf("velocity above the cap %v (length %v), want length 2", got, got.Len())
	}
}
