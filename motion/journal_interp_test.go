package motion

import (
	"fmt"
	"testing"

	"github.com/dereth/dereth/physics"
)

// journalWeenie is a weenie whose answers the scenario sets.
type journalWeenie struct {
	creature, player, hasRate bool
	rate                      float32
}

func (w *journalWeenie) IsCreature() bool            { return w.creature }
func (w *journalWeenie) IsThePlayer() bool           { return w.player }
func (w *journalWeenie) InqRunRate() (float32, bool) { return w.rate, w.hasRate }

// interpRig is a rich-table object with its interpreter, in the world.
func interpRig(w Weenie) (*Object, *journal) {
	o := richObject()
	o.WeenieObj = w
	j := newJournal(o)
	o.MakeInterp()
	o.EnterWorld(o.Phys.Position.Cell)
	j.step("ready")
	return o, j
}

func (j *journal) perform(t MovementType, m uint32, p Params) {
	r := j.o.Interp().PerformMovement(t, m, &p)
	j.step("PerformMovement %d %s speed %s hold %d setHold %v → %#x", t, cmd(m), g(float64(p.Speed)), p.HoldKeyToApply, p.SetHoldKey, uint32(r))
}

func (j *journal) queries() {
	mi := j.o.Interp()
	fmt.Fprintf(&j.b, "  state velocity %s max speed %s standing still %v jump allowed %#x pending %v\n", v3(mi.GetStateVelocity()),
		g(float64(mi.GetMaxSpeed())), mi.IsStandingStill(), uint32(mi.JumpIsAllowed()), mi.MotionsPending())
}

// TestJournalInterpRawPath drives CMotionInterp on the local player's raw
// path (seed 004 Q2: apply_current_movement takes apply_raw_movement when
// the weenie is the player and the movement autonomous): DoMotion and
// StopMotion through adjust_motion and apply_run_to_command, hold keys,
// the combat and action-count refusals, PerformMovement's synchronous
// completion poll (Q3), charge_jump / jump / LeaveGround / HitGround, and
// the state-velocity queries.
func TestJournalInterpRawPath(t *testing.T) {
	w := &journalWeenie{creature: true, player: true}
	o, j := interpRig(w)
	o.Phys.Autonomous = true
	mi := o.Interp()
	raw := func(m uint32, speed float32, hold HoldKey) {
		p := DefaultParams()
		p.Speed, p.HoldKeyToApply = speed, hold
		j.perform(MovementRawCommand, m, p)
		j.queries()
	}
	stopRaw := func(m uint32) {
		j.perform(MovementStopRawCommand, m, DefaultParams())
		j.queries()
	}
	j.queries()
	raw(WalkForward, 1, HoldKeyInvalid)
	j.tick(0.2)
	raw(WalkForward, 1, HoldKeyRun) // run at my_run_rate
	mi.MyRunRate = 1.5
	w.hasRate, w.rate = true, 2
	raw(WalkForward, 1, HoldKeyRun) // the weenie's run rate wins
	w.hasRate = false
	raw(WalkForward, 1, HoldKeyRun) // back to my_run_rate
	raw(WalkBackwards, 1, HoldKeyRun)
	raw(WalkBackwards, 1, HoldKeyNone)
	raw(TurnLeft, 1, HoldKeyRun)
	raw(TurnLeft, 1, HoldKeyNone)
	raw(SideStepLeft, 1, HoldKeyNone)
	raw(SideStepLeft, 4, HoldKeyRun)  // clamped to -3
	raw(SideStepRight, 4, HoldKeyRun) // clamped to 3
	raw(SideStepRight, 0.5, HoldKeyRun)
	raw(RunForward, 1, HoldKeyRun) // RunForward is not adjusted
	stopRaw(SideStepRight)
	stopRaw(TurnLeft)
	stopRaw(RunForward)
	stopRaw(WalkBackwards)
	for range 5 {
		j.tick(0.1)
	}
	p := DefaultParams()
	p.SetHoldKey, p.HoldKeyToApply = true, HoldKeyRun
	raw(WalkForward, 1, HoldKeyInvalid)
	mi.SetHoldRun(true, false)
	j.step("SetHoldRun true")
	mi.SetHoldRun(true, false)
	j.step("SetHoldRun true again")
	mi.SetHoldKey(HoldKeyNone, false)
	j.step("SetHoldKey None (from Run: reapplies)")
	mi.SetHoldKey(HoldKeyNone, false)
	j.step("SetHoldKey None again")
	mi.SetHoldKey(HoldKeyRun, false)
	j.step("SetHoldKey Run (only None from Run acts)")
	mi.SetHoldRun(false, true)
	j.step("SetHoldRun false")
	p = DefaultParams()
	p.SetHoldKey, p.HoldKeyToApply = true, HoldKeyRun
	j.perform(MovementRawCommand, WalkForward, p) // set_hold_key through the params
	p.SetHoldKey, p.HoldKeyToApply = false, HoldKeyNone
	j.perform(MovementRawCommand, TurnRight, p) // raw state records the hold key
	p.ModifyRawState = false
	j.perform(MovementRawCommand, SideStepRight, p) // raw state untouched
	j.perform(MovementStopRawCommand, SideStepRight, p)
	p.ModifyRawState = true
	p.CancelMoveTo = false
	j.perform(MovementStopRawCommand, TurnRight, p)
	j.perform(MovementStopRawCommand, WalkForward, p)
	for range 5 {
		j.tick(0.1)
	}

	// Interpreted commands and stops through PerformMovement.
	j.perform(MovementInterpretedCommand, WalkForward, DefaultParams())
	j.perform(MovementStopInterpretedCommand, WalkForward, DefaultParams())
	j.perform(MovementStopCompletely, 0, DefaultParams())
	j.perform(MovementInvalid, WalkForward, DefaultParams())
	j.perform(MovementType(9), WalkForward, DefaultParams())

	// Actions and the refusals.
	for i := range 7 {
		p := DefaultParams()
		p.ActionStamp = uint16(i + 1)
		j.perform(MovementRawCommand, AttackHigh1, p) // the 7th is one too many
	}
	for range 30 {
		j.tick(0.1)
	}
	raw(NonCombat, 1, HoldKeyInvalid)
	raw(HandCombat, 1, HoldKeyInvalid)
	for range 10 {
		j.tick(0.1)
	}
	raw(Crouch, 1, HoldKeyInvalid)
	raw(Sitting, 1, HoldKeyInvalid)
	raw(Sleeping, 1, HoldKeyInvalid)
	raw(0x13000087, 1, HoldKeyInvalid) // Wave: a chat emote
	raw(NonCombat, 1, HoldKeyInvalid)
	for range 10 {
		j.tick(0.1)
	}
	raw(Crouch, 1, HoldKeyInvalid) // allowed out of combat
	j.queries()
	j.step("ChargeJump crouching → %#x", uint32(mi.ChargeJump()))
	raw(Ready, 1, HoldKeyInvalid)
	for range 10 {
		j.tick(0.1)
	}

	// Jumps.
	j.step("ChargeJump standing still → %#x", uint32(mi.ChargeJump()))
	j.queries()
	j.step("Jump 0.5 → %#x", uint32(mi.Jump(0.5)))
	mv(o).LeaveGround()
	j.step("LeaveGround")
	j.queries()
	o.Phys.Transient = 0
	j.step("airborne: Jump → %#x", uint32(mi.Jump(1)))
	j.queries()
	raw(WalkForward, 1, HoldKeyInvalid) // bookkeeping only in the air
	raw(AttackHigh1, 1, HoldKeyInvalid) // refused in the air
	stopRaw(WalkForward)
	o.Phys.Transient = physics.TransientContact | physics.TransientOnWalkable
	mv(o).HitGround()
	j.step("HitGround")
	raw(WalkForward, 1, HoldKeyRun)
	j.step("ChargeJump running → %#x", uint32(mi.ChargeJump()))
	j.step("Jump 3 (clamped) → %#x", uint32(mi.Jump(3)))
	mv(o).LeaveGround()
	j.step("LeaveGround running")
	o.Phys.Transient = physics.TransientContact | physics.TransientOnWalkable
	mv(o).HitGround()
	j.step("HitGround")
	mi.Interpreted.ForwardCommand = Falling
	j.step("ChargeJump falling → %#x", uint32(mi.ChargeJump()))
	mi.Interpreted.ForwardCommand = Fallen
	j.queries()
	mi.Interpreted.ForwardCommand = Sleeping
	j.queries()
	mi.Interpreted.ForwardCommand = Reload
	j.queries()
	mi.Interpreted.ForwardCommand = Ready
	mi.Pending = []MotionNode{{0, AttackHigh1, ErrYouCantJumpFromThisPosition}, {0, Ready, ErrNone}}
	j.queries()
	mi.Pending = mi.Pending[:1]
	j.queries()
	mi.Pending = nil
	j.check(t, "interp_raw")
}

// TestJournalInterpInterpretedPath drives CMotionInterp on the wire path
// for remote objects (seed 004 Q1/Q2: move_to_interpreted_state,
// apply_interpreted_movement's order, DoInterpretedMotion and
// StopInterpretedMotion's contact and standing-long-jump gates, the
// detached-object guard, MotionDone's action release, HandleExitWorld).
func TestJournalInterpInterpretedPath(t *testing.T) {
	for _, w := range []*journalWeenie{nil, {creature: true}, {creature: false}} {
		var weenie Weenie
		name := "interp_wire_nil"
		if w != nil {
			weenie = w
			name = fmt.Sprintf("interp_wire_creature_%v", w.creature)
		}
		o, j := interpRig(weenie)
		mi := o.Interp()
		move := func(s InterpretedState, note string) {
			j.step("MoveToInterpretedState %s → %v", note, mi.MoveToInterpretedState(&s))
			j.queries()
		}
		s := DefaultInterpretedState()
		s.ForwardCommand, s.ForwardSpeed = RunForward, 1.25
		s.SideStepCommand, s.SideStepSpeed = SideStepRight, 0.5
		s.TurnCommand, s.TurnSpeed = TurnRight, 1.5
		move(s, "run, sidestep, turn")
		j.tick(0.2)
		s.SideStepCommand, s.TurnCommand = 0, 0
		move(s, "run only")
		s.ForwardCommand = WalkForward
		s.Actions = []Action{{AttackHigh1, 1, 1, false}, {AttackHigh1, 1.5, 2, true}}
		move(s, "walk with two actions")
		for range 30 {
			j.tick(0.1)
		}
		mi.StandingLongJump = true
		move(s, "standing long jump")
		s.SideStepCommand = SideStepRight
		p := DefaultParams()
		j.step("DoInterpretedMotion sidestep during a long jump → %#x", uint32(mi.DoInterpretedMotion(SideStepRight, &p)))
		j.step("StopInterpretedMotion walk during a long jump → %#x", uint32(mi.StopInterpretedMotion(WalkForward, &p)))
		mi.StandingLongJump = false
		o.Phys.Transient = 0
		move(s, "airborne")
		o.Phys.State = 0
		move(s, "no gravity")
		o.Phys.State = physics.StateGravity
		o.Phys.Transient = physics.TransientContact
		move(s, "contact without walkable")
		o.Phys.Transient = physics.TransientContact | physics.TransientOnWalkable
		s.Actions = nil
		move(s, "grounded again")
		for range 10 {
			j.tick(0.1)
		}
		o.Phys.Position.Cell = 0
		move(s, "detached (cell 0)")
		p = DefaultParams()
		j.step("StopInterpretedMotion detached → %#x", uint32(mi.StopInterpretedMotion(WalkForward, &p)))
		j.step("StopCompletely detached → %#x", uint32(mi.StopCompletely()))
		o.Phys.Position.Cell = 0x01010001
		s.ForwardCommand, s.Actions = Dead, nil
		move(s, "dead")
		mi.Pending = append(mi.Pending, MotionNode{1, AttackHigh1, ErrNone}, MotionNode{2, Ready, ErrNone})
		mi.Interpreted.Actions = []Action{{AttackHigh1, 1, 3, false}}
		mi.Raw.Actions = []Action{{AttackHigh1, 1, 3, false}}
		mi.MotionDone(true)
		j.step("MotionDone")
		mi.Pending = append([]MotionNode{{1, AttackHigh1, ErrNone}}, mi.Pending...)
		mi.MotionDone(true)
		j.step("MotionDone of an action head")
		mi.Pending = append(mi.Pending, MotionNode{1, AttackHigh1, ErrNone}, MotionNode{2, Ready, ErrNone})
		mi.Interpreted.Actions = []Action{{AttackHigh1, 1, 3, false}, {AttackHigh1, 1, 4, false}}
		mv(o).HandleExitWorld()
		j.step("HandleExitWorld")
		mi.Pending = nil
		mi.MotionDone(true)
		j.step("MotionDone with nothing pending")
		j.check(t, name)
	}
}
