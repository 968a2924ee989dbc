package systems

import (
	"testing"

	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/physobj"
	"github.com/dereth/dereth/sampleworld"
)

// TestTargetPositionOfObjects pins the MoveTo host's target lookup
// (moveto.go:18–22): a placed object's position; nothing for an unknown
// guid or an object without a cell.
func TestTargetPositionOfObjects(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	if p, ok := MoveToHost(w).TargetPosition(0x50000001); !ok || p != o.Phys.Position {
		t.Fatalf("target %v %v, want the object's position", p, ok)
	}
	if _, ok := MoveToHost(w).TargetPosition(0x50000099); ok {
		t.Fatal("an unknown guid has a position")
	}
	o.Phys.Position.Cell = 0
	if p, ok := MoveToHost(w).TargetPosition(0x50000001); ok || p != (physics.Position{}) {
		t.Fatalf("an object without a cell: %v %v, want none", p, ok)
	}
}

// TestMoveToHostCylinderAndDone pins the rest of the MoveTo host
// (moveto.go): an object's cylinder comes from its part array (the
// default cylinder for an unknown guid), and a MoveTo's end is traced with
// its WeenieError.
func TestMoveToHostCylinderAndDone(t *testing.T) {
	w, rec := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	r, h := MoveToHost(w).TargetCylinder(0x50000001)
	wr, wh := physobj.Cylinder(o.Parts)
	dr, dh := physobj.Cylinder(nil)
	if r != wr || h != wh || (r == dr && h == dh) {
		t.Fatalf("cylinder %v×%v, want the part array's %v×%v (not the default %v×%v)", r, h, wr, wh, dr, dh)
	}
	if r, h := MoveToHost(w).TargetCylinder(0x50000099); r != dr || h != dh {
		t.Fatalf("unknown guid: cylinder %v×%v, want the default %v×%v", r, h, dr, dh)
	}
	rec.Events = rec.Events[:0]
	MoveToHost(w).MoveToDone(0x50000001, motion.ErrYouChargedTooFar)
	if len(rec.Events) != 1 || rec.Events[0].Message != "MoveTo" || rec.Events[0].Detail != "done: 0x3D" || rec.Events[0].Obj != 0x50000001 {
		t.Fatalf("events %+v, want MoveTo done: 0x3D", rec.Events)
	}
	if MoveToHost(w).CurrentTime() != w.Now {
		t.Fatal("CurrentTime is not the physics clock")
	}
}

// TestResidencyHooks pins the world's side of streaming (residency.go):
// a stream event is traced as such (and nothing happens without a
// tracer); without a collider the landblock hooks do nothing (what they
// drop is collision.Broadphase.Forget's, tested there).
func TestResidencyHooks(t *testing.T) {
	w := NewWorld()
	w.TraceStream("publish", "unseen") // no tracer: nothing, no panic
	rec := &Recorder{}
	w.Trace = rec
	w.TraceStream("publish", "0xA9B4 near gen 1")
	if len(rec.Events) != 1 || rec.Events[0].Kind != KindStream || rec.Events[0].Stage != "publish" ||
		rec.Events[0].Detail != "0xA9B4 near gen 1" || rec.Events[0].Frame != w.FrameNo {
		t.Fatalf("events %+v, want one stream publish event", rec.Events)
	}
	w.ForgetLandblock(0xA9B40000) // no collider yet: nothing, no panic
}

// TestDatAssetsShareOneObjectPerID pins DatAssets' cache (assets.go:44):
// every lookup of an id returns the one decoded object, so all objects of
// a Setup share its parts, tables and clips (the memory figures in
// docs/performance.md count on it).
func TestDatAssetsShareOneObjectPerID(t *testing.T) {
	w, _ := sampleWorld(t)
	a := w.Assets.(*DatAssets)
	s1, err1 := a.Setup(sampleworld.HumanSetup)
	s2, err2 := a.Setup(sampleworld.HumanSetup)
	m1, _ := a.MotionTable(sampleworld.HumanMotionTable)
	m2, _ := a.MotionTable(sampleworld.HumanMotionTable)
	if err1 != nil || err2 != nil || s1 != s2 || m1 == nil || m1 != m2 {
		t.Fatalf("two lookups gave different objects: setup %p %p (%v %v), table %p %p", s1, s2, err1, err2, m1, m2)
	}
	if a.Animation(0x03FFFFFF) != nil || a.Animation(0x03FFFFFF) != nil {
		t.Fatal("a missing animation is not nil")
	}
}
