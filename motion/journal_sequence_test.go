package motion

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// seqJournal drives a Sequence directly and logs it, the root frame and
// the hooks fired after every step.
type seqJournal struct {
	b     strings.Builder
	s     Sequence
	hooks []string
}

func (j *seqJournal) AddAnimHook(h *dat.AnimHook) {
	j.hooks = append(j.hooks, fmt.Sprintf("%d/%d/%d", h.Type, h.Direction, h.ID))
}

func newSeqJournal() *seqJournal {
	anims, _, _ := richTable()
	j := &seqJournal{}
	j.s.Anims, j.s.Hooks = anims, j
	return j
}

func (j *seqJournal) step(format string, args ...any) {
	fmt.Fprintf(&j.b, "## "+format+"\n  seq%s\n  hooks %v\n", append(args, describeSeq(&j.s), j.hooks)...)
	j.hooks = j.hooks[:0]
}

func (j *seqJournal) update(dt float64) {
	f := physics.IdentityFrame
	j.s.Update(dt, &f)
	j.step("Update %s → root %s rot %s", g(dt), v3(f.Origin), g(float64(f.Orientation.Z)))
}

func (j *seqJournal) add(id uint32, lo, hi int32, fps float32, vel, omega physics.Vec3) *Node {
	n := j.s.appendAnimation(dat.AnimData{AnimID: id, LowFrame: lo, HighFrame: hi, Framerate: fps}, vel, omega)
	j.step("append %x [%d,%d]@%s v%s w%s → %v", id&0xFFFF, lo, hi, g(float64(fps)), v3(vel), v3(omega), n != nil)
	return n
}

// TestJournalSequence pins CSequence (seed 004 Q4/Q5): append_animation
// and AnimSequenceNode's frame clamping, the node hand-off of velocity and
// omega (divergence MA-01), update_internal forward and backward across
// node boundaries with pos frames, hooks and the AnimDone hook, the
// leftover time carried into the next node (MA-02), the 256-boundary cap
// (MA-03), a frozen cycle still integrating velocity, apply_physics on an
// empty sequence, remove_cyclic_anims, remove_link_animations, apricot,
// clear, and a corrupt frame number.
func TestJournalSequence(t *testing.T) {
	j := newSeqJournal()
	z := physics.Vec3{}
	j.add(0x0300FFFF, 0, -1, 30, z, z) // missing: dropped
	j.add(animReady, 0, -1, 30, physics.Vec3{Y: 1}, physics.Vec3{Z: 0.5})
	j.add(animRootRun, -3, 99, 20, physics.Vec3{Y: 2}, physics.Vec3{Z: -1}) // clamped to 0..3
	j.add(animSleep, 7, 2, 10, z, physics.Vec3{X: 1})                       // low past the end: 4..4
	j.add(animToSleep, 1, 0, 10, z, z)                                      // low > high: high raised
	fmt.Fprintf(&j.b, "contains nil %v head %v foreign %v\n", j.s.Contains(nil), j.s.Contains(j.s.Head()), j.s.Contains(&Node{}))
	j.update(0.25) // through the ready node into the run node's pos frames
	j.update(0.2)
	j.update(0.6)
	j.s.MultiplyCyclicAnimationFr(-1)
	j.step("MultiplyCyclicAnimationFr -1")
	j.update(0.3) // the one-frame cycle backward, wrapping onto itself
	j.s.ClearAnimations()

	// Backward across node boundaries: C → B → A, then wrapping to the tail.
	j.add(animReadyWalk, 0, -1, -30, physics.Vec3{Y: 1}, physics.Vec3{Z: 1})
	j.add(animRootRun, 0, -1, -20, physics.Vec3{Y: 2}, physics.Vec3{Z: 2})
	c := j.add(animWalkRun, 0, -1, -30, physics.Vec3{Y: 3}, physics.Vec3{Z: 3})
	j.s.setCurr(c)
	j.s.FrameNumber = c.StartingFrame()
	j.step("playing the tail backward")
	j.update(0.55) // C, B and A in one update, then the wrap to the tail
	j.s.ClearAnimations()

	// remove_cyclic_anims of a current cycle with a link before it, then
	// of a lone current cycle.
	j.add(animReadyWalk, 0, -1, 30, physics.Vec3{Y: 1}, physics.Vec3{Z: 1})
	j.add(animWalk, 0, -1, 30, physics.Vec3{Y: 3}, physics.Vec3{Z: 3})
	j.s.setCurr(j.s.Tail())
	j.s.FrameNumber = 2
	j.step("the cycle current")
	j.s.RemoveCyclicAnims()
	j.step("RemoveCyclicAnims of the current cycle")
	fmt.Fprintf(&j.b, "contains the removed cycle %v\n", j.s.Contains(c))
	j.s.FrameNumber = 4
	j.s.RemoveCyclicAnims()
	j.step("RemoveCyclicAnims of the lone current link")
	j.s.RemoveCyclicAnims()
	j.step("RemoveCyclicAnims of nothing")
	j.add(animWalk, 0, -1, 30, physics.Vec3{Y: 3}, physics.Vec3{Z: 3})
	j.add(animWalk, 0, -1, 30, physics.Vec3{Y: 4}, physics.Vec3{Z: 4})
	j.s.RemoveCyclicAnims()
	j.step("RemoveCyclicAnims of a cycle behind the current node")
	j.s.ClearAnimations()
	j.s.FrameNumber = 3
	j.s.Velocity, j.s.Omega = physics.Vec3{X: 1}, physics.Vec3{Z: 1}
	j.update(0.5)  // no nodes: apply_physics
	j.update(-0.5) // backward
	j.s.Update(0.5, nil)
	j.step("Update with no frame")
	j.s.Clear()
	j.step("Clear")

	// A frozen cycle still moves with its velocity; a tiny dt does not.
	j.add(animWalk, 0, -1, 0, physics.Vec3{Y: 3}, z)
	j.update(0.5)
	j.update(0.0001)
	j.s.Velocity = physics.Vec3{Y: 3}
	j.update(-0.5)
	j.s.ClearAnimations()
	j.step("ClearAnimations")

	// Links, link removal and hand-off.
	j.add(animReadyWalk, 0, -1, 30, physics.Vec3{Y: 1}, physics.Vec3{Z: 1})
	j.add(animWalkRun, 0, -1, 30, physics.Vec3{Y: 2}, physics.Vec3{Z: 2})
	j.add(animWalk, 0, -1, 30, physics.Vec3{Y: 3}, physics.Vec3{Z: 3})
	j.s.RemoveLinkAnimations(1)
	j.step("RemoveLinkAnimations 1")
	j.s.RemoveLinkAnimations(0)
	j.step("RemoveLinkAnimations 0")
	j.s.RemoveAllLinkAnimations()
	j.step("RemoveAllLinkAnimations (the current link: playback moves to the cycle)")
	j.s.RemoveAllLinkAnimations()
	j.step("RemoveAllLinkAnimations with none")
	j.s.ClearAnimations()

	// The 256-boundary cap: a one-frame cycle at 1000 fps for one second.
	j.add(animRootRun, 2, 2, 1000, z, z)
	j.s.Update(1, nil)
	j.step("Update 1 s of a one-frame 1000 fps cycle")
	j.s.ClearAnimations()

	// Exactly the epsilon framerate: no leftover time is carried.
	j.add(animToSleep, 0, -1, physics.FrameEpsilon32, z, z)
	j.add(animRootRun, 0, -1, 30, z, z)
	j.update(20000)
	j.s.ClearAnimations()

	// A corrupt frame number restarts the node.
	j.add(animWalk, 0, -1, 30, z, z)
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		j.s.FrameNumber = f
		j.update(0.1)
	}
	j.s.ClearAnimations()
	j.step("ClearAnimations")
	fmt.Fprintf(&j.b, "frame index: %d %d %d %d %d %d\n", frameIndex(2.7), frameIndex(-0.5), frameIndex(math.NaN()), frameIndex(math.Inf(1)),
		frameIndex(1e12), frameIndex(-1e12))
	(&journal{b: j.b}).check(t, "sequence")
}

// TestSequenceRecyclesNodes: unlinked nodes go on a free list and the first
// four live inside the Sequence, so steady-state playback allocates
// nothing (a removed node is no longer a member).
func TestSequenceRecyclesNodes(t *testing.T) {
	anims, _, _ := richTable()
	s := &Sequence{Anims: anims}
	ad := dat.AnimData{AnimID: animWalk, HighFrame: -1, Framerate: 30}
	missing := dat.AnimData{AnimID: 0x0300FFFF, HighFrame: -1, Framerate: 30}
	allocs := testing.AllocsPerRun(50, func() {
		for range 4 {
			s.AppendAnimation(ad)
			s.AppendAnimation(missing)
		}
		s.ClearAnimations()
	})
	if allocs != 0 {
		t.Fatalf("appending and clearing four nodes allocates %v times", allocs)
	}
	n := s.AppendAnimation(ad)
	s.ClearAnimations()
	if s.Contains(n) {
		t.Fatal("a removed node must not be a member")
	}
	for range 6 {
		s.AppendAnimation(ad)
	}
	allocs = testing.AllocsPerRun(50, func() {
		s.RemoveCyclicAnims()
		s.AppendAnimation(ad)
		s.AppendAnimation(missing)
	})
	if allocs != 0 || s.Len() != 6 {
		t.Fatalf("recycling allocates %v times (len %d)", allocs, s.Len())
	}
}

// TestJournalStateAndParams pins MotionState's modifier and action lists
// and the Raw/InterpretedMotionState bookkeeping (ApplyMotion,
// RemoveMotion, RemoveAction) for every command class.
func TestJournalStateAndParams(t *testing.T) {
	var b strings.Builder
	var st State
	st.RemoveModifierAt(0)
	st.RemoveModifierAt(-1)
	st.RemoveActionHead()
	st.Substate = WalkForward
	fmt.Fprintf(&b, "add %v %v %v %v\n", st.AddModifier(WalkForward, 1), st.AddModifier(TurnRight, 2), st.AddModifier(TurnRight, 3), st.AddModifier(SideStepRight, 4))
	st.RemoveModifierAt(2)
	st.RemoveModifierAt(-1)
	st.AddAction(AttackHigh1, 1)
	st.AddAction(Jumpup, 2)
	fmt.Fprintf(&b, "state %s index %d %d\n", describeState(&st), st.modifierIndex(TurnRight), st.modifierIndex(Jump))
	st.RemoveActionHead()
	st.RemoveModifierAt(1)
	fmt.Fprintf(&b, "state %s\n", describeState(&st))
	st.ClearModifiers()
	st.ClearActions()
	fmt.Fprintf(&b, "cleared %s\n", describeState(&st))

	p := DefaultParams()
	p.Speed, p.ActionStamp, p.Autonomous = 1.5, 7, true
	is, rs := DefaultInterpretedState(), DefaultRawState()
	line := func(what string) {
		fmt.Fprintf(&b, "%-34s interp %s %s/%s %s/%s %s/%s %s | raw %s %s/%d/%s %s/%d/%s %s/%d/%s %s\n", what,
			cmd(is.CurrentStyle), cmd(is.ForwardCommand), g(float64(is.ForwardSpeed)), cmd(is.SideStepCommand), g(float64(is.SideStepSpeed)),
			cmd(is.TurnCommand), g(float64(is.TurnSpeed)), actions(is.Actions),
			cmd(rs.CurrentStyle), cmd(rs.ForwardCommand), rs.ForwardHoldKey, g(float64(rs.ForwardSpeed)), cmd(rs.SideStepCommand), rs.SideStepHoldKey,
			g(float64(rs.SideStepSpeed)), cmd(rs.TurnCommand), rs.TurnHoldKey, g(float64(rs.TurnSpeed)), actions(rs.Actions))
	}
	line("defaults")
	for _, m := range []uint32{TurnRight, TurnLeft, SideStepRight, SideStepLeft, WalkForward, RunForward, HandCombat, AttackHigh1, Jump} {
		is.ApplyMotion(m, &p)
		rs.ApplyMotion(m, &p)
		line("apply " + cmd(m))
		p.SetHoldKey, p.HoldKeyToApply = !p.SetHoldKey, HoldKeyRun
	}
	rs.ApplyMotion(HandCombat, &p)
	line("apply the same style again")
	for _, m := range []uint32{TurnLeft, SideStepLeft, RunForward, WalkForward, NonCombat, HandCombat, AttackHigh1, TurnRight, SideStepRight} {
		is.RemoveMotion(m)
		rs.RemoveMotion(m)
		line("remove " + cmd(m))
	}
	is.RemoveAction()
	rs.RemoveAction()
	line("remove action")
	is.RemoveAction()
	rs.RemoveAction()
	is.RemoveAction()
	rs.RemoveAction()
	line("remove action from none")
	var other InterpretedState
	other.CopyMovementFrom(&is)
	is.CopyMovementFrom(&InterpretedState{CurrentStyle: SwordCombat, ForwardCommand: Sleeping, ForwardSpeed: 2, SideStepCommand: SideStepRight,
		SideStepSpeed: 3, TurnCommand: TurnRight, TurnSpeed: 4, Actions: []Action{{AttackHigh1, 1, 1, false}}})
	line("copy_movement_from (actions kept)")
	(&journal{b: b}).check(t, "state_params")
}

// TestJournalObjectHooks pins CPhysicsObj's side of the machine: captured
// hooks marked as work, process_hooks handing every non-AnimDone hook to
// the deferred drain in order (TS-50), the observer, LeaveGround's velocity
// in the object's frame, and enter_world's cell.
func TestJournalObjectHooks(t *testing.T) {
	var b strings.Builder
	o := richObject()
	o.Phys.Position.Frame.Orientation = physics.Heading(math.Pi / 2)
	j := newJournal(o)
	o.MakeInterp()
	o.EnterWorld(0x01010002)
	fmt.Fprintf(&b, "cell %#x\n", o.Phys.Position.Cell)
	o.AddAnimHook(&dat.AnimHook{Type: dat.HookSound, ID: 1})
	o.AddAnimHook(&AnimDoneHook)
	o.AddAnimHook(&dat.AnimHook{Type: dat.HookSound, ID: 2})
	fmt.Fprintf(&b, "work %#x hooks %d\n", uint16(o.Phys.Work), len(o.AnimHooks))
	var deferred []uint32
	o.ProcessHooks(func(h *dat.AnimHook) { deferred = append(deferred, h.ID) })
	fmt.Fprintf(&b, "deferred %v left %d events:\n%s", deferred, len(o.AnimHooks), j.ev.String())
	j.ev.Reset()
	o.AddAnimHook(&dat.AnimHook{Type: dat.HookSound, ID: 3})
	o.ProcessHooks(nil)
	fmt.Fprintf(&b, "nil drain left %d\n", len(o.AnimHooks))
	o.SetLocalVelocity(physics.Vec3{Y: 2, Z: 1})
	fmt.Fprintf(&b, "local (0,2,1) → %s\n", v3(o.Phys.Velocity))
	bare := NewObject(physics.NewObject(2), nil)
	fmt.Fprintf(&b, "bare: do %#x stop %#x stopall %#x\n", uint32(bare.DoInterpretedMotion(WalkForward, DefaultParams())),
		uint32(bare.StopInterpretedMotion(WalkForward, DefaultParams())), uint32(bare.StopCompletelyInternal()))
	bare.RemoveLinkAnimations()
	bare.CheckForCompletedMotions()
	bare.InitializeMotionTables()
	bare.HookAnimDone()
	bare.InterruptCurrentMovement()
	bare.MotionDone(WalkForward, true)
	bare.EnterWorld(5)
	fmt.Fprintf(&b, "bare cell %d interp %v in cell %v autonomous %v\n", bare.Phys.Position.Cell, bare.Interp() == nil, bare.InCell(), bare.MovementIsAutonomous())
	(&journal{b: b}).check(t, "object")
}
