package systems

import (
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/physics"
)

// The tests in this file pin world.go rules (from UpdateObject on) that
// the third systems/ mutation pass (docs/testing.md) found unpinned.

// TestSetPositionInternalCarriesTheChildren pins SetPositionInternal's
// children (mutant world.go:429): a parent placed hard takes its attached
// children with it at once, into its cell, at their parent frames.
func TestSetPositionInternalCarriesTheChildren(t *testing.T) {
	w := NewWorld()
	parent := spawnCreature(t, w, 0x50000001, nil)
	pf := physics.Frame{Origin: physics.Vec3{X: 0.5, Z: 1}, Orientation: physics.IdentityQuat}
	if _, err := w.Spawn(archetypes.Desc{GUID: 0x70000001, Parent: 0x50000001, ParentFrame: pf}); err != nil {
		t.Fatal(err)
	}
	to := physics.Position{Cell: 0x01010002, Frame: physics.Frame{Origin: physics.Vec3{X: 30, Y: 10, Z: 5}, Orientation: physics.IdentityQuat}}
	w.SetPositionInternal(parent, to)
	c := w.Object(0x70000001).Phys
	if want := physics.Combine(parent.Phys.Position.Frame, pf); c.Position.Cell != parent.Phys.Position.Cell || c.Position.Frame != want {
		t.Fatalf("child at cell 0x%08X %+v, want the parent's cell 0x%08X at %+v", c.Position.Cell, c.Position.Frame, parent.Phys.Position.Cell, want)
	}
}

// TestSetHiddenPlaysItsScriptOnlyWhenHiding pins SetHidden's Hidden PES
// (mutants world.go:419 `&&` → `||` and :420 delay 0 → 1): hiding queues
// the script to start at once (its hook runs the next frame); showing
// queues nothing, whatever id it is given.
func TestSetHiddenPlaysItsScriptOnlyWhenHiding(t *testing.T) {
	const id = 0x33000050
	w := NewWorld()
	w.Scripts[id] = &managers.Script{ID: id, Hooks: []managers.ScriptHook{{Hook: dat.AnimHook{Type: dat.HookSound}}}}
	o := spawnCreature(t, w, 0x50000001, nil)
	w.SetHidden(o, false, id)
	if n := o.Script.Pending(); n != 0 {
		t.Fatalf("showing queued %d scripts, want none", n)
	}
	w.SetHidden(o, true, id)
	if n := o.Script.Pending(); n != 1 {
		t.Fatalf("hiding queued %d scripts, want the Hidden PES", n)
	}
	w.Step(0.05)
	if n := o.Script.Pending(); n != 0 {
		t.Fatal("the Hidden PES did not start at once")
	}
}

// TestUpdateObjectStagesTraced pins the stage events of update_object and
// animate_static_object (mutants world.go:301, :307, :352 and :367): each
// traced frame records update_object for every ordinary object (with the
// elapsed time; 0 for a detached child) and animate_static_object for a
// static one.
func TestUpdateObjectStagesTraced(t *testing.T) {
	w := NewWorld()
	rec := &Recorder{}
	w.Trace = rec
	spawnCreature(t, w, 0x50000001, nil)
	if _, err := w.Spawn(archetypes.Desc{GUID: 0x70000001, Parent: 0x50000001}); err != nil {
		t.Fatal(err)
	}
	spawnStatic(t, w, 0x70000002)
	w.Step(0.05)
	w.Step(0.05)
	seen := map[uint32][]Event{}
	for _, e := range rec.Events {
		if e.Kind == KindStage && (e.Stage == StageUpdateObject || e.Stage == StageAnimateStatic) && e.Frame == w.FrameNo {
			seen[e.Obj] = append(seen[e.Obj], e)
		}
	}
	ok := func(g uint32, stage string, moving bool) bool {
		l := seen[g]
		return len(l) == 1 && l[0].Stage == stage && (l[0].Dt > 0) == moving
	}
	if !ok(0x50000001, StageUpdateObject, true) || !ok(0x70000001, StageUpdateObject, false) || !ok(0x70000002, StageAnimateStatic, true) {
		t.Fatalf("stage events of the last frame %+v; want update_object for the creature (dt > 0) and its child (dt 0), animate_static_object for the static", seen)
	}
}
