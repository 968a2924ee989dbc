package systems

import (
	"slices"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// The tests in this file pin streaming-focus, settling and outbound rules
// that the third systems/ mutation pass (docs/testing.md) found unpinned.

// TestStreamSettled pins StreamSettled (mutants teleport.go:231–234): a
// world that does not stream is settled; a streaming one only after a
// frame boundary has run, while no travel is under way, and when the
// streamer reports the landblocks around the boundary's focus ready.
func TestStreamSettled(t *testing.T) {
	if w := NewWorld(); !w.SmartBox.StreamSettled() {
		t.Fatal("a world without streaming is not settled")
	}
	w, _ := sampleWorld(t)
	g := &gate{ready: true, missing: 0xFFFFFFFF} // no cell is missing
	w.Stream = g
	if w.SmartBox.StreamSettled() {
		t.Fatal("settled before any frame boundary ran")
	}
	w.Step(0.05)
	if !w.SmartBox.StreamSettled() {
		t.Fatal("not settled after a boundary with everything ready")
	}
	g.ready = false
	if w.SmartBox.StreamSettled() {
		t.Fatal("settled while the streamer reports its focus not ready")
	}
	g.ready = true
	viaBytes(t, w, human(0x50000001, motion.Ready))
	w.PlayerGUID = 0x50000001
	if err := w.SmartBox.Teleport(0x50000001, physics.Position{Cell: 0xAAB40012, Frame: physics.Frame{Origin: physics.Vec3{X: 60, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}}); err != nil {
		t.Fatal(err)
	}
	if !w.SmartBox.InPortalSpace() || w.SmartBox.StreamSettled() {
		t.Fatalf("in portal space %v: settled during travel", w.SmartBox.InPortalSpace())
	}
}

// TestStreamFocusWithoutAPlayer pins the frame boundary's focus (mutants
// teleport.go:211 and :214): with no local player the boundary centres on
// StreamFocus, and StreamSettled asks about that same place.
func TestStreamFocusWithoutAPlayer(t *testing.T) {
	w := NewWorld()
	at := physics.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 12, Y: 34, Z: 56}, Orientation: physics.IdentityQuat}}
	w.StreamFocus = func() physics.Position { return at }
	g := &gate{missing: at.Cell} // ready only for the focus's cell
	w.Stream = g
	w.Step(0.05)
	if len(g.focus) != 1 || g.focus[0] != at {
		t.Fatalf("boundary focus %v, want StreamFocus's %v", g.focus, at)
	}
	if !w.SmartBox.StreamSettled() {
		t.Fatal("StreamSettled does not ask about the boundary's focus")
	}
}

// TestMoveToStateCarriesTheSidestep pins rawToWire's sidestep fields
// (mutant outbound.go:68): a raw sidestep is sent with its command and
// speed.
func TestMoveToStateCarriesTheSidestep(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	w.PlayerGUID = o.Phys.GUID
	p := motion.DefaultParams()
	p.Speed = 0.5
	w.Interp(o).PerformMovement(motion.MovementRawCommand, motion.SideStepRight, &p)
	var ob Outbound
	m := roundTrip(t, ob.MoveToState(o))
	if m.Raw.SidestepCommand != motion.SideStepRight || m.Raw.SidestepSpeed != 0.5 {
		t.Fatalf("MoveToState sidestep 0x%08X at %v, want SideStepRight at 0.5", m.Raw.SidestepCommand, m.Raw.SidestepSpeed)
	}
}

// watchLog is a motion.Observer that logs what it sees.
type watchLog struct{ queued, completed []uint32 }

func (l *watchLog) HookCaptured(uint32, *dat.AnimHook)  {}
func (l *watchLog) MotionQueued(_, m, _ uint32)         { l.queued = append(l.queued, m) }
func (l *watchLog) MotionCompleted(_, m uint32, _ bool) { l.completed = append(l.completed, m) }

// TestMotionQueueTracedAndWatched pins the machine observer (mutants
// trace.go:190, :193 and :204): a motion added to pending_animations is
// traced (kind "queue") and passed to Watch, and so is its completion.
func TestMotionQueueTracedAndWatched(t *testing.T) {
	w := NewWorld()
	rec := &Recorder{}
	w.Trace = rec
	l := &watchLog{}
	w.Watch = l
	o := spawnCreature(t, w, 0x50000001, nil)
	p := motion.DefaultParams()
	w.Interp(w.Object(o.Phys.GUID)).DoMotion(motion.WalkForward, &p)
	for range 20 {
		w.Step(0.05)
	}
	traced := 0
	for _, e := range rec.Events {
		if e.Kind == KindQueue && e.Motion == motion.WalkForward && e.Detail == "pending_animations" {
			traced++
		}
	}
	if traced == 0 || !slices.Contains(l.queued, motion.WalkForward) || !slices.Contains(l.completed, motion.WalkForward) {
		t.Fatalf("WalkForward queued %d times in the trace; Watch saw queued %v, completed %v", traced, l.queued, l.completed)
	}
}
