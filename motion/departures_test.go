package motion

import (
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
)

// tableOnly returns the test humanoid's table and a sequence over its
// animations, for calling CMotionTable's functions directly.
func tableOnly() (Table, *Sequence) {
	anims, mt, _ := testWorld()
	return Table{mt}, &Sequence{Anims: anims}
}

// TestStopMainCycleReturnsTheTransitionResult pins seed 004 Q7,
// CMotionTable::StopSequenceMotion (0x00522FC0): stopping the main cycle
// is `return GetObjectSequence(table, defaultSubstate, state, seq, 1.0f,
// outTicks, force=1)` — its result, which fails when the style default
// has no cycle.
func TestStopMainCycleReturnsTheTransitionResult(t *testing.T) {
	tb, seq := tableOnly()
	nc := uint32(NonCombat)
	delete(tb.Cycles, dat.MotionKey(nc, Ready)) // the style default has no cycle
	st := State{Style: nc, Substate: WalkForward, SubstateMod: 1}
	tb.addMotion(seq, tb.cycle(nc, WalkForward), 1)
	if _, ok := tb.StopSequenceMotion(WalkForward, 1, &st, seq); ok {
		t.Fatal("stopping the main cycle must fail when GetObjectSequence toward the style default fails")
	}
	if st.Substate != WalkForward {
		t.Fatalf("a failed stop changed the substate to %s", motioncmd.Name(st.Substate))
	}
	// With the default cycle present it succeeds.
	tb2, seq2 := tableOnly()
	st2 := State{Style: nc, Substate: WalkForward, SubstateMod: 1}
	tb2.addMotion(seq2, tb2.cycle(nc, WalkForward), 1)
	if n, ok := tb2.StopSequenceMotion(WalkForward, 1, &st2, seq2); !ok || st2.Substate != Ready || n != 1 {
		t.Fatalf("stop: ok %v substate %s ticks %d; want true, Ready, 1 (walk→ready link + ready cycle - 1)", ok, motioncmd.Name(st2.Substate), n)
	}
}

// TestTransitionDuringALinkTakesTheNewPhysicsAtOnce pins seed 004 Q2/Q7:
// a new transition runs clear_physics, then add_motion adds the new link's
// own velocity/omega back at once ("the only motion during the stop-link
// clip is whatever the clip's OWN keyframed velocity says"), even while a
// link of the previous transition is still the current node; the cycle's
// velocity applies once the cyclic node is current (divergence MA-01).
func TestTransitionDuringALinkTakesTheNewPhysicsAtOnce(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	settle(t, o)
	o.Interp().MoveToInterpretedState(ims(RunForward, 1)) // walk→run link plays
	tick(o, 0.05)
	seq := &o.Parts.Sequence
	old := seq.CurrAnim()
	if old.Anim.ID != animWalkRun {
		t.Fatalf("current %x, want the walk→run link", old.Anim.ID)
	}
	// Run → walk while the walk→run link still plays: the run→walk link's
	// velocity applies now.
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	if seq.CurrAnim() != old {
		t.Fatal("the playing link must keep playing")
	}
	if !vnear(seq.Velocity, walkRunVel) {
		t.Fatalf("velocity right after the new transition = %v, want the new link's %v", seq.Velocity, walkRunVel)
	}
	for i := 0; i < 100 && seq.CurrAnim().Anim.ID != animWalk; i++ {
		tick(o, 1.0/30)
		if id := seq.CurrAnim().Anim.ID; id != animWalk && !vnear(seq.Velocity, walkRunVel) {
			t.Fatalf("velocity while %x plays = %v, want the run→walk link's %v", id, seq.Velocity, walkRunVel)
		}
	}
	if !vnear(seq.Velocity, walkVel) {
		t.Fatalf("velocity on the walk cycle = %v, want %v", seq.Velocity, walkVel)
	}
}

// TestTransitionDuringALinkWithoutANewLinkTakesTheCycle: when the new
// motion appends no link (the Ready→Walk link is missing and so is the
// hop), the cycle is the new motion and its velocity applies at once.
func TestTransitionDuringALinkWithoutANewLinkTakesTheCycle(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	settle(t, o)
	o.Interp().MoveToInterpretedState(ims(Ready, 1)) // walk→ready link plays
	tick(o, 0.05)
	seq := &o.Parts.Sequence
	if seq.CurrAnim().Anim.ID != animWalkReady {
		t.Fatalf("current %x, want the walk→ready link", seq.CurrAnim().Anim.ID)
	}
	nc := uint32(NonCombat)
	delete(o.Parts.Manager.Table.Links[dat.MotionKey(nc, Ready)], WalkForward)
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	if !vnear(seq.Velocity, walkVel) {
		t.Fatalf("velocity = %v, want the walk cycle's %v at once", seq.Velocity, walkVel)
	}
}

// TestActionsReplayForEveryObject pins seed 004 Q1,
// CMotionInterp::move_to_interpreted_state: `for (action in ims->actions)
// if (newer(action.stamp, server_action_stamp)) { server_action_stamp =
// action.stamp; DoInterpretedMotion(...) }` — every newer action replays;
// there is no creature/autonomous filter (ACE's port has one).
func TestActionsReplayForEveryObject(t *testing.T) {
	for _, w := range []Weenie{nil, testWeenie{creature: true}, testWeenie{creature: false}} {
		b := &stubBody{do: map[uint32]int{}}
		m := NewInterp(b)
		wb := &weenieBody{stubBody: b, w: w}
		m.Body = wb
		m.EnterDefaultState()
		s := ims(Ready, 1)
		s.Actions = []Action{{Motion: AttackHigh1, Speed: 1, Stamp: 1, Autonomous: false}}
		m.MoveToInterpretedState(s)
		if b.do[AttackHigh1] != 1 || m.ServerActionStamp != 1 {
			t.Fatalf("weenie %v: a newer non-autonomous action replayed %d times, stamp %d; want 1, 1", w, b.do[AttackHigh1], m.ServerActionStamp)
		}
	}
}

type testWeenie struct{ creature bool }

func (w testWeenie) IsCreature() bool            { return w.creature }
func (w testWeenie) IsThePlayer() bool           { return false }
func (w testWeenie) InqRunRate() (float32, bool) { return 0, false }

type weenieBody struct {
	*stubBody
	w Weenie
}

func (b *weenieBody) Weenie() Weenie { return b.w }

// TestCycleLookupHasNoDefaultStyleFallback pins seed 004 Q2,
// CMotionTable::GetObjectSequence: `cycleData = cycles.lookup((style<<16)
// | (new_substate & 0xffffff)); if cycleData != null && is_allowed(...)` —
// the current style's cycle only; a motion without a cycle in the current
// style does not change the substate.
func TestCycleLookupHasNoDefaultStyleFallback(t *testing.T) {
	tb, seq := tableOnly()
	combat := uint32(0x8000003C)
	tb.StyleDefaults[combat] = Ready
	tb.Cycles[dat.MotionKey(combat, Ready)] = md(physics.Vec3{}, physics.Vec3{}, animReady)
	st := State{Style: combat, Substate: Ready, SubstateMod: 1}
	tb.addMotion(seq, tb.cycle(combat, Ready), 1)
	if _, ok := tb.GetObjectSequence(WalkForward, &st, seq, 1, false); ok || st.Substate != Ready {
		t.Fatalf("WalkForward without a cycle in the combat style: ok %v, substate %s; want refused (no NonCombat fallback)",
			ok, motioncmd.Name(st.Substate))
	}
}

// TestGetLinkBranches pins CMotionTable::get_link (0x00522710), whose body
// the seed does not give (seed 004 Q2: "get_link … authored transition-anim
// lookup"; same_sign "decide[s] whether get_link needs a sign-aware
// lookup"). dereth follows ACE's body (divergence MA-15): with both speeds
// non-negative the substate's own link to the motion, else the style-wide
// link to it; with either speed negative the motion's link back to the
// substate (played in reverse), else the substate's link to the style
// default.
func TestGetLinkBranches(t *testing.T) {
	tb, _ := tableOnly()
	nc := uint32(NonCombat)
	k := dat.MotionKey
	direct := tb.Links[k(nc, WalkForward)][RunForward]
	styleWide := md(physics.Vec3{}, physics.Vec3{}, animAttack)
	tb.Links[nc<<16] = map[uint32]*dat.MotionData{Dead: styleWide}
	reversed := tb.Links[k(nc, RunForward)][WalkForward]
	toDefault := tb.Links[k(nc, WalkForward)][Ready]
	cases := []struct {
		name             string
		from             uint32
		fromSpeed, speed float32
		to               uint32
		want             *dat.MotionData
	}{
		{"direct", WalkForward, 1, 1, RunForward, direct},
		{"style-wide when no direct link", WalkForward, 1, 1, Dead, styleWide},
		{"none", RunForward, 1, 1, AttackHigh1, nil},
		{"negative new speed: the reverse link", WalkForward, 1, -1, RunForward, reversed},
		{"negative old speed: the reverse link", WalkForward, -1, 1, RunForward, reversed},
		{"negative, no reverse link: the substate's link to the default", WalkForward, 1, -1, Dead, toDefault},
		{"zero speed is not negative", WalkForward, 0, 0, RunForward, direct},
	}
	for _, c := range cases {
		if got := tb.getLink(nc, c.from, c.fromSpeed, c.to, c.speed); got != c.want {
			t.Errorf("%s: get_link(%s %v → %s %v) = %p, want %p", c.name, motioncmd.Name(c.from), c.fromSpeed,
				motioncmd.Name(c.to), c.speed, got, c.want)
		}
	}
}

// TestSubstateChangeLinkBranches pins GetObjectSequence's link path (seed
// 004 Q2): a direct link plays alone; no link, or a reversed direction,
// hops through the style default — two links chained — even when a direct
// link exists. The speeds the links play at are ACE's (divergence MA-16):
// a lone link at the new speed, a hop's first link at the old substate
// speed and its second at the new speed.
func TestSubstateChangeLinkBranches(t *testing.T) {
	rates := func(s *Sequence) []float32 {
		var r []float32
		for n := s.Head(); n != nil; n = n.Next() {
			r = append(r, n.Framerate)
		}
		return r
	}
	nc := uint32(NonCombat)
	t.Run("direct link at the new speed", func(t *testing.T) {
		tb, seq := tableOnly()
		st := State{Style: nc, Substate: WalkForward, SubstateMod: 0.5}
		tb.GetObjectSequence(RunForward, &st, seq, 1.5, false)
		if got := nodeAnims(seq); len(got) != 2 || got[0] != animWalkRun || got[1] != animRun {
			t.Fatalf("nodes %x, want [walk→run, run]", got)
		}
		if r := rates(seq); r[0] != 30*1.5 || r[1] != 30*1.5 {
			t.Fatalf("framerates %v, want the link and the cycle at the new speed 1.5 (45 fps)", r)
		}
	})
	t.Run("no link: two links through the default", func(t *testing.T) {
		tb, seq := tableOnly()
		st := State{Style: nc, Substate: WalkForward, SubstateMod: 0.5}
		n, _ := tb.GetObjectSequence(Dead, &st, seq, 2, false)
		if got := nodeAnims(seq); len(got) != 3 || got[0] != animWalkReady || got[1] != animReadyDead || got[2] != animDead {
			t.Fatalf("nodes %x, want [walk→ready, ready→dead, dead]", got)
		}
		if r := rates(seq); r[0] != 30*0.5 || r[1] != 30*2 || r[2] != 30*2 {
			t.Fatalf("framerates %v, want the first hop at the old speed 0.5, the second and the cycle at 2", r)
		}
		if n != 2 {
			t.Fatalf("ticks %d, want 1 + 1 + 1 - 1", n)
		}
	})
	t.Run("reversed direction: through the default despite a direct link", func(t *testing.T) {
		tb, seq := tableOnly()
		st := State{Style: nc, Substate: WalkForward, SubstateMod: 1}
		tb.GetObjectSequence(RunForward, &st, seq, -1, false)
		// walk→ready (old speed), then get_link(Ready, 1 → Run, -1): the
		// reverse lookup Links[Run][Ready] (run→ready), then the run cycle.
		if got := nodeAnims(seq); len(got) != 3 || got[0] != animWalkReady || got[1] != animRunReady || got[2] != animRun {
			t.Fatalf("nodes %x, want [walk→ready, run→ready reversed, run]", got)
		}
		if r := rates(seq); r[0] != 30 || r[1] != -30 || r[2] != -30 {
			t.Fatalf("framerates %v, want 30, -30, -30", r)
		}
	})
	t.Run("reversed direction, no second hop: the lone link reversed", func(t *testing.T) {
		// ACE's changeSubstate (MotionTable.cs GetObjectSequence, checked
		// 2026-12-03): walking backwards (WalkForward at -1), RunForward
		// at +1 reverses, so it hops: get_link(Walk, -1 → Ready) is the
		// reverse lookup Links[Ready][Walk] (ready→walk); get_link(Ready,
		// 1 → Run, 1) finds nothing. The lone link then plays at the new
		// speed negated (old < 0, new > 0): ready→walk backwards, i.e.
		// walk→ready, then the run cycle forwards.
		tb, seq := tableOnly()
		st := State{Style: nc, Substate: WalkForward, SubstateMod: -1}
		tb.GetObjectSequence(RunForward, &st, seq, 1, false)
		if got := nodeAnims(seq); len(got) != 2 || got[0] != animReadyWalk || got[1] != animRun {
			t.Fatalf("nodes %x, want [ready→walk reversed, run]", got)
		}
		if r := rates(seq); r[0] != -30 || r[1] != 30 {
			t.Fatalf("framerates %v, want -30 (the lone link reversed), 30", r)
		}
	})
	t.Run("old speed exactly zero: not reversed", func(t *testing.T) {
		// Zero counts as non-negative (same_sign): WalkForward at speed 0 to
		// RunForward at 1 takes the direct walk→run link, forwards.
		tb, seq := tableOnly()
		st := State{Style: nc, Substate: WalkForward, SubstateMod: 0}
		tb.GetObjectSequence(RunForward, &st, seq, 1, false)
		if got := nodeAnims(seq); len(got) != 2 || got[0] != animWalkRun || got[1] != animRun {
			t.Fatalf("nodes %x, want [walk→run, run]", got)
		}
		if r := rates(seq); r[0] != 30 || r[1] != 30 {
			t.Fatalf("framerates %v, want 30, 30", r)
		}
	})
	t.Run("same direction, no second hop: the lone link at the new speed", func(t *testing.T) {
		// Both speeds negative: no reversal, no negation.
		tb, seq := tableOnly()
		st := State{Style: nc, Substate: WalkForward, SubstateMod: -1}
		tb.GetObjectSequence(Dead, &st, seq, -2, false)
		got := nodeAnims(seq)
		if len(got) == 0 || got[len(got)-1] != animDead {
			t.Fatalf("nodes %x, want the dead cycle last", got)
		}
		for i, r := range rates(seq) {
			if r != -60 {
				t.Fatalf("node %d framerate %v, want -60 (the new speed -2, not negated)", i, r)
			}
		}
	})
}
