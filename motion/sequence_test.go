package motion

import (
	"math"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
)

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

func vnear(a, b physics.Vec3) bool {
	return near(float64(a.X), float64(b.X), 1e-4) && near(float64(a.Y), float64(b.Y), 1e-4) && near(float64(a.Z), float64(b.Z), 1e-4)
}

// settle advances until the sequence plays its cyclic tail.
func settle(t *testing.T, o *Object) {
	t.Helper()
	for i := 0; i < 200 && o.Parts.Sequence.CurrAnim() != o.Parts.Sequence.FirstCyclic(); i++ {
		tick(o, 1.0/30)
	}
	if s := &o.Parts.Sequence; s.CurrAnim() != s.FirstCyclic() {
		t.Fatalf("sequence never reached its cycle: %x", nodeAnims(s))
	}
}

func TestWalkToRunPlaysLinkThenCycle(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	settle(t, o)
	seq := &o.Parts.Sequence
	if got := nodeAnims(seq); len(got) != 1 || got[0] != animWalk {
		t.Fatalf("settled walk nodes = %x, want [walk]", got)
	}

	o.Interp().MoveToInterpretedState(ims(RunForward, 1))
	if got := nodeAnims(seq); len(got) != 2 || got[0] != animWalkRun || got[1] != animRun {
		t.Fatalf("after run: nodes = %x, want [walk→run link, run cycle] with the walk cycle gone", got)
	}
	link := seq.Head()
	if seq.CurrAnim() != link || seq.CurrFrameNumber() != 0 || seq.FirstCyclic() != link.Next() {
		t.Fatalf("link must play first from frame 0: curr=%x frame=%v", seq.CurrAnim().Anim.ID, seq.FrameNumber)
	}
	if !vnear(seq.Velocity, walkRunVel) {
		t.Fatalf("velocity during the link = %v, want the link's %v", seq.Velocity, walkRunVel)
	}

	tick(o, 0.1) // 3 of the link's 6 frames
	if seq.CurrAnim() != link || !vnear(seq.Velocity, walkRunVel) {
		t.Fatalf("at 0.1 s the link must still play with its velocity; velocity %v", seq.Velocity)
	}
	tick(o, 0.1) // exactly the link's end
	if seq.CurrAnim().Anim.ID != animRun || seq.CurrFrameNumber() != 0 {
		t.Fatalf("after the link: curr %x frame %v, want the run cycle at its starting frame", seq.CurrAnim().Anim.ID, seq.FrameNumber)
	}
	if !vnear(seq.Velocity, runVel) {
		t.Fatalf("velocity after the link = %v, want the cycle's %v", seq.Velocity, runVel)
	}
	if seq.Len() != 1 {
		t.Fatalf("apricot must drop the finished link; nodes %x", nodeAnims(seq))
	}
}

func TestSpeedOnlyChangeRescalesCycleInPlace(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 0.6))
	settle(t, o)
	tick(o, 0.25)
	seq := &o.Parts.Sequence
	node, frame, rate := seq.CurrAnim(), seq.FrameNumber, float64(seq.CurrAnim().Framerate)
	if !near(rate, 30*0.6, 1e-4) {
		t.Fatalf("walk 0.6 framerate = %v, want 18", rate)
	}

	o.Interp().MoveToInterpretedState(ims(WalkForward, 1.0))
	if seq.CurrAnim() != node || seq.Len() != 1 {
		t.Fatalf("speed-only change must keep the same node; nodes %x", nodeAnims(seq))
	}
	if seq.FrameNumber != frame {
		t.Fatalf("frame phase changed: %v → %v", frame, seq.FrameNumber)
	}
	if want := float64(rate * (1.0 / 0.6)); !near(float64(node.Framerate), want, 1e-3) {
		t.Fatalf("framerate = %v, want ×(1.0/0.6) = %v", node.Framerate, want)
	}
	if !vnear(seq.Velocity, walkVel) {
		t.Fatalf("velocity = %v, want rescaled to %v", seq.Velocity, walkVel)
	}
	if got := o.Parts.Manager.State.SubstateMod; got != 1.0 {
		t.Fatalf("substate_mod = %v, want 1.0", got)
	}
}

func TestNearZeroOldSpeedFreezesCycle(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	settle(t, o)
	node := o.Parts.Sequence.CurrAnim()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 0.0001)) // ×0.0001 in place
	if o.Parts.Sequence.CurrAnim() != node || !near(float64(node.Framerate), 30*0.0001, 1e-6) {
		t.Fatalf("walk 1 → 0.0001 must rescale in place; framerate %v", node.Framerate)
	}
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1.0))
	if o.Parts.Sequence.CurrAnim() != node || node.Framerate != 0 {
		t.Fatalf("|old speed| < 0.0002 must freeze the cycle in place; framerate %v", node.Framerate)
	}
	frame := o.Parts.Sequence.FrameNumber
	tick(o, 0.5)
	if o.Parts.Sequence.FrameNumber != frame {
		t.Fatalf("a frozen cycle advanced: %v → %v", frame, o.Parts.Sequence.FrameNumber)
	}
}

func TestNegativeSpeedPlaysBackwardWithSwappedFrames(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(WalkForward, -0.65))
	settle(t, o)
	seq := &o.Parts.Sequence
	n := seq.CurrAnim()
	if n.Framerate >= 0 {
		t.Fatalf("walk at -0.65 framerate = %v, want negative", n.Framerate)
	}
	before := seq.FrameNumber
	tick(o, 0.05)
	if !(seq.FrameNumber < before) {
		t.Fatalf("backward cycle went %v → %v", before, seq.FrameNumber)
	}

	// A negative multiplier swaps the node's low/high and reverses playback
	// over the same frame range.
	o2 := newTestObject()
	o2.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	settle(t, o2)
	c := o2.Parts.Sequence.CurrAnim()
	lo, hi := c.LowFrame, c.HighFrame
	o2.Parts.Sequence.MultiplyCyclicAnimationFr(-1)
	if c.LowFrame != hi || c.HighFrame != lo || c.Framerate != -30 {
		t.Fatalf("after ×-1: low %d high %d rate %v, want %d %d -30", c.LowFrame, c.HighFrame, c.Framerate, hi, lo)
	}
	o2.Parts.Sequence.FrameNumber = 10.5
	tick(o2, 0.1)
	if got := o2.Parts.Sequence.FrameNumber; !near(got, 7.5, 1e-9) {
		t.Fatalf("backward from 10.5 for 3 frames = %v, want 7.5", got)
	}
	tick(o2, 1.0) // 30 frames back wraps within [0, 29]
	if f := o2.Parts.Sequence.CurrFrameNumber(); f < 0 || f > 29 {
		t.Fatalf("backward wrap left the range: frame %d", f)
	}
}

func TestNoAuthoredLinkDoubleHopsThroughStyleDefault(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	settle(t, o)
	seq := &o.Parts.Sequence
	ticks, ok := o.Parts.Manager.Table.GetObjectSequence(Dead, &o.Parts.Manager.State, seq, 1, false)
	if !ok {
		t.Fatal("walk → dead failed")
	}
	got := nodeAnims(seq)
	want := []uint32{animWalkReady, animReadyDead, animDead}
	if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("nodes = %x, want walk→ready, ready→dead, dead = %x", got, want)
	}
	if ticks != 2 {
		t.Fatalf("ticks = %d, want 2 (two links)", ticks)
	}
}

func TestStopMainCyclePlaysStopLinkAndClearsVelocity(t *testing.T) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(RunForward, 1))
	settle(t, o)
	seq := &o.Parts.Sequence
	if !vnear(seq.Velocity, runVel) {
		t.Fatalf("running velocity = %v", seq.Velocity)
	}
	p := DefaultParams()
	if err := o.Interp().StopInterpretedMotion(RunForward, &p); err != ErrNone {
		t.Fatalf("stop run: %v", err)
	}
	if got := nodeAnims(seq); len(got) != 2 || got[0] != animRunReady || got[1] != animReady {
		t.Fatalf("nodes = %x, want [run→ready stop link, ready]", got)
	}
	if !seq.Velocity.IsZero() || !seq.Omega.IsZero() {
		t.Fatalf("velocity at stop initiation = %v, want zero", seq.Velocity)
	}
	if st := o.Parts.Manager.State; st.Substate != Ready {
		t.Fatalf("substate = %s, want Ready", motioncmd.Name(st.Substate))
	}
	if o.Interp().Interpreted.ForwardCommand != Ready {
		t.Fatalf("interpreted forward = %s, want Ready", motioncmd.Name(o.Interp().Interpreted.ForwardCommand))
	}
	var moved float32
	for i := 0; i < 20; i++ {
		f := tick(o, 1.0/30)
		moved += f.Origin.Len()
	}
	if moved != 0 {
		t.Fatalf("residual sliding after stop: moved %v", moved)
	}
}

func TestStopSidestepWhileRunningRemovesOnlyItsVelocity(t *testing.T) {
	o := newTestObject()
	s := ims(RunForward, 1)
	s.SideStepCommand, s.SideStepSpeed = SideStepRight, 1
	o.Interp().MoveToInterpretedState(s)
	settle(t, o)
	seq := &o.Parts.Sequence
	if want := runVel.Add(sidestepVel); !vnear(seq.Velocity, want) {
		t.Fatalf("run+sidestep velocity = %v, want %v", seq.Velocity, want)
	}
	node, frame := seq.CurrAnim(), seq.FrameNumber

	o.Interp().MoveToInterpretedState(ims(RunForward, 1))
	if seq.CurrAnim() != node || seq.Len() != 1 || seq.FrameNumber != frame {
		t.Fatalf("releasing sidestep changed the nodes: %x", nodeAnims(seq))
	}
	if !vnear(seq.Velocity, runVel) {
		t.Fatalf("velocity = %v, want only the run %v", seq.Velocity, runVel)
	}
	if len(o.Parts.Manager.State.Modifiers) != 0 {
		t.Fatalf("modifiers = %v, want none", o.Parts.Manager.State.Modifiers)
	}
}

func TestHandleEnterWorldAtEndOfNonLoopingNode(t *testing.T) {
	const recall = 0x10000153
	anims, mt, setup := testWorld()
	// Frames 0..150: the ACE duration (150-0)/9.96 reaches the final
	// authored frame 150 (seed 003 §1, Lifestone Recall 0x030009BF).
	anims[animRecall] = testAnim(animRecall, 151, testParts)
	mt.Links[dat.MotionKey(NonCombat, Ready)][recall] = &dat.MotionData{
		Anims: []dat.AnimData{{AnimID: animRecall, LowFrame: 0, HighFrame: -1, Framerate: 9.96}}}
	o := NewObject(physics.NewObject(1), NewPartArray(setup, mt, anims))
	o.Phys.Position.Cell = 1
	o.MakeInterp()
	o.EnterWorld(1)
	p := DefaultParams()
	if err := o.Interp().DoInterpretedMotion(recall, &p); err != ErrNone {
		t.Fatalf("recall: %v", err)
	}
	seq := &o.Parts.Sequence
	tick(o, 15.06024096) // (150-0)/9.96
	if seq.CurrAnim().Anim.ID != animRecall || seq.CurrFrameNumber() != 150 {
		t.Fatalf("at the boundary: curr %x frame %v, want the recall node at its last frame", seq.CurrAnim().Anim.ID, seq.FrameNumber)
	}

	o.Parts.HandleEnterWorld()
	if seq.CurrAnim() != seq.FirstCyclic() || seq.CurrAnim().Anim.ID != animReady || seq.FrameNumber != 0 {
		t.Fatalf("HandleEnterWorld: curr %x frame %v, want the cyclic tail at its starting frame", seq.CurrAnim().Anim.ID, seq.FrameNumber)
	}
	if len(o.Parts.Manager.Pending) != 0 {
		t.Fatalf("pending after HandleEnterWorld = %v, want drained", o.Parts.Manager.Pending)
	}
	o.Parts.UpdateParts()
	o.Parts.UpdateParts()
	if seq.FrameNumber != 0 {
		t.Fatalf("sampling the pose advanced time: frame %v", seq.FrameNumber)
	}
	want := anims[animReady].PartFrames[0].Frames[2]
	if o.Parts.Poses.Frames[2] != want {
		t.Fatalf("sampled part 2 = %+v, want Ready frame 0 %+v", o.Parts.Poses.Frames[2], want)
	}
}

// hookLog records hooks handed to a sink.
type hookLog []*dat.AnimHook

func (l *hookLog) AddAnimHook(h *dat.AnimHook) { *l = append(*l, h) }

func TestCrossedFramesFireHooksInPlaybackDirection(t *testing.T) {
	anim := testAnim(0x03000100, 4, 1)
	for f := range anim.PartFrames {
		anim.PartFrames[f].Hooks = []dat.AnimHook{
			{Type: dat.HookSound, Direction: dat.HookForward, ID: uint32(f)},
			{Type: dat.HookSound, Direction: dat.HookBackward, ID: 100 + uint32(f)},
			{Type: dat.HookSound, Direction: dat.HookBoth, ID: 200 + uint32(f)},
		}
	}
	var log hookLog
	seq := Sequence{Anims: AnimationMap{anim.ID: anim}, Hooks: &log}
	seq.AppendAnimation(dat.AnimData{AnimID: anim.ID, HighFrame: -1, Framerate: 10})
	seq.Update(0.25, nil) // frames 0 and 1 crossed
	var ids []uint32
	for _, h := range log {
		ids = append(ids, h.ID)
	}
	want := []uint32{0, 200, 1, 201}
	if len(ids) != len(want) {
		t.Fatalf("forward hooks = %v, want %v", ids, want)
	}
	for i := range want {
		if ids[i] != want[i] {
			t.Fatalf("forward hooks = %v, want %v", ids, want)
		}
	}
	log = log[:0]
	seq.MultiplyCyclicAnimationFr(-1)
	seq.Update(0.1, nil) // frame 2 → crosses frame 2 backward
	if len(log) != 2 || log[0].ID != 102 || log[1].ID != 202 {
		t.Fatalf("backward hooks = %v", log)
	}
}

func TestPosFramesFoldIntoOutputFrame(t *testing.T) {
	anim := testAnim(0x03000101, 4, 1)
	anim.Flags = dat.AnimationPosFrames
	anim.PosFrames = make([]physics.Frame, 4)
	for i := range anim.PosFrames {
		anim.PosFrames[i] = physics.Frame{Origin: physics.Vec3{Y: 0.5}, Orientation: physics.IdentityQuat}
	}
	seq := Sequence{Anims: AnimationMap{anim.ID: anim}}
	seq.AppendAnimation(dat.AnimData{AnimID: anim.ID, HighFrame: -1, Framerate: 10})
	f := physics.IdentityFrame
	seq.Update(0.35, &f) // frames 0, 1, 2 crossed
	if !vnear(f.Origin, physics.Vec3{Y: 1.5}) {
		t.Fatalf("root motion = %v, want 3 pos frames = (0,1.5,0)", f.Origin)
	}
}

func TestEmptySequenceIntegratesVelocity(t *testing.T) {
	seq := Sequence{Velocity: physics.Vec3{X: 2}}
	f := physics.IdentityFrame
	seq.Update(0.5, &f)
	if !vnear(f.Origin, physics.Vec3{X: 1}) {
		t.Fatalf("apply_physics without nodes = %v, want (1,0,0)", f.Origin)
	}
}

func TestAppendDropsDegenerateNode(t *testing.T) {
	seq := Sequence{Anims: AnimationMap{}}
	if n := seq.AppendAnimation(dat.AnimData{AnimID: 0x0300DEAD, Framerate: 30}); n != nil || seq.HasAnims() {
		t.Fatalf("a node without animation must be dropped")
	}
}
