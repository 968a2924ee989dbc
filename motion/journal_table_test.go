package motion

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// tableJournal calls CMotionTable's functions directly on one MotionState
// and sequence and logs each call's (ticks, ok) with the state and the
// sequence after it.
type tableJournal struct {
	b   strings.Builder
	t   Table
	st  State
	seq Sequence
}

func newTableJournal() *tableJournal {
	anims, mt, _ := richTable()
	j := &tableJournal{t: Table{mt}}
	j.seq.Anims = anims
	return j
}

func (j *tableJournal) log(call string, n uint32, ok bool) {
	fmt.Fprintf(&j.b, "## %s → %d %v\n  %s\n  seq%s\n", call, n, ok, describeState(&j.st), describeSeq(&j.seq))
}

// reset puts the state and sequence back to the default state.
func (j *tableJournal) reset() {
	n, ok := j.t.SetDefaultState(&j.st, &j.seq)
	j.log("SetDefaultState", n, ok)
}

func (j *tableJournal) do(m uint32, speed float32, force bool) {
	n, ok := j.t.GetObjectSequence(m, &j.st, &j.seq, speed, force)
	j.log(fmt.Sprintf("GetObjectSequence %s %s force=%v", cmd(m), g(float64(speed)), force), n, ok)
}

func (j *tableJournal) stop(m uint32, speed float32) {
	n, ok := j.t.StopSequenceMotion(m, speed, &j.st, &j.seq)
	j.log(fmt.Sprintf("StopSequenceMotion %s %s", cmd(m), g(float64(speed))), n, ok)
}

func (j *tableJournal) check(t *testing.T, name string) {
	t.Helper()
	(&journal{b: j.b}).check(t, name)
}

// TestJournalTableDirect pins CMotionTable's entry points one return path
// at a time (seed 004 Q2 GetObjectSequence's style, substate, action and
// modifier branches; Q7 StopSequenceMotion and StopObjectCompletely;
// SetDefaultState): each call's tick count and result, the MotionState
// and the sequence it leaves.
func TestJournalTableDirect(t *testing.T) {
	j := newTableJournal()
	nc, hc, sc := uint32(NonCombat), uint32(HandCombat), uint32(SwordCombat)
	k := dat.MotionKey

	// Guards.
	var nilTable Table
	n, ok := nilTable.GetObjectSequence(WalkForward, &j.st, &j.seq, 1, false)
	j.log("nil table GetObjectSequence", n, ok)
	n, ok = nilTable.SetDefaultState(&j.st, &j.seq)
	j.log("nil table SetDefaultState", n, ok)
	n, ok = nilTable.StopSequenceMotion(WalkForward, 1, &j.st, &j.seq)
	j.log("nil table StopSequenceMotion", n, ok)
	j.do(WalkForward, 1, false) // style 0
	j.st.Style = nc
	j.do(WalkForward, 1, false) // substate 0
	j.st.Style, j.st.Substate = 0, Ready
	j.do(WalkForward, 1, false) // style 0 (a cycle under style 0 exists)
	j.st.Style = nc
	n, ok = nilTable.GetObjectSequence(WalkForward, &j.st, &j.seq, 1, false)
	j.log("nil table GetObjectSequence with a style and substate", n, ok)
	j.reset()
	j.do(Stop, 1, false) // a cycle with no clips: its physics, no node, ticks 0
	j.reset()
	j.do(RunForward, 1, false) // no Ready→Run link and none through the default: the cycle alone
	j.reset()

	// The style default while the substate is a modifier-class command.
	j.st.Substate = SideStepRight
	j.do(Ready, 1, false)
	j.do(Ready, 1, true)
	j.st.Substate = SideStepRight
	n, ok = j.t.DoObjectMotion(Ready, &j.st, &j.seq, 1)
	j.log("DoObjectMotion Ready (no force) with a modifier-class substate", n, ok)
	j.stop(SideStepRight, 1) // the main cycle even though modifier-class: forced to the default
	j.st.Substate = Jump     // a modifier-only command as substate
	j.stop(Jump, 1)          // not the main-cycle branch, not a present modifier
	j.do(Jump, 1, false)     // add_modifier: the substate itself, stop fails, refused
	j.reset()

	// Zero speeds are non-negative (same_sign): the fast path both ways.
	j.do(WalkForward, 1, false)
	j.do(WalkForward, 0, false)
	j.do(WalkForward, 1, false)
	j.reset()

	// Substate changes.
	j.do(WalkForward, 0.5, false)
	j.do(WalkForward, 2, false)  // fast path ×4
	j.do(WalkForward, -1, false) // sign change: the hop
	j.do(Sleeping, 1, false)     // only from the default
	j.do(0x40000099, 1, false)   // no cycle at all
	j.reset()
	j.do(Sleeping, 1, false)
	j.do(Sleeping, 3, false) // re-entering is allowed (fast path)
	j.do(Sleeping, 1, false) // a modifier-class-free substate never re-enters the modifier branch
	j.reset()
	j.seq.ClearAnimations()
	j.do(Ready, 2, false) // the same substate with no animations is not the fast path
	j.reset()

	// A modifier-class substate left for another substate is kept as a modifier.
	j.st.Substate, j.st.SubstateMod = SideStepRight, 0.5
	j.do(WalkForward, 1, false)
	j.reset()

	// Modifiers.
	j.do(WalkForward, 1, false)
	j.do(SideStepRight, 1.5, false)
	j.do(TurnRight, 2, false)
	j.do(TurnRight, 1, false)  // present: stopped, then re-added
	j.do(Jump, 1, false)       // a modifier with no movement
	j.do(0x2000FFFF, 1, false) // no modifier data
	j.do(RunForward, 1, false) // re_modify across the link
	j.stop(SideStepRight, 1)
	j.stop(SideStepRight, 1) // not present
	j.stop(0x2000FFFF, 1)    // not present, no data
	j.st.Modifiers = append(j.st.Modifiers, Motion{0x2000FFFF, 1})
	j.stop(0x2000FFFF, 1)  // present, no data
	j.stop(AttackHigh1, 1) // neither the substate nor a modifier
	j.st.Modifiers = append(j.st.Modifiers, Motion{AttackHigh1, 1})
	j.stop(AttackHigh1, 1) // listed as a modifier but an action: not stopped
	j.st.Modifiers = j.st.Modifiers[:len(j.st.Modifiers)-1]
	j.stop(WalkForward, 1) // not the current substate
	j.stop(RunForward, 1)  // the main cycle: to the default
	j.do(Crouch, 1, false)
	j.do(TurnRight, 1, false) // refused on a clear-modifiers cycle
	j.reset()
	j.st.Substate = 0x40000098 // a substate without a cycle
	j.do(TurnRight, 1, false)
	j.do(AttackHigh1, 1, false)
	j.do(Sleeping, 1, false) // not allowed; Sleeping's decoy modifier entry is never looked at
	j.reset()

	// Actions.
	j.do(AttackHigh1, 1.5, false) // the direct link from Ready
	j.do(WalkForward, 0.5, false)
	j.do(AttackHigh1, 2, false) // no link from Walk: to the default, the action, back
	j.do(Ready, 1, false)
	j.do(RunForward, 1, false)
	j.do(AttackHigh1, 1, false) // from Run: no link back from the default to Run
	j.reset()
	j.do(Crouch, 1, false)
	j.do(AttackHigh1, 1, false) // Crouch→Ready exists, Ready→Attack exists, back Ready→Crouch
	attack := j.t.Links[k(nc, Ready)][AttackHigh1]
	delete(j.t.Links[k(nc, Ready)], AttackHigh1)
	j.do(AttackHigh1, 1, false) // no action link: refused
	j.do(0x10000097, 1, false)  // no link at all
	j.t.Links[k(nc, Ready)][AttackHigh1] = attack
	j.reset()
	j.do(Sleeping, 1, false)
	j.do(AttackHigh1, 1, false) // no way from Sleeping to the default: refused
	j.reset()

	// Styles.
	j.do(nc, 1, false) // already
	j.do(WalkForward, 1, false)
	j.do(hc, 1.5, false) // to the default first, then the authored link
	j.do(WalkForward, 1, false)
	j.do(TurnRight, 1, false) // the style-less modifier
	j.do(nc, 1, false)        // HC walk → HC ready → NC
	j.do(sc, 1, false)        // authored two-clip link; the cycle clears modifiers
	j.do(hc, 2, false)        // no SC→HC link: through the default style
	j.do(sc, 1, false)        // the authored HC→SC link, not through the default style
	j.do(hc, 1, false)
	j.do(WalkForward, 1, false)
	j.do(TurnRight, 2, false)
	j.do(AttackHigh1, 1, false) // HC walk's direct action link with a modifier re-applied
	j.do(Ready, 1, false)
	j.do(WalkForward, 0.5, false)
	delete(j.t.Links[k(hc, WalkForward)], AttackHigh1)
	j.t.Links[k(hc, Ready)][AttackHigh1] = j.t.Links[k(nc, Ready)][AttackHigh1]
	j.do(AttackHigh1, 1, false) // through the default, the modifier re-applied
	j.do(0x8000FFFF, 1, false)  // no such style
	j.t.StyleDefaults[0x8000FFFE] = Ready
	j.do(0x8000FFFE, 1, false) // a style without a Ready cycle
	j.t.StyleDefaults[hc] = 0
	j.do(nc, 1, false) // HandCombat has no default substate now
	j.t.StyleDefaults[hc] = Ready
	j.reset()

	// Stopping.
	j.do(WalkForward, 1, false)
	j.do(SideStepRight, 1, false)
	j.do(TurnRight, 1, false)
	j.st.Modifiers = append(j.st.Modifiers, Motion{0x2000FFFF, 1})
	n, ok = j.t.StopObjectCompletely(&j.st, &j.seq)
	j.log("StopObjectCompletely", n, ok)
	n, ok = j.t.StopObjectCompletely(&j.st, &j.seq) // only the substate
	j.log("StopObjectCompletely again", n, ok)
	j.st.Modifiers = append(j.st.Modifiers, Motion{0x2000FFFF, 1})
	j.st.Substate = 0x40000098
	n, ok = j.t.StopObjectCompletely(&j.st, &j.seq) // the modifier has no data; the substate stops
	j.log("StopObjectCompletely without modifier data", n, ok)
	j.st.Style, j.st.Substate = 0x8000FFFE, 0x40000098 // a style whose default has no cycle
	j.st.Modifiers = append(j.st.Modifiers, Motion{0x2000FFFF, 1})
	n, ok = j.t.StopObjectCompletely(&j.st, &j.seq) // nothing stops
	j.log("StopObjectCompletely nothing stops", n, ok)
	j.st.Modifiers = append(j.st.Modifiers, Motion{TurnRight, 1})
	n, ok = j.t.StopObjectCompletely(&j.st, &j.seq) // the style-less turn stops, the substate cannot
	j.log("StopObjectCompletely modifier only", n, ok)
	j.reset()
	j.do(SideStepRight, 1, false)
	n, ok = j.t.DoObjectMotion(Ready, &j.st, &j.seq, 1)
	j.log("DoObjectMotion Ready", n, ok)
	n, ok = j.t.StopObjectMotion(TurnRight, 1, &j.st, &j.seq)
	j.log("StopObjectMotion TurnRight", n, ok)

	// SetDefaultState clears modifiers, actions, the sequence and its
	// physics.
	j.do(WalkForward, 1, false)
	j.do(TurnRight, 1, false)
	j.st.AddAction(AttackHigh1, 1)
	j.seq.CombinePhysics(physics.Vec3{X: 1}, physics.Vec3{Y: 1})
	j.reset()
	ready := j.t.Cycles[k(nc, Ready)]
	j.t.Cycles[k(nc, Ready)] = md(physics.Vec3{}, physics.Vec3{}, animReady, animSleep)
	j.reset() // a two-clip default: ticks 1
	j.t.Cycles[k(nc, Ready)] = ready

	// SetDefaultState's own guards.
	delete(j.t.Cycles, k(nc, Ready))
	n, ok = j.t.SetDefaultState(&j.st, &j.seq)
	j.log("SetDefaultState without the default cycle", n, ok)
	delete(j.t.StyleDefaults, nc)
	n, ok = j.t.SetDefaultState(&j.st, &j.seq)
	j.log("SetDefaultState without a style default", n, ok)
	j.check(t, "table_direct")
}

// TestJournalAddMotion pins add_motion's edges: a MotionData whose clips
// are all missing adds its physics to the accumulators directly, and the
// node a transition adopts (MA-01) takes only the first motion's physics.
func TestJournalAddMotion(t *testing.T) {
	j := newTableJournal()
	j.reset()
	tb := j.t
	ghost := &dat.MotionData{Velocity: physics.Vec3{X: 7}, Omega: physics.Vec3{Z: 1}, Anims: []dat.AnimData{{AnimID: 0x0300FFFF, HighFrame: -1, Framerate: 30}}}
	tb.addMotion(&j.seq, ghost, 2)
	j.log("addMotion of missing clips ×2", 0, true)
	tb.addMotion(&j.seq, nil, 2)
	j.log("addMotion nil", 0, true)
	j.seq.ClearPhysics()
	tb.addMotion(&j.seq, ghost, 1)
	tb.addMotion(&j.seq, tb.cycle(NonCombat, WalkForward), 1)
	j.log("after clear_physics: missing clips first, then the walk cycle (not adopted)", 0, true)
	j.seq.ClearPhysics()
	tb.addMotion(&j.seq, tb.cycle(NonCombat, WalkForward), 0.5)
	tb.addMotion(&j.seq, tb.cycle(NonCombat, RunForward), 1)
	j.log("after clear_physics: walk adopted by the playing node, run not", 0, true)
	j.check(t, "add_motion")
}
