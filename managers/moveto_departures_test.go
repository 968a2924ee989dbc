package managers

import (
	"github.com/dereth/dereth/motion"
	"testing"
)

// TestWireRunRateOnlyWhenPositive pins divergence MT-08 against seed 004
// Q1 (MovementManager::unpack_movement cases 6/7: `my_run_rate = <wire
// float>`): dereth takes the wire run rate only when it is positive,
// because ACE sends 0 when it computed none (wire-format §3.4).
func TestWireRunRateOnlyWhenPositive(t *testing.T) {
	r := newMoveToRig(t)
	p := motion.DefaultMoveToParams()
	p.RunRate = 1.5
	r.m.MoveToPosition(r.at(0, 10), p)
	if got := r.o.Interp().MyRunRate; got != 1.5 {
		t.Fatalf("my_run_rate = %v, want the wire's 1.5", got)
	}
	p.RunRate = 0
	r.m.MoveToPosition(r.at(0, 10), p)
	if got := r.o.Interp().MyRunRate; got != 1.5 {
		t.Fatalf("a wire run rate of 0 replaced my_run_rate (%v)", got)
	}
}

// TestMovementCancelsTheMoveTo: a raw stop with cancel_moveto, a jump and a
// wire InterpretedMotionState (seed 004 Q1: move_to_interpreted_state
// calls interrupt_current_movement) each cancel the MoveTo in progress
// with ActionCancelled.
func TestMovementCancelsTheMoveTo(t *testing.T) {
	for name, f := range map[string]func(in *motion.Interp){
		"StopMotion": func(in *motion.Interp) { p := motion.DefaultParams(); in.StopMotion(motion.WalkForward, &p) },
		"Jump":       func(in *motion.Interp) { in.Jump(0.5) },
		"MoveToInterpretedState": func(in *motion.Interp) {
			in.MoveToInterpretedState(ims(motion.Ready, 1))
		},
	} {
		r := newMoveToRig(t)
		r.m.TurnToHeading(motion.NewTurnToParams(motion.MoveParamDefault, 1, 90))
		r.step()
		f(r.o.Interp())
		if len(r.done) != 1 || r.done[0] != motion.ErrActionCancelled || r.m.IsMovingTo() {
			t.Errorf("%s: done %v, moving %v; want ActionCancelled", name, r.done, r.m.IsMovingTo())
		}
	}
}
