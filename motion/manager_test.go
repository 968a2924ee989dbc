package motion

import (
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motioncmd"
)

// doneObs records completed motions in order, with their results.
type doneObs struct {
	motions []uint32
	results []bool
}

func (d *doneObs) HookCaptured(uint32, *dat.AnimHook) {}
func (d *doneObs) MotionQueued(_, _, _ uint32)        {}
func (d *doneObs) MotionCompleted(_, m uint32, ok bool) {
	d.motions = append(d.motions, m)
	d.results = append(d.results, ok)
}

// doneLog records completed motions in order.
func doneLog(o *Object) *[]uint32 {
	d := &doneObs{}
	o.Obs = d
	return &d.motions
}

func TestCompletionByPollWhenTickCountIsZero(t *testing.T) {
	o := newTestObject()
	log := doneLog(o)
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	m := o.Parts.Manager
	// NonCombat (style unchanged) queues with 0 ticks, the walk link with 1.
	if len(m.Pending) != 2 || m.Pending[0] != (AnimNode{NonCombat, 0}) || m.Pending[1] != (AnimNode{WalkForward, 1}) {
		t.Fatalf("pending = %v, want [NonCombat:0 WalkForward:1]", m.Pending)
	}
	if len(*log) != 0 {
		t.Fatalf("the wire path must not complete anything synchronously: %x", *log)
	}
	o.Parts.HandleMovement()
	if len(*log) != 1 || (*log)[0] != NonCombat || len(m.Pending) != 1 {
		t.Fatalf("poll completed %x, pending %v; want only NonCombat", *log, m.Pending)
	}
	if len(o.Interp().Pending) != 1 || o.Interp().Pending[0].Motion != WalkForward {
		t.Fatalf("MotionDone must cascade into the interpreter queue: %v", o.Interp().Pending)
	}
}

func TestCompletionByAnimDoneHookRunningTotal(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	settle(t, o)
	log := doneLog(o)
	// Walk → Dead hops through Ready: two links, so Dead waits on 2 AnimDones.
	o.Interp().MoveToInterpretedState(ims(Dead, 1))
	m := o.Parts.Manager
	last := m.Pending[len(m.Pending)-1]
	if last != (AnimNode{Dead, 2}) {
		t.Fatalf("pending tail = %v, want Dead:2", last)
	}
	o.Parts.HandleMovement() // poll drains the zero-tick style entry only
	*log = (*log)[:0]
	tick(o, 5.0/30) // walk→ready link (5 frames) done: counter 1 < 2
	if len(*log) != 0 || m.AnimationCounter != 1 {
		t.Fatalf("after one link: done %x, counter %d; want nothing done, counter 1", *log, m.AnimationCounter)
	}
	tick(o, 12.0/30) // ready→dead link (12 frames) done: counter 2 covers Dead
	if len(*log) != 1 || (*log)[0] != Dead || m.AnimationCounter != 0 || len(m.Pending) != 0 {
		t.Fatalf("after both links: done %x, counter %d, pending %v", *log, m.AnimationCounter, m.Pending)
	}
	if o.Interp().MotionsPending() {
		t.Fatalf("interpreter queue not drained: %v", o.Interp().Pending)
	}
}

func TestActionCompletesWhenItsFramesFinish(t *testing.T) {
	o := newTestObject()
	log := doneLog(o)
	p := DefaultParams()
	if err := o.Interp().DoInterpretedMotion(AttackHigh1, &p); err != ErrNone {
		t.Fatalf("attack: %v", err)
	}
	m := o.Parts.Manager
	if got := nodeAnims(&o.Parts.Sequence); len(got) != 2 || got[0] != animAttack || got[1] != animReady {
		t.Fatalf("nodes = %x, want [attack, ready]", got)
	}
	if len(m.State.Actions) != 1 || len(o.Interp().Interpreted.Actions) != 1 {
		t.Fatalf("action not recorded: table %v interp %v", m.State.Actions, o.Interp().Interpreted.Actions)
	}
	tick(o, 8.0/30)
	if len(*log) != 0 || len(m.State.Actions) != 1 {
		t.Fatalf("action acknowledged before its frames finished")
	}
	tick(o, 1.0/30)
	if len(*log) != 1 || (*log)[0] != AttackHigh1 {
		t.Fatalf("done = %x, want AttackHigh1", *log)
	}
	if len(m.State.Actions) != 0 || len(o.Interp().Interpreted.Actions) != 0 || o.Interp().MotionsPending() {
		t.Fatalf("0x10000000 completion must remove the action head everywhere: table %v interp %v pending %v",
			m.State.Actions, o.Interp().Interpreted.Actions, o.Interp().Pending)
	}
}

// Rule (MotionTableManager::remove_redundant_links, ACE-derived): when a new
// entry repeats a command that is still waiting on animations, with only
// plain substates queued in between, everything after the older one is
// redundant — its tick counts are zeroed and that many link nodes are cut
// before FirstCyclic. Walk, Run, Walk therefore plays one link, not three.
func TestRapidWalkRunWalkDoesNotPileUpLinks(t *testing.T) {
	o := newTestObject()
	log := doneLog(o)
	for _, c := range []uint32{WalkForward, RunForward, WalkForward} {
		o.Interp().MoveToInterpretedState(ims(c, 1))
	}
	seq := &o.Parts.Sequence
	if got := nodeAnims(seq); len(got) != 2 || got[0] != animReadyWalk || got[1] != animWalk {
		t.Fatalf("nodes = %x, want [ready→walk, walk]", got)
	}
	if st := o.Parts.Manager.State; st.Substate != WalkForward {
		t.Fatalf("substate = %s", motioncmd.Name(st.Substate))
	}
	tick(o, 5.0/30)
	if len(o.Parts.Manager.Pending) != 0 || o.Interp().MotionsPending() {
		t.Fatalf("queues not drained after the one link: %v / %v", o.Parts.Manager.Pending, o.Interp().Pending)
	}
	walks := 0
	for _, m := range *log {
		if m == WalkForward {
			walks++
		}
	}
	if walks != 2 {
		t.Fatalf("done %x: both walk messages must complete", *log)
	}
}

func TestRemotePathCompletesOnlyByPollAndHook(t *testing.T) {
	o := newTestObject()
	s := ims(Ready, 1)
	s.SideStepCommand, s.SideStepSpeed = SideStepRight, 1
	o.Interp().MoveToInterpretedState(s)
	if n := len(o.Parts.Manager.Pending); n != 3 {
		t.Fatalf("pending = %v, want style, Ready and sidestep, all zero-tick", o.Parts.Manager.Pending)
	}
	if n := len(o.Interp().Pending); n != 3 {
		t.Fatalf("interpreter pending = %v", o.Interp().Pending)
	}
	o.Parts.HandleMovement()
	if len(o.Parts.Manager.Pending) != 0 || o.Interp().MotionsPending() {
		t.Fatalf("the per-tick poll must complete them: %v", o.Interp().Pending)
	}
}

func TestLocalPerformMovementPollsSynchronously(t *testing.T) {
	o := newTestObject()
	o.Phys.Autonomous = true // the local player: no weenie, autonomous
	p := DefaultParams()
	if err := o.Interp().PerformMovement(MovementInterpretedCommand, SideStepRight, &p); err != ErrNone {
		t.Fatalf("sidestep: %v", err)
	}
	if len(o.Parts.Manager.Pending) != 0 || o.Interp().MotionsPending() {
		t.Fatalf("a zero-tick local motion must complete in the same call: %v", o.Interp().Pending)
	}
}

func TestHandleEnterWorldDrainsUnsuccessfully(t *testing.T) {
	o := newTestObject()
	d := &doneObs{}
	o.Obs = d
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	o.EnterWorld(o.Phys.Position.Cell)
	results := d.results
	if got := nodeAnims(&o.Parts.Sequence); len(got) != 1 || got[0] != animWalk {
		t.Fatalf("enter world must strip the link: %x", got)
	}
	if len(results) != 2 || results[0] || results[1] {
		t.Fatalf("drain results = %v, want two unsuccessful completions", results)
	}
}

func TestStopCompletelyReturnsToReady(t *testing.T) {
	o := newTestObject()
	s := ims(RunForward, 1)
	s.SideStepCommand, s.SideStepSpeed = SideStepRight, 1
	o.Interp().MoveToInterpretedState(s)
	settle(t, o)
	o.Interp().StopCompletely()
	st := o.Parts.Manager.State
	if st.Substate != Ready || len(st.Modifiers) != 0 {
		t.Fatalf("state = %+v, want Ready with no modifiers", st)
	}
	if !o.Parts.Sequence.Velocity.IsZero() {
		t.Fatalf("velocity = %v", o.Parts.Sequence.Velocity)
	}
}

func TestGetLinkReverseLookupForNegativeSpeed(t *testing.T) {
	_, mt, _ := testWorld()
	tb := Table{mt}
	if got := tb.getLink(NonCombat, Ready, 1, WalkForward, 1); got != mt.Links[dat.MotionKey(NonCombat, Ready)][WalkForward] {
		t.Fatal("forward lookup must find ready→walk")
	}
	if got := tb.getLink(NonCombat, Ready, 1, WalkForward, -1); got != mt.Links[dat.MotionKey(NonCombat, WalkForward)][Ready] {
		t.Fatal("negative speed must look the link up reversed (walk→ready)")
	}
}
