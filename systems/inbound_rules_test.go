package systems

import (
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/sampleworld"
)

// The tests in this file pin inbound rules that the systems/ mutation run
// (docs/testing.md) found unpinned by the package's own tests.

// inAir lifts o off the ground: no contact, no walkable.
func inAir(w *World, guid uint32) {
	o := w.Object(guid)
	o.Phys.Transient &^= physics.TransientContact | physics.TransientOnWalkable
}

// TestCreatureFromItemType pins wireWeenie's creature bit (ItemType
// 0x10, mutants on inbound.go:20 and :138): a creature with gravity that
// is off the ground may not start walking (CMotionInterp's
// contact_allows_move), any other object may.
func TestCreatureFromItemType(t *testing.T) {
	for _, tt := range []struct {
		itemType uint32
		walks    bool
	}{
		{ItemTypeCreature, false},
		{0x01, true}, // a melee weapon's ItemType: not a creature
	} {
		w, _ := sampleWorld(t)
		m := human(0x50000001, motion.Ready)
		m.Weenie.ItemType = tt.itemType
		viaBytes(t, w, m)
		inAir(w, 0x50000001)
		viaBytes(t, w, walkMotion(1, false))
		o := w.Object(0x50000001)
		if got := o.Parts.Manager.State.Substate == motion.WalkForward; got != tt.walks {
			t.Errorf("ItemType 0x%X in the air: walking %v, want %v", tt.itemType, got, tt.walks)
		}
	}
}

// walkMotion is an UpdateMotion to WalkForward for 0x50000001.
func walkMotion(seq uint16, autonomous bool) *protocol.UpdateMotion {
	m := &protocol.UpdateMotion{Guid: 0x50000001, InstanceSequence: 1, MovementSequence: seq, Autonomous: autonomous}
	m.Movement.State.Flags = protocol.IMSForwardCommand
	m.Movement.State.ForwardCommand = motion.WalkForward
	return m
}

// TestAutonomousMovementOfAnotherObject pins SetObjectMovement's
// last_move_was_autonomous and the player test of apply_current_movement
// (mutants inbound.go:250 and :30): another object's autonomous movement
// is applied through the interpreted path like any other (only the local
// player's autonomous state takes the raw path), and the flag is stored.
func TestAutonomousMovementOfAnotherObject(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	w.PlayerGUID = 0x50000099
	viaBytes(t, w, walkMotion(1, true))
	o := w.Object(0x50000001)
	if !o.Phys.Autonomous {
		t.Fatal("last_move_was_autonomous not stored")
	}
	if o.Parts.Manager.State.Substate != motion.WalkForward {
		t.Fatalf("substate %s, want WalkForward: another object's movement goes the interpreted path", motioncmd.Name(o.Parts.Manager.State.Substate))
	}
	viaBytes(t, w, &protocol.UpdateMotion{Guid: 0x50000001, InstanceSequence: 1, MovementSequence: 2})
	if o.Phys.Autonomous {
		t.Fatal("a server movement must clear last_move_was_autonomous")
	}
}

// TestStaleMovementKeepsThePlayersControl pins SetObjectMovement's result
// on its two stale gates (mutants inbound.go:240 and :243 `false` →
// `true`): a dropped movement never takes control from the local player.
func TestStaleMovementKeepsThePlayersControl(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	w.PlayerGUID = 0x50000001
	lost := new(lostControl)
	w.Control = lost
	first := walkMotion(5, false)
	first.ServerControlSequence = 3
	viaBytes(t, w, first)
	if *lost != 1 {
		t.Fatalf("setup: control lost %d times, want 1", *lost)
	}
	staleMovement := walkMotion(5, false)
	staleMovement.ServerControlSequence = 3
	staleControl := walkMotion(6, false)
	staleControl.ServerControlSequence = 2
	for _, m := range []*protocol.UpdateMotion{staleMovement, staleControl} {
		viaBytes(t, w, m)
	}
	if *lost != 1 {
		t.Fatalf("control lost %d times, want still 1: stale movements are dropped", *lost)
	}
}

// TestPlayerTeleportStoresItsStamp pins 0xF751's update_times[4] (mutant
// inbound.go:74 dropped): after PlayerTeleport(5), a position carrying
// the older teleport stamp 3 is not a teleport, so the local player keeps
// its own position.
func TestPlayerTeleportStoresItsStamp(t *testing.T) {
	w, rec := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	w.PlayerGUID = 0x50000001
	viaBytes(t, w, &protocol.PlayerTeleport{TeleportSequence: 5})
	o := w.Object(0x50000001)
	if o.Phys.UpdateTimes[protocol.SeqTeleport] != 5 {
		t.Fatalf("update_times[teleport] = %d, want 5", o.Phys.UpdateTimes[protocol.SeqTeleport])
	}
	rec.Events = rec.Events[:0]
	p := protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 70, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}}
	viaBytes(t, w, &protocol.UpdatePosition{Guid: 0x50000001, InstanceSequence: 1, PositionSequence: 1, TeleportSequence: 3, Position: p})
	if e := rec.Events[len(rec.Events)-1]; e.Reason != ReasonOwnPosition {
		t.Fatalf("last event %+v, want the player's own position dropped", e)
	}
}

// TestPositionEventPlacement pins UnpackPositionEvent's placement rules
// (mutants inbound.go:319, 321, 326, 327, 332): the velocity is taken; a
// teleport to cell 0 is no teleport but a snap; exactly
// InterpolateMaxDistance away still interpolates; an object without a
// PositionManager, or not in a cell, snaps; an interpolated position takes
// its orientation at once.
func TestPositionEventPlacement(t *testing.T) {
	at := func(cell uint32, x float32, q physics.Quat) protocol.Position {
		return protocol.Position{Cell: cell, Frame: physics.Frame{Origin: physics.Vec3{X: x, Y: 40, Z: 80}, Orientation: q}}
	}
	turned := physics.Heading(1)
	t.Run("interpolated: velocity and orientation at once", func(t *testing.T) {
		w, rec := sampleWorld(t)
		viaBytes(t, w, human(0x50000001, motion.Ready))
		p := at(0xA9B40012, 62, turned)
		v := physics.Vec3{X: 2}
		viaBytes(t, w, &protocol.UpdatePosition{Guid: 0x50000001, InstanceSequence: 1, PositionSequence: 1,
			Flags: protocol.PositionFlagsFor(p.Frame.Orientation, v, false, true), Position: p, Velocity: v})
		o := w.Object(0x50000001)
		if e := rec.Events[len(rec.Events)-1]; e.Detail != "interpolate" {
			t.Fatalf("detail %q, want interpolate", e.Detail)
		}
		if o.Phys.Velocity != (physics.Vec3{X: 2}) || o.Phys.Position.Frame.Orientation != turned {
			t.Fatalf("velocity %v orientation %v, want the message's", o.Phys.Velocity, o.Phys.Position.Frame.Orientation)
		}
	})
	t.Run("exactly InterpolateMaxDistance interpolates", func(t *testing.T) {
		w, rec := sampleWorld(t)
		m := human(0x50000001, motion.Ready)
		m.Physics.Position.Frame.Origin.X = 10
		viaBytes(t, w, m)
		p := at(0xA9B40012, 10+InterpolateMaxDistance, physics.IdentityQuat)
		if d := dat.GlobalDistance(w.Object(0x50000001).Phys.Position, physics.Position{Cell: p.Cell, Frame: p.Frame}); d != InterpolateMaxDistance {
			t.Fatalf("setup: distance %v", d)
		}
		viaBytes(t, w, &protocol.UpdatePosition{Guid: 0x50000001, InstanceSequence: 1, PositionSequence: 1, Position: p})
		if e := rec.Events[len(rec.Events)-1]; e.Detail != "interpolate" {
			t.Fatalf("detail %q, want interpolate at exactly %v", e.Detail, InterpolateMaxDistance)
		}
	})
	t.Run("the player's teleport to cell 0 snaps", func(t *testing.T) {
		w, rec := sampleWorld(t)
		viaBytes(t, w, human(0x50000001, motion.Ready))
		w.PlayerGUID = 0x50000001
		viaBytes(t, w, &protocol.UpdatePosition{Guid: 0x50000001, InstanceSequence: 1, PositionSequence: 1, TeleportSequence: 1,
			Position: at(0, 62, physics.IdentityQuat)})
		if e := rec.Events[len(rec.Events)-1]; e.Detail != "snap" || w.SmartBox.InPortalSpace() {
			t.Fatalf("detail %q, traveling %v; want a snap, no travel", e.Detail, w.SmartBox.InPortalSpace())
		}
	})
	t.Run("no PositionManager snaps", func(t *testing.T) {
		w, rec := sampleWorld(t)
		d := archetypes.Desc{GUID: 0x50000002, Archetype: "object", Cell: 0xA9B40012, Scale: 1,
			Frame: physics.Frame{Origin: physics.Vec3{X: 60, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}}
		d.UpdateTimes[protocol.SeqInstance] = 1
		if _, err := w.Spawn(d); err != nil {
			t.Fatal(err)
		}
		viaBytes(t, w, &protocol.UpdatePosition{Guid: 0x50000002, InstanceSequence: 1, PositionSequence: 1, Position: at(0xA9B40012, 62, physics.IdentityQuat)})
		if e := rec.Events[len(rec.Events)-1]; e.Detail != "snap" {
			t.Fatalf("detail %q, want snap", e.Detail)
		}
	})
	t.Run("not in a cell snaps", func(t *testing.T) {
		w, rec := sampleWorld(t)
		viaBytes(t, w, human(0x50000001, motion.Ready))
		w.Object(0x50000001).Phys.Position.Cell = 0
		viaBytes(t, w, &protocol.UpdatePosition{Guid: 0x50000001, InstanceSequence: 1, PositionSequence: 1, Position: at(0xA9B40012, 60, physics.IdentityQuat)})
		if e := rec.Events[len(rec.Events)-1]; e.Detail != "snap" {
			t.Fatalf("detail %q, want snap", e.Detail)
		}
	})
}

// scriptTables serves some PhysicsScriptTables itself, the rest from the
// sample DAT.
type scriptTables struct {
	Assets
	tables map[uint32]*dat.PhysicsScriptTable
}

func (a scriptTables) PhysicsScriptTable(id uint32) (*dat.PhysicsScriptTable, error) {
	if t, ok := a.tables[id]; ok {
		return t, nil
	}
	return a.Assets.PhysicsScriptTable(id)
}

// TestSetStateHiddenScripts pins SetState (mutants inbound.go:350–357,
// 380, 381, 387): the sent bits are taken; the Hidden transition plays
// the table's Hide (0x4E) script, the reverse its UnHide (0x4F) script,
// each only on the transition; a typed script is the entry with the
// largest mod not above 1.
func TestSetStateHiddenScripts(t *testing.T) {
	const hide, unhide, hideLoud, other = 0x33000091, 0x33000092, 0x33000093, 0x33000094
	w, _ := sampleWorld(t)
	for _, id := range []uint32{hide, unhide, hideLoud, other} {
		w.Scripts[id] = &managers.Script{ID: id, Hooks: []managers.ScriptHook{{Time: 10}}}
	}
	w.Assets = scriptTables{Assets: w.Assets, tables: map[uint32]*dat.PhysicsScriptTable{
		0x34000091: {ID: 0x34000091, Scripts: map[uint32][]dat.ScriptAndMod{
			ScriptTypeHide:   {{Mod: 0.5, ScriptID: other}, {Mod: 1, ScriptID: hide}, {Mod: 1.5, ScriptID: hideLoud}},
			ScriptTypeUnHide: {{Mod: 1, ScriptID: unhide}},
			0x50:             {{Mod: 1, ScriptID: other}},
		}},
	}}
	m := human(0x50000001, motion.Ready)
	m.Physics.Flags |= protocol.PhysicsPeTable
	m.Physics.PhysicsScriptTable = 0x34000091
	viaBytes(t, w, m)
	o := w.Object(0x50000001)
	if got := w.SmartBox.typedScript(o, ScriptTypeHide); got != hide {
		t.Fatalf("typed Hide script 0x%08X, want 0x%08X (mod 1 of 0.5, 1, 1.5)", got, hide)
	}
	queued := func() int {
		if o.Script == nil {
			return 0
		}
		return o.Script.Pending()
	}
	seq := uint16(0)
	set := func(s physics.State) {
		seq++
		viaBytes(t, w, &protocol.SetState{Guid: 0x50000001, InstanceSequence: 1, StateSequence: seq, State: uint32(s)})
	}
	base := physics.StateGravity | physics.StateReportCollisions
	set(base | physics.StateEthereal)
	if !o.Phys.State.Has(physics.StateEthereal) || queued() != 0 {
		t.Fatalf("state %v, scripts %d; want Ethereal taken, nothing played", o.Phys.State, queued())
	}
	set(base | physics.StateHidden)
	if !o.Phys.State.Has(physics.StateHidden) || queued() != 1 {
		t.Fatalf("hidden %v, scripts %d; want hidden with the Hide script queued", o.Phys.State.Has(physics.StateHidden), queued())
	}
	set(base | physics.StateHidden)
	if queued() != 1 {
		t.Fatalf("scripts %d after staying hidden, want still 1", queued())
	}
	set(base)
	if o.Phys.State.Has(physics.StateHidden) || queued() != 2 {
		t.Fatalf("hidden %v, scripts %d; want shown with the UnHide script queued", o.Phys.State.Has(physics.StateHidden), queued())
	}
	set(base)
	if queued() != 2 {
		t.Fatalf("scripts %d after staying shown, want still 2", queued())
	}
	_ = sampleworld.HumanScriptTable
}

// nilTables answers one table id with no table and no error.
type nilTables struct{ scriptTables }

func (a nilTables) PhysicsScriptTable(id uint32) (*dat.PhysicsScriptTable, error) {
	if id == 0x34000077 {
		return nil, nil
	}
	return a.scriptTables.PhysicsScriptTable(id)
}

// TestScriptForPicksByMod pins the PhysicsScriptTable lookup PlayEffect
// and the Hidden transitions use (mutants inbound.go:391–406): among a
// type's entries the one with the largest mod not above the asked mod
// (the first of equals); when none is at or below it, the first entry;
// nothing for an object without a table, a table the assets lack, or a
// type the table lacks.
func TestScriptForPicksByMod(t *testing.T) {
	const a, b, c = 0x33000081, 0x33000082, 0x33000083
	sm := func(mod float32, id uint32) dat.ScriptAndMod { return dat.ScriptAndMod{Mod: mod, ScriptID: id} }
	table := &dat.PhysicsScriptTable{ID: 1, Scripts: map[uint32][]dat.ScriptAndMod{
		1: {sm(0.5, a), sm(1, b), sm(1.5, c)},
		2: {sm(1, a), sm(1, b)},
		3: {sm(2, a), sm(3, b)},
		4: {sm(2, a)},
		5: {sm(-1.5, a), sm(-1.2, b)},
		6: {sm(0.25, a), sm(0.75, b)},
	}}
	w, _ := sampleWorld(t)
	w.Assets = nilTables{scriptTables{Assets: w.Assets, tables: map[uint32]*dat.PhysicsScriptTable{1: table}}}
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	o.Phys.ScriptTable = 1
	for _, tt := range []struct {
		typ  uint32
		mod  float32
		want uint32
	}{
		{1, 1, b},   // exactly the asked mod
		{1, 0.9, a}, // the largest below
		{1, 2, c},   // all below: the largest
		{2, 1, a},   // equal mods: the first
		{3, 1, a},   // none at or below: the first entry
		{4, 1, a},   // a single entry above: still the first
		{5, 1, a},   // mods at or below -1 never win (the search starts at -1): the first entry
		{6, 1, b},   // the largest below, not the first
		{7, 1, 0},   // a type the table lacks
	} {
		if got := w.SmartBox.scriptFor(o, tt.typ, tt.mod); got != tt.want {
			t.Errorf("type %d mod %v: script 0x%08X, want 0x%08X", tt.typ, tt.mod, got, tt.want)
		}
	}
	for _, tt := range []struct {
		name  string
		table uint32
	}{{"no table", 0}, {"a table the assets lack", 0x34000066}, {"a table read as nothing", 0x34000077}} {
		o.Phys.ScriptTable = tt.table
		if got := w.SmartBox.scriptFor(o, 1, 1); got != 0 {
			t.Errorf("%s: script 0x%08X, want none", tt.name, got)
		}
	}
	o.Phys.ScriptTable = 1
	w.Assets = nil
	if got := w.SmartBox.scriptFor(o, 1, 1); got != 0 {
		t.Errorf("no assets: script 0x%08X, want none", got)
	}
}

// TestCreateObjectParentAndReplacement pins CreateObject's parent (mutants
// inbound.go:142–143: the parent is taken only under its physics flag) and
// its replacement of an older incarnation (inbound.go:134: the old object
// is removed first, so a newer instance sequence recreates it without an
// error).
func TestCreateObjectParentAndReplacement(t *testing.T) {
	w, _ := sampleWorld(t)
	if err := w.SmartBox.Apply(human(0x50000001, motion.Ready)); err != nil {
		t.Fatal(err)
	}
	child := func(guid uint32, flagged bool) *protocol.CreateObject {
		m := &protocol.CreateObject{Guid: guid}
		m.Physics.Parent = 0x50000001
		if flagged {
			m.Physics.Flags = protocol.PhysicsParent
		} else {
			m.Physics.Flags = protocol.PhysicsPosition
			m.Physics.Position = protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 61, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}}
		}
		m.Physics.Timestamps[protocol.SeqInstance] = 1
		return m
	}
	if err := w.SmartBox.Apply(child(0x50000002, true)); err != nil {
		t.Fatal(err)
	}
	if p := w.Object(0x50000002).Phys.Parent; p != 0x50000001 {
		t.Fatalf("flagged child's parent 0x%08X, want 0x50000001", p)
	}
	if err := w.SmartBox.Apply(child(0x50000003, false)); err != nil {
		t.Fatal(err)
	}
	if p := w.Object(0x50000003).Phys.Parent; p != 0 {
		t.Fatalf("unflagged parent field taken: 0x%08X", p)
	}
	newer := human(0x50000001, motion.WalkForward)
	newer.Physics.Timestamps[protocol.SeqInstance] = 2
	if err := w.SmartBox.Apply(newer); err != nil {
		t.Fatalf("a newer incarnation: %v", err)
	}
	if o := w.Object(0x50000001); o.Phys.UpdateTimes[protocol.SeqInstance] != 2 {
		t.Fatalf("instance %d, want the newer incarnation's 2", o.Phys.UpdateTimes[protocol.SeqInstance])
	}
}

// TestPositionAndMovementAppliesBoth pins UnpackPositionEvent's "processed"
// result (mutants inbound.go:324 and :330 `true` → `false`): after a
// teleport or a snap the movement half of 0xF619 still applies.
func TestPositionAndMovementAppliesBoth(t *testing.T) {
	for _, tt := range []struct {
		name     string
		player   bool
		teleport uint16
		detail   string
	}{
		{"snap", false, 0, "snap"},
		{"teleport", true, 1, "teleport"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w, rec := sampleWorld(t)
			viaBytes(t, w, human(0x50000001, motion.Ready))
			if tt.player {
				w.PlayerGUID = 0x50000001
			}
			m := &protocol.PositionAndMovement{MovementSequence: 1}
			m.Position = protocol.UpdatePosition{Guid: 0x50000001, InstanceSequence: 1, PositionSequence: 1, TeleportSequence: tt.teleport,
				Position: protocol.Position{Cell: 0xAAB40012, Frame: physics.Frame{Origin: physics.Vec3{X: 60, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}}}
			m.Movement.State.Flags = protocol.IMSForwardCommand
			m.Movement.State.ForwardCommand = motion.WalkForward
			if err := w.SmartBox.Apply(m); err != nil {
				t.Fatal(err)
			}
			var details []string
			for _, e := range rec.Events {
				if e.Kind == KindMessage && e.Message == "PositionAndMovement" {
					details = append(details, e.Detail)
				}
			}
			if len(details) != 2 || details[0] != tt.detail || details[1] != "" {
				t.Fatalf("PositionAndMovement events %q, want [%q, \"\"]: the position, then the movement", details, tt.detail)
			}
			if f := w.Object(0x50000001).Movement.Interp.Interpreted.ForwardCommand; f != motion.WalkForward {
				t.Fatalf("forward %s, want WalkForward", motioncmd.Name(f))
			}
		})
	}
}

// TestCreateObjectFieldsOnlyUnderTheirFlags pins that CreateObject reads
// the position only under PhysicsPosition (inbound.go:139): a message
// whose flag is clear has no position, whatever its Position field holds,
// and an object with neither a position nor a parent is refused.
func TestCreateObjectFieldsOnlyUnderTheirFlags(t *testing.T) {
	w, _ := sampleWorld(t)
	m := human(0x50000001, motion.Ready)
	m.Physics.Flags &^= protocol.PhysicsPosition
	if err := w.SmartBox.Apply(m); err == nil || w.Object(0x50000001) != nil {
		t.Fatalf("error %v, object %v; want the position ignored and the placeless object refused", err, w.Object(0x50000001) != nil)
	}
}

// TestUnHideScriptStartsAtOnce pins the UnHide script's delay
// (inbound.go:357): it is queued to start now, so its first hook runs on
// the next frame.
func TestUnHideScriptStartsAtOnce(t *testing.T) {
	const unhide = 0x33000095
	w, _ := sampleWorld(t)
	w.Scripts[unhide] = &managers.Script{ID: unhide, Hooks: []managers.ScriptHook{{Time: 0, Hook: dat.AnimHook{Type: dat.HookSound}}}}
	w.Assets = scriptTables{Assets: w.Assets, tables: map[uint32]*dat.PhysicsScriptTable{
		0x34000095: {ID: 0x34000095, Scripts: map[uint32][]dat.ScriptAndMod{ScriptTypeUnHide: {{Mod: 1, ScriptID: unhide}}}},
	}}
	m := human(0x50000001, motion.Ready)
	m.Physics.Flags |= protocol.PhysicsPeTable
	m.Physics.PhysicsScriptTable = 0x34000095
	m.Physics.State |= uint32(physics.StateHidden)
	viaBytes(t, w, m)
	o := w.Object(0x50000001)
	viaBytes(t, w, &protocol.SetState{Guid: 0x50000001, InstanceSequence: 1, StateSequence: 1, State: uint32(physics.StateGravity)})
	if o.Script == nil || o.Script.Pending() != 1 {
		t.Fatal("setup: the UnHide script is not queued")
	}
	w.Step(0.05)
	if o.Script.Pending() != 0 {
		t.Fatalf("UnHide script still pending after a frame: it must start at once, not after a delay")
	}
}
