package systems

import (
	"math"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// TestRemovedObjectForgetsItsContacts: Collisions is nil for an object
// that has touched nothing since it was created, so removing an object
// drops its contacts, and a new object of the same guid starts with none.
func TestRemovedObjectForgetsItsContacts(t *testing.T) {
	w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 45, Z: 79}, {X: 70, Y: 46, Z: 85}})
	walker(t, w, 0x50000001, 60, 40, 0)
	for range 100 {
		w.Step(0.05)
	}
	if w.Collisions(0x50000001) == nil {
		t.Fatal("setup: the walker never touched the wall")
	}
	if !w.Remove(0x50000001) {
		t.Fatal("Remove found nothing")
	}
	if c := w.Collisions(0x50000001); c != nil {
		t.Fatalf("a removed object still has contacts %+v", c)
	}
	walker(t, w, 0x50000001, 60, 20, 0) // far from the wall
	w.Step(0.05)
	if c := w.Collisions(0x50000001); c != nil {
		t.Fatalf("a new object of the same guid starts with contacts %+v", c)
	}
}

// TestRevealBoundaryOnlyAfterAnArrival: with a streamer set but no
// arrival committed, the frame runs (and traces) its stream boundary but
// not its reveal boundary, whose condition needs both.
func TestRevealBoundaryOnlyAfterAnArrival(t *testing.T) {
	w := NewWorld()
	rec := &Recorder{}
	w.Trace = rec
	w.Stream = &gate{}
	w.Step(0.05)
	var stream, reveal int
	for _, e := range rec.Events {
		switch {
		case e.Schedule == "frame" && e.Stage == FrameStreamBoundary:
			stream++
		case e.Schedule == "frame" && e.Stage == FrameRevealBoundary:
			reveal++
		}
	}
	if stream != 1 || reveal != 0 {
		t.Fatalf("stream boundary traced %d times, reveal boundary %d; want 1, 0", stream, reveal)
	}
}

// TestRemovedObjectLeavesTheBroadPhase: a creature standing in a
// walker's path blocks it until it is removed; after the removal the
// walker passes through the place it stood (its body left the broad
// phase with it).
//
// The walker meets the stander head on, so the transition that stopped it
// left it Sliding with a sliding normal exactly against its walk. Retail
// keeps that normal while no transition succeeds: get_object_info hands it
// back (InitSlidingNormal), AdjustOffset projects a step that pushes into
// it onto the contact plane's slide direction (here zero), and
// FindTransitionalPosition returns false on a zero first step, so
// SetPositionInternal — the only place TransientState.Sliding is cleared —
// never runs (ACE PhysicsObj.cs get_object_info, SetPositionInternal;
// Transition.cs AdjustOffset, FindTransitionalPosition). So a walker still
// walking straight stays where it stopped after the removal; turned a few
// degrees, its step slides off the old normal, the step succeeds and
// clears Sliding, and it walks through where the stander stood.
func TestRemovedObjectLeavesTheBroadPhase(t *testing.T) {
	w := collideWorld(t)
	walker(t, w, 0x50000001, 60, 40, 0)
	stander := human(0x50000002, 0)
	stander.Physics.Position.Frame = physics.Frame{Origin: physics.Vec3{X: 60, Y: 44, Z: groundZ}, Orientation: physics.IdentityQuat}
	viaBytes(t, w, stander)
	for range 60 {
		w.Step(0.05)
	}
	held := origin(w, 0x50000001)
	if held.Y > 44-0.85 {
		t.Fatalf("setup: the walker was not stopped by the stander (y %v)", held.Y)
	}
	w.Remove(0x50000002)
	for range 20 {
		w.Step(0.05)
	}
	if got := origin(w, 0x50000001); got != held {
		t.Fatalf("walking straight into its kept sliding normal the walker moved from %v to %v; retail keeps it there", held, got)
	}
	// Turn 5 degrees: it passes y 44 (the stander's centre) within 0.5 of
	// x 60, where the stander's sphere would have held it off.
	const turn = 5 * math.Pi / 180
	w.Object(0x50000001).Phys.Position.Frame.Orientation = physics.Quat{W: float32(math.Cos(turn / 2)), Z: float32(math.Sin(turn / 2))}
	crossedAt := float32(-1)
	for range 60 {
		before := origin(w, 0x50000001)
		w.Step(0.05)
		if after := origin(w, 0x50000001); before.Y < 44 && after.Y >= 44 {
			crossedAt = after.X
		}
	}
	if crossedAt < 0 {
		t.Fatalf("after the stander's removal and a turn the walker is still held at %v", origin(w, 0x50000001))
	}
	if d := math.Abs(float64(crossedAt - 60)); d > 0.5 {
		t.Fatalf("the walker crossed y 44 at x %v, %.3f from the stander's place; want within 0.5 (its body is gone)", crossedAt, d)
	}
}

// TestPlacementClearsSlidingNormal: a walker held head-on keeps its
// sliding normal (above), but a hard placement elsewhere (a server snap, a
// teleport) is a new start: CPhysicsObj::SetPositionInternal after the
// placement transition takes that transition's collision info, which has
// no sliding normal, no stationary frames and a contact plane at the new
// place (ACE PhysicsObj.SetPositionInternal(Transition)). The walker walks
// on from there.
func TestPlacementClearsSlidingNormal(t *testing.T) {
	w := collideWorld(t)
	walker(t, w, 0x50000001, 60, 40, 0)
	stander := human(0x50000002, 0)
	stander.Physics.Position.Frame = physics.Frame{Origin: physics.Vec3{X: 60, Y: 44, Z: groundZ}, Orientation: physics.IdentityQuat}
	viaBytes(t, w, stander)
	for range 60 {
		w.Step(0.05)
	}
	held := origin(w, 0x50000001)
	v := w.Object(0x50000001)
	if held.Y > 44-0.85 || !v.Phys.Transient.Has(physics.TransientSliding) {
		t.Fatalf("setup: the walker was not stopped head-on by the stander (y %v, transient %v)", held.Y, v.Phys.Transient)
	}
	to := v.Phys.Position
	to.Frame.Origin.X -= 20
	w.SetPositionInternal(v, to)
	if v.Phys.Transient.Has(physics.TransientSliding) {
		t.Fatalf("after the placement the walker still slides on %v", v.Phys.SlidingNormal)
	}
	for range 20 {
		w.Step(0.05)
	}
	if got := origin(w, 0x50000001); got.Y < to.Frame.Origin.Y+1 {
		t.Fatalf("placed on open ground at %v the walker only reached %v in 1 s; want it walking on", to.Frame.Origin, got)
	}
}

// captureWatch is a motion.Observer that calls onCapture for each
// captured hook.
type captureWatch struct {
	onCapture func(guid uint32, h *dat.AnimHook)
}

func (c captureWatch) HookCaptured(guid uint32, h *dat.AnimHook) { c.onCapture(guid, h) }
func (captureWatch) MotionQueued(guid, m, n uint32)              {}
func (captureWatch) MotionCompleted(guid, m uint32, ok bool)     {}

// TestRemovalMidFrameKeepsOthersDeferredHooks: an object removed while
// the frame's deferred hooks are queued (here by an observer of a hook's
// capture) takes only its own deferred hooks with it; another object's
// hook captured before the removal still runs at the drain.
func TestRemovalMidFrameKeepsOthersDeferredHooks(t *testing.T) {
	w := NewWorld()
	a := spawnCreature(t, w, 0x50000001, []dat.AnimHook{{Type: dat.HookEthereal, On: true}, {Type: dat.HookNoDraw, On: true}})
	spawnCreature(t, w, 0x50000002, nil)
	removed := false
	w.Watch = captureWatch{func(guid uint32, h *dat.AnimHook) {
		if guid == a.Phys.GUID && h.Type == dat.HookNoDraw && !removed {
			removed = w.Remove(0x50000002)
		}
	}}
	p := motion.DefaultParams()
	w.Interp(w.Object(a.Phys.GUID)).DoMotion(motion.WalkForward, &p)
	for i := 0; i < 20 && !removed; i++ {
		w.Step(0.035)
	}
	if !removed {
		t.Fatal("setup: the link's hooks never fired")
	}
	s := w.Object(a.Phys.GUID).Phys.State
	if !s.Has(physics.StateEthereal) || !s.Has(physics.StateNoDraw) {
		t.Fatalf("after the mid-frame removal: Ethereal %v, NoDraw %v; want both hooks run", s.Has(physics.StateEthereal), s.Has(physics.StateNoDraw))
	}
}
