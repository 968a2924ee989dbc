package systems

import (
	"fmt"
	"testing"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// gatedWorld is busyWorld (every manager kind busy at some point) plus a
// hidden walker and a walker out of the player's range (not Active), so
// every gate of the ordinary table is both open and shut somewhere; both
// drift sideways, which only UpdatePhysicsInternal can do. One object
// follows a walking target and one detects walkers.
func gatedWorld(t *testing.T, traced bool) *World {
	t.Helper()
	w := busyWorld(t, traced)
	viaBytes(t, w, human(0x50000005, motion.WalkForward))
	viaBytes(t, w, &protocol.SetState{Guid: 0x50000005, State: uint32(physics.StateHidden), InstanceSequence: 1, StateSequence: 1})
	far := human(0x50000006, motion.WalkForward)
	far.Physics.Position.Cell = 0xA9B80012 // four landblocks north: beyond PlayerDistance
	viaBytes(t, w, far)
	for _, g := range []uint32{0x50000005, 0x50000006} {
		w.Object(g).Phys.Velocity = physics.Vec3{X: 0.5} // moves only where UpdatePhysicsInternal runs
	}
	// A target that walks and a detection radius that walkers cross.
	lookup := func(g uint32) (physics.Position, bool) {
		e, ok := w.Entity(g)
		if !ok {
			return physics.Position{}, false
		}
		return components.PhysicsObj.Get(w.ECS.Entry(e)).Position, true
	}
	e3, _ := w.Entity(0x50000003)
	w.ECS.Entry(e3).AddComponent(components.TargetManager)
	tm := components.TargetManager.Get(w.ECS.Entry(e3))
	tm.Lookup = lookup
	tm.SetTarget(0x50000002)
	e4, _ := w.Entity(0x50000004)
	w.ECS.Entry(e4).AddComponent(components.DetectionManager)
	dm := components.DetectionManager.Get(w.ECS.Entry(e4))
	dm.Radius = 11
	dm.Others = func(yield func(uint32, physics.Position) bool) {
		for _, g := range []uint32{0x50000001, 0x50000002} {
			if p, ok := lookup(g); ok && !yield(g, p) {
				return
			}
		}
	}
	e6, _ := w.Entity(0x50000006) // the far walker detects too, while inactive
	w.ECS.Entry(e6).AddComponent(components.DetectionManager)
	dm6 := components.DetectionManager.Get(w.ECS.Entry(e6))
	dm6.Radius = 1
	dm6.Others = func(yield func(uint32, physics.Position) bool) {
		if p, ok := lookup(0x50000006); ok {
			yield(0x50000006, p)
		}
	}
	w.Object(0x50000003) // wake the new managers
	w.Object(0x50000004)
	w.Object(0x50000006)
	w.PlayerGUID = 0x50000001
	return w
}

// sensed is what the target and detection managers learned.
type sensed struct {
	target        managers.TargetInfo
	near, farSeen int
}

// sensesOf is what the target and both detection managers learned.
func sensesOf(w *World) sensed {
	ti, n := senses(w)
	e6, _ := w.Entity(0x50000006)
	return sensed{ti, n, len(components.Resolve(w.ECS, e6).Detection.Inside)}
}

// senses is what the target and detection managers learned.
func senses(w *World) (managers.TargetInfo, int) {
	e3, _ := w.Entity(0x50000003)
	e4, _ := w.Entity(0x50000004)
	v3, v4 := components.Resolve(w.ECS, e3), components.Resolve(w.ECS, e4)
	return v3.Target.Info, len(v4.Detection.Inside)
}

// TestDirectOrdinaryMatchesTable runs the same untraced world through the
// direct ordinary path and through the stage table (a contributor stage
// inserted, so the table runs) and compares every object after every
// frame: the direct calls are the table, gate for gate.
func TestDirectOrdinaryMatchesTable(t *testing.T) {
	direct, table := gatedWorld(t, false), gatedWorld(t, false)
	var hooksDirect, hooksTable hookLog
	direct.HookObserver, table.HookObserver = &hooksDirect, &hooksTable
	contributed, detected := 0, false
	if err := table.Ordinary.Insert(After(StageUpdateScripts), Stage{Name: "test::count", Run: func(*World, *components.View, *Tick) { contributed++ }}); err != nil {
		t.Fatal(err)
	}
	guids := []uint32{0x50000001, 0x50000002, 0x50000003, 0x50000004, 0x50000005, 0x50000006}
	for f := 0; f < 150; f++ {
		direct.Step(0.05)
		table.Step(0.05)
		if f == 60 {
			for _, w := range []*World{direct, table} {
				viaBytes(t, w, &protocol.PlayEffect{Guid: 0x50000002, Script: 1, Speed: 1})
				viaBytes(t, w, &protocol.SetState{Guid: 0x50000005, State: 0, InstanceSequence: 1, StateSequence: 2})
			}
		}
		if len(hooksDirect) != len(hooksTable) {
			t.Fatalf("frame %d: direct executed %d hooks, table %d", f, len(hooksDirect), len(hooksTable))
		}
		ta, da := senses(direct)
		tb, db := senses(table)
		if ta != tb || da != db {
			t.Fatalf("frame %d: direct target %+v, %d detected; table %+v, %d", f, ta, da, tb, db)
		}
		if da > 0 {
			detected = true
		}
		for _, g := range guids {
			a, b := snapshot(direct, g), snapshot(table, g)
			if a != b {
				t.Fatalf("frame %d, 0x%08X: direct %+v\ntable  %+v", f, g, a, b)
			}
		}
	}
	if !direct.direct.ok || table.direct.ok {
		t.Fatalf("setup: direct world ran the direct path %v, table world %v", direct.direct.ok, table.direct.ok)
	}
	if ti, _ := senses(direct); !ti.Valid || !detected {
		t.Fatalf("setup: target %+v, detected anyone %v", ti, detected)
	}
	if len(hooksDirect) == 0 {
		t.Fatal("setup: no hook ever ran")
	}
	for i := range hooksDirect {
		if hooksDirect[i] != hooksTable[i] {
			t.Fatalf("hook %d: direct %+v, table %+v", i, hooksDirect[i], hooksTable[i])
		}
	}
	if contributed == 0 {
		t.Fatal("setup: the table world never ran its stages")
	}
	if s := snapshot(direct, 0x50000005); s.frame == 0 || s.pos.Frame.Origin.X == 60 {
		t.Fatalf("setup: the unhidden walker never animated or moved: %+v", s)
	}
	if far := direct.Object(0x50000006).Phys; far.Transient.Has(physics.TransientActive) {
		t.Fatal("setup: the far walker is Active")
	}
}

// TestDirectPathNoticesChanges: the direct path runs only while the
// ordinary schedule is the table it was generated from; a stage swapped
// behind Validate's back, a gate changed, a replaced body or an inserted
// stage sends the next tick through the table.
func TestDirectPathNoticesChanges(t *testing.T) {
	cases := []struct {
		name   string
		change func(s *Schedule)
		direct bool
	}{
		{"untouched", func(s *Schedule) {}, true},
		{"swapped", func(s *Schedule) { s.Stages[3], s.Stages[4] = s.Stages[4], s.Stages[3] }, false},
		{"gate changed", func(s *Schedule) { s.Stages[5].Gate |= GateVisible }, false},
		{"body replaced", func(s *Schedule) { s.Stages[2].Run = stagePositionUseTime }, false},
		{"body removed", func(s *Schedule) { s.Stages[1].Run = nil }, false},
		{"inserted", func(s *Schedule) { _ = s.Insert(Before(StageTransition), Stage{Name: "x"}) }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := NewWorld()
			if !w.ordinaryIsDirect() {
				t.Fatal("a new world's schedule is not the generated one")
			}
			c.change(w.Ordinary)
			w.Now += benchStep
			if got := w.ordinaryIsDirect(); got != c.direct {
				t.Fatalf("ordinaryIsDirect = %v, want %v", got, c.direct)
			}
		})
	}
}

// gateEdits are edits of the ordinary table's gates that change what
// gatedWorld does.
var gateEdits = []struct {
	name  string
	stage string
	edit  func(Gate) Gate
}{
	{"CheckDetection without GateActive", StageCheckDetection, func(g Gate) Gate { return g &^ GateActive }},
	{"UpdatePhysicsInternal without GateVisible", StageUpdatePhysics, func(g Gate) Gate { return g &^ GateVisible }},
	{"PositionManager::UseTime with GateMoved", StagePositionUseTime, func(g Gate) Gate { return g | GateMoved }},
}

// TestGateEditChangesTracedAndUntracedAlike edits a gate in the table
// (ordinaryStages, as a contributor would in the source) and runs the same
// world traced and untraced: both must take the edited gate, frame for
// frame, and the edit must change what the world does.
func TestGateEditChangesTracedAndUntracedAlike(t *testing.T) {
	guids := []uint32{0x50000001, 0x50000002, 0x50000003, 0x50000004, 0x50000005, 0x50000006}
	for _, c := range gateEdits {
		t.Run(c.name, func(t *testing.T) {
			retail := gatedWorld(t, true) // before the edit
			i := indexOfStage(ordinaryStages, c.stage)
			was := ordinaryStages[i].Gate
			ordinaryStages[i].Gate = c.edit(was)
			t.Cleanup(func() { ordinaryStages[i].Gate = was })
			traced, untraced := gatedWorld(t, true), gatedWorld(t, false)
			differs := false
			for f := 0; f < 150; f++ {
				for _, w := range []*World{retail, traced, untraced} {
					w.Step(0.05)
					if f == 60 {
						viaBytes(t, w, &protocol.PlayEffect{Guid: 0x50000002, Script: 1, Speed: 1})
						viaBytes(t, w, &protocol.SetState{Guid: 0x50000005, State: 0, InstanceSequence: 1, StateSequence: 2})
						// interpolate to where it stands: reached without moving
						o := w.Object(0x50000003)
						o.Position.InterpolateTo(o.Phys.Position)
					}
				}
				if a, b := sensesOf(traced), sensesOf(untraced); a != b {
					t.Fatalf("frame %d: traced senses %+v, untraced %+v", f, a, b)
				}
				differs = differs || sensesOf(retail) != sensesOf(traced)
				for _, g := range guids {
					a, b := snapshot(traced, g), snapshot(untraced, g)
					if a != b {
						t.Fatalf("frame %d, 0x%08X: traced %+v\nuntraced %+v", f, g, a, b)
					}
					differs = differs || snapshot(retail, g) != a
				}
			}
			if !differs {
				t.Fatal("setup: the edited gate changed nothing in this world")
			}
		})
	}
}

// hookLog records every executed hook, in order.
type hookLog []string

func (l *hookLog) HookExecuted(guid uint32, h *dat.AnimHook, deferred bool) {
	*l = append(*l, fmt.Sprintf("0x%08X %+v deferred=%v", guid, *h, deferred))
}
