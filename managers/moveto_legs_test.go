package managers

import (
	"github.com/dereth/dereth/motion"
	"math"
	"testing"

	"github.com/dereth/dereth/physics"
)

// The MoveToManager's legs at their edges (ACE-derived
// MoveToManager / MovementParameters; divergences MT-01..MT-08).

// TestCheckProgressMade pins MoveToManager::CheckProgressMade: within a
// second anything is progress; after it, the distance must have closed at
// 0.25 units/s or more (exactly 0.25 is enough) both since the last check
// and since the leg began.
func TestCheckProgressMade(t *testing.T) {
	for _, c := range []struct {
		name              string
		prev, orig        float32 // distances at the last check and the leg's start
		prevT, origT, now float64
		dist              float32
		want              bool
	}{
		{"within a second", 10, 10, 0, 0, 1, 10, true},
		{"0.2/s since the last check", 10, 20, 0, 0, 1.5, 9.7, false},
		{"exactly 0.25/s since the last check", 10, 20, 0, 0, 2, 9.5, true},
		{"0.2/s since the start", 9.6, 9.6, 1, 0, 3, 9, false},
		{"0.3/s since a start at 1 s", 9.9, 9.9, 2, 1, 4, 9, true},
		{"exactly 0.25/s since the start", 9.5, 9.5, 0.5, 0, 2, 9, true},
	} {
		r := newMoveToRig(t)
		m := r.m
		m.PreviousDistance, m.PreviousDistanceTime = c.prev, c.prevT
		m.OriginalDistance, m.OriginalDistanceTime = c.orig, c.origT
		r.now = c.now
		if got := m.checkProgressMade(c.dist); got != c.want {
			t.Errorf("%s: progress %v, want %v", c.name, got, c.want)
		}
	}
}

// TestBeginTurnToHeadingEdges: BeginTurnToHeading turns right up to and
// including 180° clockwise, left beyond, and skips the leg when the
// target is within MoveToEpsilon either way (exactly ε clockwise is
// within; 360 − ε/2 is within; 360 − ε is not).
func TestBeginTurnToHeadingEdges(t *testing.T) {
	e := float32(motion.MoveToEpsilon)
	for _, c := range []struct {
		target float32
		turn   uint32 // 0: the leg is skipped
	}{
		{180, motion.TurnRight},
		{180.5, motion.TurnLeft},
		{e, 0},
		{360 - e/2, 0},
		{2 * e, motion.TurnRight},
		{justUnder360(), motion.TurnLeft},
	} {
		r := newMoveToRig(t)
		r.m.TurnToHeading(motion.NewTurnToParams(motion.MoveParamDefault, 1, c.target))
		for i := 0; i < 10 && r.m.CurrentCommand == 0 && len(r.done) == 0; i++ {
			r.step()
		}
		if c.turn == 0 {
			if len(r.done) != 1 || r.done[0] != motion.ErrNone || r.trace[len(r.trace)-1].cmd != 0 {
				t.Errorf("target %v: done %v, command %s; want the leg skipped", c.target, r.done, cmd(r.m.CurrentCommand))
			}
			continue
		}
		if r.m.CurrentCommand != c.turn {
			t.Errorf("target %v: %s, want %s", c.target, cmd(r.m.CurrentCommand), cmd(c.turn))
		}
	}
}

// justUnder360 is the largest float32 heading h with h + MoveToEpsilon
// rounding to exactly 360: the last one BeginTurnToHeading still turns
// left to (diff + ε ≤ 360).
func justUnder360() float32 {
	h := float32(360)
	for h+motion.MoveToEpsilon > 360 {
		h = math.Nextafter32(h, 0)
	}
	return h
}

// TestFinalHeadingOfExactly360: a final heading of bearing 90 + desired
// 270 is exactly 360, which wraps to 0, so the mover (facing 45 at the
// start) turns left to it and is snapped to the identity orientation
// (heading 0), not to the other-signed quaternion of 360.
func TestFinalHeadingOfExactly360(t *testing.T) {
	r := newMoveToRig(t)
	motion.SetFrameHeading(&r.o.Phys.Position.Frame, 45)
	r.targets[7] = r.at(0.3, 0) // east, within reach: bearing exactly 90
	p := motion.DefaultMoveToParams()
	p.UseFinalHeading, p.DesiredHeading = true, 270
	r.m.MoveToObject(7, 0, 0, p)
	r.run(900)
	r.expectDone(motion.ErrNone)
	q := r.o.Phys.Position.Frame.Orientation
	if q.W <= 0 || mtAngle(motion.FrameHeading(r.o.Phys.Position.Frame), 0) > 0.01 {
		t.Fatalf("orientation %v (heading %v), want heading 0 as the identity-signed quaternion", q, motion.FrameHeading(r.o.Phys.Position.Frame))
	}
}

// TestFinalHeadingsWrap: a MoveToObject's final heading (bearing +
// desired heading) and a TurnToObject's heading wrap into [0, 360), so a
// sum past 360 still turns there (MoveToObject_Internal /
// TurnToObject_Internal).
func TestFinalHeadingsWrap(t *testing.T) {
	const target = 7
	for _, turnTo := range []bool{false, true} {
		r := newMoveToRig(t)
		r.targets[target] = r.at(0.3, 0) // east, within reach: bearing 90
		if turnTo {
			r.m.TurnToObject(target, motion.NewTurnToParams(motion.MoveParamDefault, 1, 300))
		} else {
			p := motion.DefaultMoveToParams()
			p.UseFinalHeading, p.DesiredHeading = true, 300
			r.m.MoveToObject(target, 0, 0, p)
		}
		r.run(900)
		r.expectDone(motion.ErrNone)
		if h := motion.FrameHeading(r.o.Phys.Position.Frame); mtAngle(h, 30) > 0.01 {
			t.Errorf("turn-to %v: heading %v, want 30 (90 + 300 − 360)", turnTo, h)
		}
	}
}

// TestTurnToObjectBeginsAtOnce: a TurnToObject that does not stop
// completely, on an idle mover whose target is known, begins its turn in
// the call (TurnToObject_Internal → BeginNextNode), not a tick later.
func TestTurnToObjectBeginsAtOnce(t *testing.T) {
	r := newMoveToRig(t)
	r.targets[7] = r.at(5, 0)
	r.m.TurnToObject(7, motion.NewTurnToParams(motion.MoveParamDefault&^motion.MoveParamStopCompletely, 1, 0))
	if r.m.CurrentCommand != motion.TurnRight {
		t.Fatalf("after TurnToObject: %s, want TurnRight at once", cmd(r.m.CurrentCommand))
	}
}

// TestMoveToObjectInReachDoesNotTurn: a target already within
// distance_to_object needs no turn and no move (MoveToObject_Internal
// queues them only when get_command has a motion).
func TestMoveToObjectInReachDoesNotTurn(t *testing.T) {
	r := newMoveToRig(t)
	r.targets[7] = r.at(0, -0.3) // behind, within 0.6
	r.m.MoveToObject(7, 0, 0, motion.DefaultMoveToParams())
	r.run(60)
	r.expectDone(motion.ErrNone)
	if i := r.firstIndex(func(s mtSample) bool { return s.cmd != 0 }); i >= 0 {
		t.Fatalf("issued %s for a target in reach", cmd(r.trace[i].cmd))
	}
}

// TestMoveLegSkippedWhenTheTargetCameClose: when the target came within
// reach while the mover turned, the move leg has nothing to do and is
// skipped (BeginMoveForward with no command), ending the move.
func TestMoveLegSkippedWhenTheTargetCameClose(t *testing.T) {
	r := newMoveToRig(t)
	r.targets[7] = r.at(0, -5) // behind
	r.m.MoveToObject(7, 0, 0, motion.DefaultMoveToParams())
	r.step()
	r.targets[7] = r.at(0, -0.3) // comes close while the mover turns
	r.run(900)
	r.expectDone(motion.ErrNone)
	if i := r.firstIndex(func(s mtSample) bool { return s.cmd == motion.WalkForward }); i >= 0 {
		t.Fatal("walked to a target already in reach")
	}
}

// TestMoveToObjectTargets: a MoveToObject to guid 1 polls its target like
// any other; guid 0 is no target and is never polled; a target report for
// another object is ignored.
func TestMoveToObjectTargets(t *testing.T) {
	r := newMoveToRig(t)
	r.targets[1] = r.at(0, 3)
	r.m.MoveToObject(1, 0, 0, motion.DefaultMoveToParams())
	r.run(900)
	r.expectDone(motion.ErrNone)

	r = newMoveToRig(t)
	r.targets[0] = r.at(0, 3)
	r.m.MoveToObject(0, 0, 0, motion.DefaultMoveToParams())
	for range 60 {
		r.step()
	}
	if len(r.done) != 0 || !r.m.IsMovingTo() || r.m.Initialized {
		t.Fatalf("a MoveToObject to guid 0: done %v, initialized %v", r.done, r.m.Initialized)
	}

	r = newMoveToRig(t)
	r.m.MoveToPosition(r.at(0, 5), motion.DefaultMoveToParams())
	r.m.HandleUpdateTarget(1, physics.Position{}, false)
	if len(r.done) != 0 || !r.m.IsMovingTo() {
		t.Fatalf("a report for guid 1 during a MoveToPosition: done %v", r.done)
	}
}

// TestMoveToPrelude: starting a move cancels the one in progress with
// ActionCancelled even without stop_completely, unsticks the mover, and
// takes a wire run rate above 0 (MT-08).
func TestMoveToPrelude(t *testing.T) {
	r := newMoveToRig(t)
	b := &unstickBody{Object: r.o}
	r.o.Interp().Body = b
	r.m.TurnToHeading(motion.NewTurnToParams(motion.MoveParamDefault, 1, 90))
	r.step()
	r.m.TurnToHeading(motion.NewTurnToParams(motion.MoveParamDefault&^motion.MoveParamStopCompletely, 1, 180))
	if len(r.done) != 1 || r.done[0] != motion.ErrActionCancelled || len(r.m.Pending) != 1 {
		t.Fatalf("a second TurnToHeading: done %v, legs %v; want the first cancelled, one leg", r.done, r.m.Pending)
	}
	if b.unstuck != 2 {
		t.Fatalf("unstuck %d times for two moves", b.unstuck)
	}
	p := motion.DefaultMoveToParams()
	p.RunRate = 0.5
	r.m.MoveToPosition(r.at(0, 5), p)
	if r.o.Interp().MyRunRate != 0.5 {
		t.Fatalf("run rate %v, want the wire's 0.5", r.o.Interp().MyRunRate)
	}
}

// TestStickyOnlyForObjects: MoveToPosition and TurnToHeading are never
// sticky, whatever the wire flags say; the move ends without StickTo.
func TestStickyOnlyForObjects(t *testing.T) {
	for _, heading := range []bool{false, true} {
		r := newMoveToRig(t)
		w := &mtStickyWorld{ObjectMoveTo: r.m.World.(*ObjectMoveTo)}
		r.m.World = w
		if heading {
			r.m.TurnToHeading(motion.NewTurnToParams(motion.MoveParamDefault|motion.MoveParamSticky, 1, 90))
		} else {
			r.m.MoveToPosition(r.at(0, 3), motion.NewMoveToParams(motion.MoveParamDefault|motion.MoveParamSticky, 0.6, 0, math.MaxFloat32, 1, 15, 0, 0))
		}
		r.run(900)
		r.expectDone(motion.ErrNone)
		if len(w.stuck) != 0 {
			t.Errorf("heading %v: StickTo %v", heading, w.stuck)
		}
	}
}

// TestMoveToEndsStoppedCompletely: CleanUpAndCallWeenie stops the mover
// completely, so a sidestep the move did not start is stopped too.
func TestMoveToEndsStoppedCompletely(t *testing.T) {
	r := newMoveToRig(t)
	p := motion.DefaultParams()
	r.o.Interp().DoMotion(motion.SideStepRight, &p)
	r.m.TurnToHeading(motion.NewTurnToParams(motion.MoveParamDefault&^motion.MoveParamStopCompletely, 1, 90))
	r.run(900)
	r.expectDone(motion.ErrNone)
	if s := r.o.Interp().Interpreted.SideStepCommand; s != 0 {
		t.Fatalf("sidestep %s after the move ended", cmd(s))
	}
}

// TestObjectMoveToWithoutHost: an ObjectMoveTo without a Host finds no
// object, its time is 0 and a completion goes nowhere.
func TestObjectMoveToWithoutHost(t *testing.T) {
	w := &ObjectMoveTo{}
	if _, ok := w.TargetPosition(1); ok {
		t.Error("found a target without a Host")
	}
	if w.Now() != 0 {
		t.Errorf("Now() = %v without a Host", w.Now())
	}
	w.Done(motion.ErrNone)
}

// TestObjectMoveToReportsTheMover: a completion reaches the Host with the
// mover's guid.
func TestObjectMoveToReportsTheMover(t *testing.T) {
	h := &guidHost{}
	w := &ObjectMoveTo{Obj: motion.NewObject(physics.NewObject(0x50000007), nil), Host: h}
	w.Done(motion.ErrObjectGone)
	if h.guid != 0x50000007 || h.err != motion.ErrObjectGone {
		t.Fatalf("reported 0x%08X %#x, want the mover 0x50000007 and ObjectGone", h.guid, uint32(h.err))
	}
}

type guidHost struct {
	doneHost
	guid uint32
	err  motion.WeenieError
}

func (h *guidHost) MoveToDone(guid uint32, err motion.WeenieError) { h.guid, h.err = guid, err }
func (h *guidHost) HeadingSet(uint32)                              {}

// TestCancelStopsTheLegThenEverything: MoveToManager::CleanUp stops the
// leg's own command (adjusted with the move's hold key: a run) and the
// steering turn before CleanUpAndCallWeenie stops completely, so a move
// cancelled while running and steering queues three Readys.
func TestCancelStopsTheLegThenEverything(t *testing.T) {
	r := newMoveToRig(t)
	r.targets[7] = r.at(0, 30)
	r.m.MoveToObject(7, 0, 0, motion.DefaultMoveToParams())
	for i := 0; i < 200 && !(r.m.CurrentCommand == motion.WalkForward && !r.o.Interp().MotionsPending()); i++ {
		r.step()
	}
	r.targets[7] = r.at(20, 0) // now far to the right: the leg steers
	for i := 0; i < 20 && r.m.AuxCommand == 0; i++ {
		r.step()
	}
	for i := 0; i < 100 && r.o.Interp().MotionsPending(); i++ {
		r.step()
	}
	in := r.o.Interp()
	if r.m.CurrentCommand != motion.WalkForward || r.m.AuxCommand != motion.TurnRight || r.m.Params.HoldKeyToApply != motion.HoldKeyRun || len(in.Pending) != 0 {
		t.Fatalf("setup: command %s aux %s hold %d pending %v", cmd(r.m.CurrentCommand), cmd(r.m.AuxCommand), r.m.Params.HoldKeyToApply, in.Pending)
	}
	r.m.CancelMoveTo(motion.ErrActionCancelled)
	ready := motion.MotionNode{ContextID: 0, Motion: motion.Ready, JumpError: motion.ErrNone}
	if len(in.Pending) != 3 || in.Pending[0] != ready || in.Pending[1] != ready || in.Pending[2] != ready {
		t.Fatalf("after the cancel: pending %v; want Ready ×3 (the run, the steering turn, stop completely)", in.Pending)
	}
}
