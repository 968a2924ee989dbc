package systems

import (
	"github.com/dereth/dereth/collision"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/sampleworld"
)

// sampleWorld is a world whose assets are the embedded sample portal DAT.
func sampleWorld(t testing.TB) (*World, *Recorder) {
	t.Helper()
	portal, err := sampleworld.Portal()
	if err != nil {
		t.Fatal(err)
	}
	w := NewWorld()
	w.Assets = NewDatAssets(portal)
	rec := &Recorder{}
	w.Trace = rec
	return w, rec
}

// human is a CreateObject for the sample humanoid carrying forward motion.
func human(guid uint32, forward uint32) *protocol.CreateObject {
	m := &protocol.CreateObject{Guid: guid}
	m.Weenie.Name, m.Weenie.ItemType = "Drudge", ItemTypeCreature
	pd := &m.Physics
	pd.Flags = protocol.PhysicsCSetup | protocol.PhysicsMTable | protocol.PhysicsPosition | protocol.PhysicsMovement
	pd.Setup, pd.MotionTable = sampleworld.HumanSetup, sampleworld.HumanMotionTable
	pd.State = uint32(physics.StateGravity | physics.StateReportCollisions)
	pd.Position = protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 60, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}}
	pd.Movement = &protocol.MovementData{Type: protocol.MovementInterpreted}
	pd.Movement.State.Flags = protocol.IMSCurrentStyle | protocol.IMSForwardCommand
	pd.Movement.State.CurrentStyle, pd.Movement.State.ForwardCommand = motion.NonCombat, forward
	pd.Timestamps[protocol.SeqInstance] = 1
	return m
}

// withTerrain gives w the sample world's terrain as its ground.
func withTerrain(t *testing.T, w *World) {
	t.Helper()
	cells, err := sampleworld.Cell()
	if err != nil {
		t.Fatal(err)
	}
	region, err := w.Assets.(*DatAssets).C.Region(sampleworld.Region)
	if err != nil {
		t.Fatal(err)
	}
	w.Ground = &datLand{cells: cells, land: &region.LandDefs, blocks: map[uint32]*collision.Landblock{}}
}

// viaBytes encodes m and applies the decoded bytes: the same path a
// server's bytes take.
func viaBytes(t *testing.T, w *World, m protocol.Message) {
	t.Helper()
	if err := w.SmartBox.ApplyBytes(m.Encode(nil)); err != nil {
		t.Fatalf("%s: %v", m.Name(), err)
	}
}

func TestCorpseAndDoorEnterTheWorldThroughTheOneInitializer(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Dead))
	corpse := w.Object(0x50000001)
	if corpse == nil {
		t.Fatal("corpse not created")
	}
	st := corpse.Parts.Manager.State
	seq := &corpse.Parts.Sequence
	if st.Substate != motion.Dead || seq.Len() != 1 || seq.CurrAnim().Anim.ID != sampleworld.AnimDead {
		t.Fatalf("corpse: substate %s, nodes %d: want Dead with only the dead cycle (links stripped)", motioncmd.Name(st.Substate), seq.Len())
	}
	if len(corpse.Parts.Manager.Pending) != 0 || corpse.Movement.Interp.MotionsPending() {
		t.Fatal("HandleEnterWorld must drain the queues")
	}

	door := &protocol.CreateObject{Guid: 0x60000001}
	pd := &door.Physics
	pd.Flags = protocol.PhysicsCSetup | protocol.PhysicsMTable | protocol.PhysicsPosition | protocol.PhysicsMovement
	pd.Setup, pd.MotionTable = sampleworld.DoorSetup, sampleworld.DoorMotionTable
	pd.Position = protocol.Position{Cell: 0xA9B40025, Frame: physics.IdentityFrame}
	pd.Movement = &protocol.MovementData{Type: protocol.MovementInterpreted}
	pd.Movement.State.Flags = protocol.IMSForwardCommand
	pd.Movement.State.ForwardCommand = motion.On
	viaBytes(t, w, door)
	d := w.Object(0x60000001)
	if d.Parts.Manager.State.Substate != motion.On || d.Parts.Sequence.Len() != 1 || d.Parts.Sequence.CurrAnim().Anim.ID != sampleworld.AnimDoorOpen {
		t.Fatalf("door: substate %s, nodes %d: want On with only the open cycle", motioncmd.Name(d.Parts.Manager.State.Substate), d.Parts.Sequence.Len())
	}
	if corpse.Static || d.Static {
		t.Fatal("doors and corpses are ordinary objects, keyed by their data")
	}
}

func TestDeleteObjectDestroys(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	e := w.Object(0x50000001).Entity
	viaBytes(t, w, &protocol.DeleteObject{Guid: 0x50000001, InstanceSequence: 1})
	if w.Object(0x50000001) != nil || w.ECS.Valid(e) || len(w.Objects) != 0 {
		t.Fatal("DeleteObject must destroy the object and its entity")
	}
}

func TestObjDescEventChangesAppearanceOnly(t *testing.T) {
	w, rec := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	um := &protocol.UpdateMotion{Guid: 0x50000001, InstanceSequence: 1, MovementSequence: 1}
	um.Movement.Type = protocol.MovementInterpreted
	um.Movement.State.Flags = protocol.IMSForwardCommand
	um.Movement.State.ForwardCommand = motion.WalkForward
	viaBytes(t, w, um)
	w.Step(0.05)
	ent, seq, link, interp, rev := o.Entity, &o.Parts.Sequence, o.Parts.Sequence.CurrAnim(), o.Movement.Interp, o.Pres.Revision
	frame := seq.FrameNumber
	if link.Anim.ID != sampleworld.AnimReadyToWalk || len(o.Parts.Manager.Pending) == 0 {
		t.Fatalf("setup: want the ready→walk link playing with its MotionDone pending")
	}

	od := &protocol.ObjDescEvent{Guid: 0x50000001, InstanceSequence: 1, VisualDescSequence: 1}
	od.Model.Palette = 0x04000ABC
	od.Model.SubPalettes = []protocol.SubPalette{{ID: 0x04000ABD, Offset: 1, Length: 2}}
	od.Model.AnimPartChanges = []protocol.AnimPartChange{{Part: 2, GfxObj: 0x01000999}}
	viaBytes(t, w, od)

	if v := w.Object(0x50000001); v.Entity != ent || v.Movement.Interp != interp || &v.Parts.Sequence != seq || seq.CurrAnim() != link || seq.FrameNumber != frame {
		t.Fatal("ObjDescEvent must keep the entity, the sequencer and the movement bindings")
	}
	if o.Look.Palette != 0x04000ABC || o.Look.PartGfx[2] != 0x01000999 || o.Pres.Revision != rev+1 {
		t.Fatalf("appearance not replaced: %+v revision %d→%d", o.Look, rev, o.Pres.Revision)
	}
	rec.Events = rec.Events[:0]
	for range 20 {
		w.Step(0.05)
	}
	done := false
	for _, e := range rec.Events {
		if e.Kind == KindMotionDone && e.Motion == motion.WalkForward {
			done = true
		}
	}
	if !done || seq.CurrAnim().Anim.ID != sampleworld.AnimWalkForward {
		t.Fatal("the animation must keep playing and its pending MotionDone must still fire")
	}
}

func TestStaleUpdateMotionIsDroppedAndTraced(t *testing.T) {
	w, rec := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	send := func(seq uint16, fwd uint32) {
		um := &protocol.UpdateMotion{Guid: 0x50000001, InstanceSequence: 1, MovementSequence: seq}
		um.Movement.State.Flags = protocol.IMSForwardCommand
		um.Movement.State.ForwardCommand = fwd
		viaBytes(t, w, um)
	}
	send(10, motion.WalkForward)
	rec.Events = rec.Events[:0]
	send(9, motion.RunForward)
	if o.Movement.Interp.Interpreted.ForwardCommand != motion.WalkForward {
		t.Fatal("an older movement sequence must be dropped")
	}
	if len(rec.Events) == 0 || rec.Events[len(rec.Events)-1].Reason != ReasonStaleMovementSequence {
		t.Fatalf("the drop must be traced: %+v", rec.Events)
	}
	// a sweep over more than 65 536 consecutive sequence numbers keeps accepting
	counter := &countTracer{}
	w.Trace = counter
	s := uint16(10)
	for i := 0; i < 70000; i++ {
		s++
		um := &protocol.UpdateMotion{Guid: 0x50000001, InstanceSequence: 1, MovementSequence: s}
		if err := w.SmartBox.UpdateMotion(um); err != nil {
			t.Fatal(err)
		}
		if i%64 == 0 {
			w.Step(0.05) // let the zero-tick completions drain
		}
	}
	if counter.applied != 70000 || counter.dropped != 0 {
		t.Fatalf("accepted %d, dropped %d of 70000 consecutive sequences", counter.applied, counter.dropped)
	}
}

type countTracer struct{ applied, dropped int }

func (c *countTracer) Event(e *Event) {
	if e.Kind != KindMessage || e.Message != "UpdateMotion" {
		return
	}
	switch e.Reason {
	case "":
		c.applied++
	case ReasonStaleMovementSequence:
		c.dropped++
	}
}

// lostControl counts LoseControlToServer calls.
type lostControl int

func (l *lostControl) LoseControlToServer() { *l++ }

func TestPlayerAutonomousMotionIsIgnoredAndServerMotionTakesControl(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	w.PlayerGUID = 0x50000001
	lost := new(lostControl)
	w.Control = lost
	um := &protocol.UpdateMotion{Guid: 0x50000001, InstanceSequence: 1, MovementSequence: 1, Autonomous: true}
	um.Movement.State.Flags = protocol.IMSForwardCommand
	um.Movement.State.ForwardCommand = motion.RunForward
	viaBytes(t, w, um)
	if w.Object(0x50000001).Movement.Interp.Interpreted.ForwardCommand == motion.RunForward || *lost != 0 {
		t.Fatal("the player's own autonomous echo must not move it")
	}
	um.MovementSequence, um.Autonomous = 2, false
	viaBytes(t, w, um)
	if *lost != 1 || w.Object(0x50000001).Movement.Interp.Interpreted.ForwardCommand != motion.RunForward {
		t.Fatal("a server-controlled movement applies and takes control from the player")
	}
}

func TestUpdatePositionSnapsOrInterpolates(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	near := protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 62, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}}
	viaBytes(t, w, &protocol.UpdatePosition{Guid: 0x50000001, InstanceSequence: 1, PositionSequence: 1, Position: near})
	if o.Phys.Position.Frame.Origin.X != 60 || !o.Position.Interpolating {
		t.Fatal("a near position must be blended in by the PositionManager, not snapped")
	}
	w.Step(0.1)
	if x := o.Phys.Position.Frame.Origin.X; x <= 60 || x > 62 {
		t.Fatalf("after 0.1 s of interpolation x = %v", x)
	}
	far := near
	far.Frame.Origin.X = 60 + InterpolateMaxDistance + 50
	far.Cell = 0xAAB40012
	viaBytes(t, w, &protocol.UpdatePosition{Guid: 0x50000001, InstanceSequence: 1, PositionSequence: 2, Position: far})
	if o.Phys.Position.Cell != far.Cell || o.Position.Interpolating {
		t.Fatal("a far position must snap")
	}
	viaBytes(t, w, &protocol.UpdatePosition{Guid: 0x50000001, InstanceSequence: 1, PositionSequence: 2, Position: near})
	if o.Phys.Position.Cell != far.Cell {
		t.Fatal("a repeated position sequence must be dropped")
	}
}

func TestSetStateHiddenMovesCursorOffLinks(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	um := &protocol.UpdateMotion{Guid: 0x50000001, InstanceSequence: 1, MovementSequence: 1}
	um.Movement.State.Flags = protocol.IMSForwardCommand
	um.Movement.State.ForwardCommand = motion.WalkForward
	viaBytes(t, w, um)
	viaBytes(t, w, &protocol.SetState{Guid: 0x50000001, InstanceSequence: 1, StateSequence: 1,
		State: uint32(physics.StateGravity | physics.StateHidden)})
	seq := &o.Parts.Sequence
	if !o.Phys.State.Has(physics.StateHidden) || seq.CurrAnim() != seq.FirstCyclic() || seq.CurrAnim().Anim.ID != sampleworld.AnimWalkForward {
		t.Fatal("SetState Hidden must strip the link and sample the cyclic tail")
	}
}

func TestVectorUpdateAndPlayEffect(t *testing.T) {
	w, _ := sampleWorld(t)
	m := human(0x50000001, motion.Ready)
	m.Physics.Flags |= protocol.PhysicsPeTable
	m.Physics.PhysicsScriptTable = sampleworld.HumanScriptTable
	viaBytes(t, w, m)
	o := w.Object(0x50000001)
	viaBytes(t, w, &protocol.VectorUpdate{Guid: 0x50000001, InstanceSequence: 1, VectorSequence: 1,
		Velocity: physics.Vec3{X: 1}, Omega: physics.Vec3{Z: 0.5}})
	if o.Phys.Velocity.X != 1 || o.Phys.Omega.Z != 0.5 {
		t.Fatal("VectorUpdate not applied")
	}
	viaBytes(t, w, &protocol.PlayEffect{Guid: 0x50000001, Script: 1, Speed: 1})
	if o.Script.Pending() != 1 {
		t.Fatalf("PlayEffect type 1 must queue the sparkle script, pending %d", o.Script.Pending())
	}
	for range 10 {
		w.Step(0.05)
	}
	if o.Particle.Count() == 0 {
		t.Fatal("the sparkle script's CreateParticle hook must run")
	}
}

func TestMoveToPositionThroughTheSchedule(t *testing.T) {
	w, rec := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	um := &protocol.UpdateMotion{Guid: 0x50000001, InstanceSequence: 1, MovementSequence: 1}
	um.Movement.Type = protocol.MovementMoveToPosition
	um.Movement.Origin = protocol.Origin{Cell: 0xA9B40012, Pos: physics.Vec3{X: 60, Y: 70, Z: 80}}
	um.Movement.MoveTo = protocol.MoveToParameters{MovementParams: 0x1EE0F, DistanceToObject: 0.6,
		FailDistance: 1e9, Speed: 1, WalkRunThreshold: 15}
	um.Movement.RunRate = 1
	viaBytes(t, w, um)
	if o.Movement.MoveTo == nil || !o.Movement.MoveTo.IsMovingTo() {
		t.Fatal("type 7 must start the MoveToManager")
	}
	for range 400 {
		w.Step(0.05)
	}
	target := physics.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 60, Y: 70, Z: 80}}}
	p := o.Phys.Position
	p.Frame.Origin.Z = 80
	if d := dat.GlobalDistance(p, target); d > 1.5 {
		t.Fatalf("ended %v units from the target at cell 0x%08X %v", d, o.Phys.Position.Cell, o.Phys.Position.Frame.Origin)
	}
	if o.Movement.MoveTo.IsMovingTo() {
		t.Fatal("the MoveTo should have finished")
	}
	done := false
	for _, e := range rec.Events {
		if e.Message == "MoveTo" && e.Detail == "done: 0x00" {
			done = true
		}
	}
	if !done {
		t.Fatal("completion not reported")
	}
}

func TestJumpLeavesTheGroundAndLands(t *testing.T) {
	w, _ := sampleWorld(t)
	withTerrain(t, w)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	at := o.Phys.Position.Frame.Origin
	ground, ok := w.Ground.GroundZ(o.Phys.Position.Cell, at.X, at.Y)
	if !ok {
		t.Fatal("no terrain under the object")
	}
	o.Phys.Position.Frame.Origin.Z = ground
	o.Phys.Velocity.Z = 5 // LeaveGround's launch
	peak := ground
	landedAt := -1
	for i := 0; i < 60; i++ {
		w.Step(0.05)
		z := o.Phys.Position.Frame.Origin.Z
		peak = max(peak, z)
		if i > 0 && landedAt < 0 && o.Phys.Transient.Has(physics.TransientOnWalkable) {
			landedAt = i
		}
	}
	if peak < ground+1 {
		t.Fatalf("peak %v above ground %v: the jump never left the ground", peak, ground)
	}
	// It lands with its sphere resting on the terrain: on this slope the
	// foot stays a few thousandths above the height at its point.
	if z := o.Phys.Position.Frame.Origin.Z; landedAt < 0 || o.Phys.Velocity != (physics.Vec3{}) || z < ground || z > ground+0.02 {
		t.Fatalf("landed at step %d, velocity %v, z %v (ground %v)", landedAt, o.Phys.Velocity, o.Phys.Position.Frame.Origin.Z, ground)
	}
}

// TestMovementStampStoredBeforeServerControlGate pins seed 004 Q1
// (CPhysics::SetObjectMovement, 0x00509690): update_times[1] = seqA is
// stored right after the movement gate, before the server-control gate, so
// a packet that the server-control gate drops has still consumed its
// movement stamp. After (mv 5, ctl 3) is accepted and (6, 2) is dropped by
// the second gate, (6, 3) is stale and (7, 3) is accepted.
func TestMovementStampStoredBeforeServerControlGate(t *testing.T) {
	w, rec := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	send := func(mv, ctl uint16, fwd uint32) Reason {
		um := &protocol.UpdateMotion{Guid: 0x50000001, InstanceSequence: 1, MovementSequence: mv, ServerControlSequence: ctl}
		um.Movement.State.Flags = protocol.IMSForwardCommand
		um.Movement.State.ForwardCommand = fwd
		rec.Reset()
		viaBytes(t, w, um)
		for _, e := range rec.Events {
			if e.Kind == KindMessage && e.Message == "UpdateMotion" {
				return e.Reason
			}
		}
		t.Fatalf("(%d, %d) was not traced", mv, ctl)
		return ""
	}
	fwd := func() uint32 { return o.Movement.Interp.Interpreted.ForwardCommand }
	if r := send(5, 3, motion.WalkForward); r != "" || fwd() != motion.WalkForward {
		t.Fatalf("(5, 3): reason %q, forward %s; want applied", r, motioncmd.Name(fwd()))
	}
	if r := send(6, 2, motion.RunForward); r != ReasonStaleMovementSequence || fwd() != motion.WalkForward {
		t.Fatalf("(6, 2): reason %q, forward %s; want dropped by the server-control gate", r, motioncmd.Name(fwd()))
	}
	if got := o.Phys.UpdateTimes[protocol.SeqMovement]; got != 6 {
		t.Fatalf("update_times[1] = %d after (6, 2); the movement gate stores it before the server-control gate", got)
	}
	if got := o.Phys.UpdateTimes[protocol.SeqServerControl]; got != 3 {
		t.Fatalf("update_times[5] = %d after (6, 2); a dropped server-control stamp is not stored", got)
	}
	if r := send(6, 3, motion.RunForward); r != ReasonStaleMovementSequence || fwd() != motion.WalkForward {
		t.Fatalf("(6, 3): reason %q, forward %s; want stale (movement stamp 6 already consumed)", r, motioncmd.Name(fwd()))
	}
	if r := send(7, 3, motion.RunForward); r != "" || fwd() != motion.RunForward {
		t.Fatalf("(7, 3): reason %q, forward %s; want applied", r, motioncmd.Name(fwd()))
	}
}
