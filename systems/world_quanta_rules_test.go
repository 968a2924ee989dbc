package systems

import (
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// The tests in this file pin the world.go, collide.go and teleport.go
// rules that the third systems/ mutation pass (docs/testing.md) left
// untriaged: the view ResolveActive loads around the quanta, the work bits
// Sleep clears, the local player's lookup, and the broad-phase body of an
// object that leaves mid-frame.

// TestTracedTickRunsEveryPresentManager pins ResolveActive's `all` under
// a trace (mutants world.go:318:42 and :356:40, `w.Trace != nil` → `==`).
// Seed 000: UpdateObjectInternal calls each manager that exists
// (`if position_manager != null …`) every quantum, busy or not, and
// animate_static_object its ScriptManager and ParticleManager; dereth skips
// an idle manager's stage only untraced, where the skip changes nothing.
// A trace shows them all, so a traced frame after the managers went idle
// still lists every present manager's stage.
func TestTracedTickRunsEveryPresentManager(t *testing.T) {
	w := NewWorld()
	rec := &Recorder{}
	w.Trace = rec
	c := spawnCreature(t, w, 0x50000001, nil) // carries every manager
	s := spawnStatic(t, w, 0x70000001)
	s.Phys.State |= physics.StateHasDefaultScript
	components.AddParticleManager(w.ECS, s)
	components.AddScriptManager(w.ECS, s)
	w.Step(0.05)
	w.Step(0.05)
	if c.Phys.Work != 0 || s.Phys.Work&(physics.WorkParticle|physics.WorkScript) != 0 {
		t.Fatalf("setup: work bits creature %#x, static %#x after two frames; want every idle manager asleep", c.Phys.Work, s.Phys.Work)
	}
	rec.Events = rec.Events[:0]
	w.Step(0.05)
	got := stages(rec, 0x50000001, "ordinary")
	for _, want := range []string{StageAdjustOffset, StageCheckDetection, StageHandleTargetting, StageMovementUseTime,
		StagePositionUseTime, StageUpdateParticles, StageUpdateScripts} {
		if count(got, want) != 1 {
			t.Errorf("traced creature ran %q %d times in one quantum, want once: %v", want, count(got, want), got)
		}
	}
	got = stages(rec, 0x70000001, "static")
	for _, want := range []string{StageUpdateScripts, StageUpdateParticles} {
		if count(got, want) != 1 {
			t.Errorf("traced static object ran %q %d times, want once: %v", want, count(got, want), got)
		}
	}
}

// TestIdleManagersGoBackToSleep pins the Sleep after the quanta (mutants
// world.go:324:3 and :361:2, the Sleep dropped): an update ends by clearing
// the work bit of every loaded manager with nothing to do (physics.Work),
// for ordinary and static objects alike, so the next untraced update skips
// loading it; a manager with work keeps its bit.
func TestIdleManagersGoBackToSleep(t *testing.T) {
	w := NewWorld()
	c := spawnCreature(t, w, 0x50000001, nil)
	s := spawnStatic(t, w, 0x70000001)
	components.AddParticleManager(w.ECS, s)
	if c.Phys.Work&physics.WorkPosition == 0 || s.Phys.Work&physics.WorkParticle == 0 {
		t.Fatalf("setup: work bits creature %#x, static %#x; want the new managers awake", c.Phys.Work, s.Phys.Work)
	}
	w.Step(0.05)
	if c.Phys.Work != 0 {
		t.Errorf("creature's work bits %#x after an idle update, want 0", c.Phys.Work)
	}
	// (The bits of managers the object lacks are never loaded, so never
	// cleared: only its ParticleManager's counts.)
	if s.Phys.Work&physics.WorkParticle != 0 {
		t.Errorf("static object's work bits %#x after an idle update, want the ParticleManager's clear", s.Phys.Work)
	}
}

// TestStaticScheduleSeesAStaticView pins View.Static in the static
// schedule (mutants world.go:357:2 and :357:17): a contributor stage of
// the static schedule is handed a view marked Static (a member of
// static_animating_objects); one of the ordinary schedule a view that is
// not.
func TestStaticScheduleSeesAStaticView(t *testing.T) {
	w := NewWorld()
	seen := map[uint32][]bool{}
	probe := func(w *World, o *components.View, t *Tick) { seen[o.Phys.GUID] = append(seen[o.Phys.GUID], o.Static) }
	if err := w.StaticSched.Insert(Before(StagePartArrayUpdate), Stage{Name: "probe", Run: probe}); err != nil {
		t.Fatal(err)
	}
	if err := w.Ordinary.Insert(Before(StagePartArrayUpdate), Stage{Name: "probe", Run: probe}); err != nil {
		t.Fatal(err)
	}
	spawnStatic(t, w, 0x70000001)
	spawnCreature(t, w, 0x50000001, nil)
	w.Step(0.05)
	if s, c := seen[0x70000001], seen[0x50000001]; len(s) != 1 || !s[0] || len(c) != 1 || c[0] {
		t.Fatalf("View.Static seen by the contributor: static object %v, creature %v; want [true], [false]", s, c)
	}
}

// TestQuantumStartsWithAFreshTick pins the Tick each quantum starts with
// (mutant world.go:334:90, Moved false → true): a contributor stage before
// Frame::combine sees the quantum's Dt, the identity delta, the current
// frame as the candidate and Moved false — nothing has moved yet.
func TestQuantumStartsWithAFreshTick(t *testing.T) {
	w := NewWorld()
	var got []Tick
	probe := func(w *World, o *components.View, t *Tick) { got = append(got, *t) }
	if err := w.Ordinary.Insert(Before(StageUpdateObjectInternal), Stage{Name: "probe", Run: probe}); err != nil {
		t.Fatal(err)
	}
	c := spawnCreature(t, w, 0x50000001, nil)
	c.Phys.Velocity = physics.Vec3{X: 1} // it moves every quantum
	w.Step(0.05)
	w.Step(0.05)
	if len(got) != 2 {
		t.Fatalf("the contributor ran %d times in two frames, want 2", len(got))
	}
	for i, tk := range got {
		if tk.Moved || tk.Delta != physics.IdentityFrame || tk.Dt != 0.05 {
			t.Errorf("quantum %d started with %+v; want Dt 0.05, the identity delta, Moved false", i, tk)
		}
	}
	if got[1].Candidate == got[0].Candidate {
		t.Errorf("the second quantum's candidate %+v is the first's: want the object's frame as the first quantum left it", got[1].Candidate)
	}
}

// TestCelllessStaticObjectDoesNotAnimate pins animate_static_object's
// first return (seed 000: "if cell == null: return"; mutant world.go:348:24
// `0` → `1`): a static object in no cell neither animates nor rebases its
// clock; in a cell it does.
func TestCelllessStaticObjectDoesNotAnimate(t *testing.T) {
	w := NewWorld()
	s := spawnStatic(t, w, 0x70000001)
	s.Phys.Position.Cell = 0
	f0, t0 := s.Parts.Sequence.FrameNumber, s.Phys.UpdateTime
	w.Step(0.05)
	if s.Parts.Sequence.FrameNumber != f0 || s.Phys.UpdateTime != t0 {
		t.Fatalf("a cell-less static object moved from frame %v to %v, update_time %v to %v; want neither", f0, s.Parts.Sequence.FrameNumber, t0, s.Phys.UpdateTime)
	}
	s.Phys.Position.Cell = 0x01010001
	w.Step(0.05)
	if s.Parts.Sequence.FrameNumber == f0 || s.Phys.UpdateTime != w.Now {
		t.Fatalf("back in a cell: frame %v (was %v), update_time %v (now %v); want it animated and rebased", s.Parts.Sequence.FrameNumber, f0, s.Phys.UpdateTime, w.Now)
	}
}

// TestActiveFollowsTheCurrentPlayer pins localPlayer's cache key (mutant
// world.go:375:38 `!=` → `==`): the view-distance refresh measures from
// whichever object PlayerGUID names now; changing it, with no object
// spawned or removed in between, moves the 96-unit circle at the next
// update.
func TestActiveFollowsTheCurrentPlayer(t *testing.T) {
	w := NewWorld()
	a := spawnCreature(t, w, 0x50000001, nil)
	b := spawnCreature(t, w, 0x50000002, nil)
	o := spawnCreature(t, w, 0x50000003, nil)
	b.Phys.Position.Frame.Origin = physics.Vec3{X: 150}
	o.Phys.Position.Frame.Origin = physics.Vec3{X: 140}
	w.PlayerGUID = a.Phys.GUID
	w.Step(0.05)
	if o.Phys.Transient.Has(physics.TransientActive) {
		t.Fatal("setup: an object 140 units from the player is Active")
	}
	w.PlayerGUID = b.Phys.GUID
	w.Step(0.05)
	if !o.Phys.Transient.Has(physics.TransientActive) || a.Phys.Transient.Has(physics.TransientActive) {
		t.Fatalf("after the player changed to 0x%08X: the object 10 units from it Active %v, the old player 150 units away Active %v; want true, false",
			b.Phys.GUID, o.Phys.Transient.Has(physics.TransientActive), a.Phys.Transient.Has(physics.TransientActive))
	}
}

// TestPlayerOfGuidOneCounts pins localPlayer's guard (mutant
// world.go:377:61 `0` → `1`): only guid 0 means "no player"; a player of
// guid 1 (a scenario's object) is looked up like any other.
func TestPlayerOfGuidOneCounts(t *testing.T) {
	w := NewWorld()
	spawnCreature(t, w, 1, nil)
	far := spawnCreature(t, w, 0x50000002, nil)
	far.Phys.Position.Frame.Origin = physics.Vec3{X: 150}
	w.PlayerGUID = 1
	w.Step(0.05)
	if far.Phys.Transient.Has(physics.TransientActive) {
		t.Fatal("an object 150 units from the player of guid 1 stayed Active: the player was not found")
	}
}

// TestPlayersOwnActiveIsNotRefreshed pins refreshActive's first guard
// (mutant world.go:386:23 `||` → `&&`): seed 004's player_distance gate
// sets Active for a non-player object by its distance to the player; the
// player itself is not refreshed, so a player created inactive stays
// inactive, while another object on the same spot becomes Active.
func TestPlayersOwnActiveIsNotRefreshed(t *testing.T) {
	w := NewWorld()
	setup, mt, anims := humanoid(nil)
	d, _ := archetypes.FromTemplate("creature")
	d.GUID, d.Cell, d.Inactive = 0x50000001, 0x01010001, true
	d.Setup, d.MotionTable, d.Anims = setup, mt, anims
	pl, err := w.Spawn(d)
	if err != nil {
		t.Fatal(err)
	}
	d.GUID = 0x50000002
	other, err := w.Spawn(d)
	if err != nil {
		t.Fatal(err)
	}
	w.PlayerGUID = pl.Phys.GUID
	w.Step(0.05)
	if pl.Phys.Transient.Has(physics.TransientActive) || !other.Phys.Transient.Has(physics.TransientActive) {
		t.Fatalf("after an update: player Active %v, the other object Active %v; want false (not refreshed), true (within 96 units)",
			pl.Phys.Transient.Has(physics.TransientActive), other.Phys.Transient.Has(physics.TransientActive))
	}
}

// TestRemovalDropsTheBodyAtOnce pins Remove's dropBody (mutant
// world.go:255:2): a removed object's body leaves the broad phase at the
// removal, not at the next frame's sync, so a removal during a frame (a
// hook's observer, a contributor stage) frees its place for every sweep
// after it in the same frame.
func TestRemovalDropsTheBodyAtOnce(t *testing.T) {
	w := collideWorld(t)
	bp := w.Broadphase()
	viaBytes(t, w, human(0x50000001, motion.Ready))
	viaBytes(t, w, human(0x50000002, motion.Ready))
	w.Object(0x50000002).Phys.Position.Frame.Origin.X += 5
	w.Step(0.05)
	if n := bp.Bodies(); n != 2 {
		t.Fatalf("setup: %d bodies for two solid humans, want 2", n)
	}
	w.Remove(0x50000002)
	if n := bp.Bodies(); n != 1 {
		t.Fatalf("%d bodies right after a removal, want 1", n)
	}
}

// TestTurningEtherealMidFrameDropsTheBody pins placeBody's Drop (mutant
// collide.go:125:3): an object that turns ethereal during a frame, after
// the frame's body sync, loses its body at its own transition, not at the
// next sync, so the sweeps after it in the same frame pass through it.
func TestTurningEtherealMidFrameDropsTheBody(t *testing.T) {
	w := collideWorld(t)
	bp := w.Broadphase()
	walker(t, w, 0x50000001, 60, 40, 0)
	for range 10 { // past the ready→walk link
		w.Step(0.05)
	}
	if n := bp.Bodies(); n != 1 {
		t.Fatalf("setup: %d bodies for a solid walker, want 1", n)
	}
	turn := func(w *World, o *components.View, t *Tick) { o.Phys.State |= physics.StateEthereal }
	if err := w.Ordinary.Insert(Before(StageTransition), Stage{Name: "turn ethereal", Run: turn}); err != nil {
		t.Fatal(err)
	}
	before := origin(w, 0x50000001)
	w.Step(0.05)
	if origin(w, 0x50000001) == before {
		t.Fatal("setup: the walker did not move, so no transition ran")
	}
	if n := bp.Bodies(); n != 0 {
		t.Fatalf("%d bodies after the walker turned ethereal and moved, want 0", n)
	}
}

// TestRevealBoundaryNeedsACommittedArrival pins revealBoundary's own
// guard (mutant teleport.go:244:21 `||` → `&&`): the body reveals only an
// arrival committed earlier. Run without one (its frame step's condition
// is a contributor's to change), it neither reveals nor ends a travel,
// however ready the streamer and however recent the player's update.
func TestRevealBoundaryNeedsACommittedArrival(t *testing.T) {
	w := NewWorld()
	rec := &Recorder{}
	w.Trace = rec
	w.Stream = &gate{ready: true}
	pl := spawnCreature(t, w, 0x50000001, nil)
	w.PlayerGUID = pl.Phys.GUID
	w.Step(0.05)
	if pl.Phys.UpdateTime <= 0 {
		t.Fatal("setup: the player has not updated")
	}
	revealBoundary(w)
	if got := travelSteps(rec); got != "" {
		t.Fatalf("travel events %q without an arrival, want none", got)
	}
	// A travel under way, not yet committed, with no player to reveal:
	// the travel stays.
	w.Stream = &gate{}
	w.SmartBox.travel = travel{haveDest: true, dest: destB, kind: "test"}
	w.PlayerGUID = 0x50000009
	revealBoundary(w)
	if tr := w.SmartBox.travel; !tr.haveDest || tr.dest != destB {
		t.Fatalf("travel %+v after the reveal boundary, want the uncommitted travel kept", tr)
	}
}
