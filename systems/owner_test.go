package systems

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/sampleworld"
)

// busyWorld is a sample world whose objects have grown managers at run
// time: a creature with a MoveTo in progress (MovementManager and
// MoveToManager added after spawn), one playing an effect (ScriptManager
// and ParticleManager), one interpolating, and a bare object given a
// MovementManager later (an archetype change).
func busyWorld(t *testing.T, traced bool) *World {
	t.Helper()
	w, _ := sampleWorld(t)
	if !traced {
		w.Trace = nil
	}
	viaBytes(t, w, human(0x50000001, motion.Ready))
	um := &protocol.UpdateMotion{Guid: 0x50000001, InstanceSequence: 1, MovementSequence: 1}
	um.Movement.Type = protocol.MovementMoveToPosition
	um.Movement.Origin = protocol.Origin{Cell: 0xA9B40012, Pos: physics.Vec3{X: 60, Y: 70, Z: 80}}
	um.Movement.MoveTo = protocol.MoveToParameters{MovementParams: 0x1EE0F, DistanceToObject: 0.6,
		FailDistance: 1e9, Speed: 1, WalkRunThreshold: 15}
	um.Movement.RunRate = 1
	viaBytes(t, w, um)

	fx := human(0x50000002, motion.WalkForward)
	fx.Physics.Flags |= protocol.PhysicsPeTable
	fx.Physics.PhysicsScriptTable = sampleworld.HumanScriptTable
	viaBytes(t, w, fx)
	viaBytes(t, w, &protocol.PlayEffect{Guid: 0x50000002, Script: 1, Speed: 1})

	viaBytes(t, w, human(0x50000003, motion.Ready))
	up := &protocol.UpdatePosition{Guid: 0x50000003, InstanceSequence: 1, PositionSequence: 1}
	up.Position = protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 64, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}}
	viaBytes(t, w, up)

	viaBytes(t, w, bareObject(0x50000004))
	if w.Object(0x50000004).Movement != nil {
		t.Fatal("setup: the bare object should start without a MovementManager")
	}
	um4 := &protocol.UpdateMotion{Guid: 0x50000004, InstanceSequence: 1, MovementSequence: 1}
	um4.Movement.State.Flags = protocol.IMSForwardCommand
	um4.Movement.State.ForwardCommand = motion.WalkForward
	viaBytes(t, w, um4)
	return w
}

// bareObject is a CreateObject for the sample humanoid's Setup with no
// motion table, movement or managers beyond the defaults.
func bareObject(guid uint32) *protocol.CreateObject {
	m := &protocol.CreateObject{Guid: guid}
	m.Physics.Flags = protocol.PhysicsCSetup | protocol.PhysicsPosition
	m.Physics.Setup = sampleworld.HumanSetup
	m.Physics.Position = protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 50, Y: 50, Z: 80}, Orientation: physics.IdentityQuat}}
	m.Physics.Timestamps[protocol.SeqInstance] = 1
	return m
}

// TestOneOwnerLinksAgreeWithTheECS checks the one-owner rule: after
// managers were added at run time (archetype changes) and the world ran,
// every retail link inside an object's components points at that object's
// own component as donburi stores it; breaking any link is caught and
// named.
func TestOneOwnerLinksAgreeWithTheECS(t *testing.T) {
	w := busyWorld(t, true)
	for range 20 {
		w.Step(0.05)
	}
	if err := w.Verify(); err != nil {
		t.Fatal(err)
	}
	o := w.Object(0x50000001)
	if o.Movement == nil || o.Movement.MoveTo == nil || o.Motion.Movement != o.Movement {
		t.Fatal("setup: the MoveTo mover lacks its MovementManager link")
	}
	stray := &motion.PartArray{}
	strayMM := &managers.MovementManager{}
	strayPhys := physics.NewObject(0x50000001)
	breaks := []struct {
		link         string
		break_, mend func()
	}{
		{"Motion.Phys", func() { o.Motion.Phys = strayPhys }, func() { o.Motion.Phys = o.Phys }},
		{"Motion.Parts", func() { o.Motion.Parts = stray }, func() { o.Motion.Parts = o.Parts }},
		{"Motion.Movement", func() { o.Motion.Movement = strayMM }, func() { o.Motion.Movement = o.Movement }},
		{"PartArray.Sequence.Hooks", func() { o.Parts.Sequence.Hooks = motion.NewObject(strayPhys, nil) }, func() { o.Parts.Sequence.Hooks = o.Motion }},
		{"PartArray.Manager.Owner", func() { o.Parts.Manager.Owner = motion.NewObject(strayPhys, nil) }, func() { o.Parts.Manager.Owner = o.Motion }},
		{"MovementManager.Interp.Body", func() { o.Movement.Interp.Body = motion.NewObject(strayPhys, nil) }, func() { o.Movement.Interp.Body = o.Motion }},
	}
	for _, b := range breaks {
		b.break_()
		err := w.Verify()
		b.mend()
		if err == nil || !strings.Contains(err.Error(), b.link) {
			t.Errorf("breaking %s: Verify said %v", b.link, err)
		}
	}
	if err := w.Verify(); err != nil {
		t.Fatalf("after mending: %v", err)
	}
	w.Remove(0x50000002)
	if err := w.Verify(); err != nil {
		t.Fatalf("after a removal: %v", err)
	}
	delete(w.byGUID, 0x50000003)
	if err := w.Verify(); err == nil {
		t.Fatal("an object missing from the guid index must fail Verify")
	}
}

// TestMoveToSeesHitGroundOnLanding: MovementManager::HitGround reaches the
// MoveToManager as well as the interpreter, so a MoveTo in progress
// restarts its head leg when its mover lands (BeginMoveForward stamps the
// leg's start time).
func TestMoveToSeesHitGroundOnLanding(t *testing.T) {
	w := busyWorld(t, false)
	withTerrain(t, w)
	for range 10 {
		w.Step(0.05)
	}
	o := w.Object(0x50000001)
	mt := o.Movement.MoveTo
	if !mt.IsMovingTo() || o.Phys.Transient&physics.TransientOnWalkable == 0 {
		t.Fatal("setup: want a grounded mover with its MoveTo in progress")
	}
	legStart := mt.OriginalDistanceTime
	o.Phys.Velocity.Z = 4 // launched: the next transition leaves the ground
	landedAt := -1.0
	for i := 0; i < 80 && landedAt < 0; i++ {
		w.Step(0.05)
		if i > 0 && o.Phys.Transient.Has(physics.TransientOnWalkable) {
			landedAt = w.Now
		}
	}
	if landedAt < 0 {
		t.Fatal("the mover never landed")
	}
	if mt.OriginalDistanceTime <= legStart+0.3 || mt.OriginalDistanceTime > landedAt {
		t.Fatalf("the MoveTo leg began at %.2f and last restarted at %.2f; landing at %.2f must restart it (MoveToManager::HitGround)",
			legStart, mt.OriginalDistanceTime, landedAt)
	}
}

// TestSleepingManagersChangeNothing runs the same busy world with tracing
// on (every present manager loaded every quantum) and off (idle managers
// asleep, not loaded) and requires the same state after every frame.
func TestSleepingManagersChangeNothing(t *testing.T) {
	traced, plain := busyWorld(t, true), busyWorld(t, false)
	for f := 0; f < 120; f++ {
		traced.Step(0.05)
		plain.Step(0.05)
		if f == 60 { // give a sleeping manager work mid-run
			for _, w := range []*World{traced, plain} {
				viaBytes(t, w, &protocol.PlayEffect{Guid: 0x50000002, Script: 1, Speed: 1})
			}
		}
		for _, g := range []uint32{0x50000001, 0x50000002, 0x50000003, 0x50000004} {
			a, b := snapshot(traced, g), snapshot(plain, g)
			if a != b {
				t.Fatalf("frame %d, 0x%08X: traced %+v\nuntraced %+v", f, g, a, b)
			}
		}
	}
	if traced.Object(0x50000002).Particle.Count() == 0 {
		t.Fatal("setup: the effect never made particles")
	}
}

type objState struct {
	pos              physics.Position
	vel              physics.Vec3
	frame            float64
	anim             uint32
	pending, scripts int
	particles        int
	interpolating    bool
}

func snapshot(w *World, guid uint32) objState {
	e, _ := w.Entity(guid)
	v := components.Resolve(w.ECS, e) // read-only: wakes nothing
	s := objState{pos: v.Phys.Position, vel: v.Phys.Velocity, frame: v.Parts.Sequence.FrameNumber}
	if n := v.Parts.Sequence.CurrAnim(); n != nil && n.Anim != nil {
		s.anim = n.Anim.ID
	}
	if v.Parts.Manager != nil {
		s.pending = len(v.Parts.Manager.Pending)
	}
	if v.Script != nil {
		s.scripts = v.Script.Pending()
	}
	if v.Particle != nil {
		s.particles = v.Particle.Count()
	}
	if v.Position != nil {
		s.interpolating = v.Position.Interpolating
	}
	return s
}

// TestPresenterRepublishesOnlyChanges: an object whose sampled frame and
// root stay the same is not republished (its revision holds); moving it
// republishes the root, a new animation frame the poses.
func TestPresenterRepublishesOnlyChanges(t *testing.T) {
	w, _ := sampleWorld(t)
	w.Trace = nil
	viaBytes(t, w, bareObject(0x50000004))
	w.Step(0.05)
	o := w.Object(0x50000004)
	rev, visual := o.Pres.Revision, &o.Pres.Visual[0]
	for range 10 {
		w.Step(0.05)
	}
	if o.Pres.Revision != rev {
		t.Fatalf("a still object was republished %d times", o.Pres.Revision-rev)
	}
	o.Phys.Position.Frame.Origin.X += 1
	w.Step(0.05)
	if o.Pres.Revision != rev+1 || o.Pres.Root != o.Phys.Position || &o.Pres.Visual[0] != visual {
		t.Fatalf("moving the object: revision %d→%d, root %v", rev, o.Pres.Revision, o.Pres.Root)
	}
	viaBytes(t, w, human(0x50000001, motion.WalkForward))
	walker := w.Object(0x50000001)
	w.Step(0.05)
	before := walker.Pres.Visual[1]
	changed := false
	for range 10 {
		w.Step(0.05)
		changed = changed || walker.Pres.Visual[1] != before
	}
	if !changed {
		t.Fatal("a walking object's poses were never republished")
	}
}

// TestRemovalKeepsTheIndex removes objects from the middle, the end and
// the static workset, interleaved with spawns, and checks after each that
// the guid index names every object's entity and place.
func TestRemovalKeepsTheIndex(t *testing.T) {
	w := NewWorld()
	setup, mt, anims := humanoid(nil)
	for i := 0; i < 50; i++ {
		spawnShared(t, w, 0x50000000+uint32(i), setup, mt, anims)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	live := map[uint32]bool{}
	for i := 0; i < 50; i++ {
		live[0x50000000+uint32(i)] = true
	}
	next := uint32(0x50001000)
	for step := 0; step < 400; step++ {
		if rng.IntN(3) == 0 {
			spawnShared(t, w, next, setup, mt, anims)
			live[next] = true
			next++
		} else {
			for g := range live {
				if !w.Remove(g) {
					t.Fatalf("step %d: Remove(0x%08X) found nothing", step, g)
				}
				delete(live, g)
				break
			}
		}
		if err := w.Verify(); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		if w.Len() != len(live) || len(w.Objects) != len(live) {
			t.Fatalf("step %d: %d indexed, %d listed, %d live", step, w.Len(), len(w.Objects), len(live))
		}
	}
	if w.Remove(0x4FFFFFFF) {
		t.Fatal("removing an unknown guid reported success")
	}
}

// TestPresenterRevisionPerChange: the presentation revision counts
// changes, not publishes (docs/schedule.md, Frame::presenter). A walking
// object republishes every frame; once hidden, its part array no longer
// advances and its root no longer moves, so its revision holds frame after
// frame; shown again, it moves and the revision climbs again.
func TestPresenterRevisionPerChange(t *testing.T) {
	w, _ := sampleWorld(t)
	w.Trace = nil
	viaBytes(t, w, human(0x50000001, motion.WalkForward))
	o := w.Object(0x50000001)
	w.Step(0.05)
	rev := o.Pres.Revision
	w.Step(0.05)
	if o.Pres.Revision != rev+1 {
		t.Fatalf("a walking object: revision %d→%d in one frame, want one publish", rev, o.Pres.Revision)
	}
	viaBytes(t, w, &protocol.SetState{Guid: 0x50000001, State: uint32(physics.StateHidden), InstanceSequence: 1, StateSequence: 1})
	w.Step(0.05)
	rev = o.Pres.Revision
	for i := range 10 {
		w.Step(0.05)
		if o.Pres.Revision != rev {
			t.Fatalf("hidden, frame %d: revision %d→%d", i, rev, o.Pres.Revision)
		}
	}
	viaBytes(t, w, &protocol.SetState{Guid: 0x50000001, State: 0, InstanceSequence: 1, StateSequence: 2})
	w.Step(0.05)
	w.Step(0.05)
	if o.Pres.Revision <= rev {
		t.Fatalf("shown again and walking: revision stayed %d", o.Pres.Revision)
	}
}

// TestPublishedPosesMatchTheFrames: the presenter hands each rebuild's
// pose buffers to the Presentation and takes the previous ones back, so
// after every frame the published matrices must be exactly the ones the
// part frames sampled last build — never a buffer from an earlier frame —
// for a walker at unit scale, one at object scale 1.5 and one whose Setup
// scales a part (the multiplied-out path).
func TestPublishedPosesMatchTheFrames(t *testing.T) {
	w := NewWorld()
	setup, mt, anims := humanoid(nil)
	scaled := *setup
	scaled.DefaultScale = []physics.Vec3{{X: 1, Y: 1, Z: 1}, {X: 2, Y: 1, Z: 0.5}}
	walkers := []*components.View{
		spawnShared(t, w, 0x50000001, setup, mt, anims),
		spawnShared(t, w, 0x50000002, setup, mt, anims),
		spawnShared(t, w, 0x50000003, &scaled, mt, anims),
	}
	walkers[1].Phys.Scale = 1.5
	for _, o := range walkers {
		s := motion.DefaultInterpretedState()
		s.ForwardCommand = motion.WalkForward
		w.Interp(o).MoveToInterpretedState(&s)
	}
	rebuilt := 0
	for frame := range 40 {
		w.Step(0.05)
		for _, o := range walkers {
			o = w.Object(o.Phys.GUID)
			pa := o.Parts
			if len(o.Pres.Visual) != len(pa.Poses.Frames) || len(o.Pres.Rigid) != len(pa.Poses.Frames) {
				t.Fatalf("frame %d, 0x%08X: %d/%d published poses for %d parts", frame, o.Phys.GUID, len(o.Pres.Visual), len(o.Pres.Rigid), len(pa.Poses.Frames))
			}
			for i, f := range pa.Poses.Frames {
				visual, rigid := motion.PartPose(f, pa.Setup.PartScale(i), pa.Scale)
				if o.Pres.Visual[i] != visual || o.Pres.Rigid[i] != rigid {
					t.Fatalf("frame %d, 0x%08X part %d: published %v / %v, the frames give %v / %v",
						frame, o.Phys.GUID, i, o.Pres.Visual[i], o.Pres.Rigid[i], visual, rigid)
				}
			}
			if &o.Pres.Visual[0] != &pa.Poses.Visual[0] {
				rebuilt++ // the buffers were handed over at least once
			}
		}
	}
	if rebuilt == 0 {
		t.Fatal("the presenter never handed pose buffers over")
	}
	if got := walkers[2].Pres.Visual[1][0][0]; got == walkers[2].Pres.Rigid[1][0][0] && got != 0 {
		t.Fatalf("the part scaled by its Setup was drawn unscaled: visual %v rigid %v", walkers[2].Pres.Visual[1], walkers[2].Pres.Rigid[1])
	}
}
