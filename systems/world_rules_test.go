package systems

import (
	"math"
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/physics"
)

// TestSpawnStartsTheObjectsClockNow: an object spawned late in a world's
// life has its update_time set to the spawn time, so its first frame runs
// one quantum of that frame's length (not the whole life of the world,
// which is above HugeQuantum and would be discarded).
func TestSpawnStartsTheObjectsClockNow(t *testing.T) {
	const id = 0x33000030
	w := NewWorld()
	w.Scripts[id] = &managers.Script{ID: id, Hooks: []managers.ScriptHook{{Time: 0.04, Hook: dat.AnimHook{Type: dat.HookNoDraw, On: true}}}}
	for range 100 {
		w.Step(0.05) // 5 s: above HugeQuantum
	}
	if w.Now <= physics.HugeQuantum {
		t.Fatalf("setup: the world is only %v s old", w.Now)
	}
	o := spawnCreature(t, w, 0x50000001, nil)
	if o.Phys.UpdateTime != w.Now {
		t.Fatalf("update_time %v at spawn, want now (%v)", o.Phys.UpdateTime, w.Now)
	}
	w.PlayScript(o, id, 0)
	w.Step(0.05)
	if !w.Object(0x50000001).Phys.State.Has(physics.StateNoDraw) {
		t.Fatal("the first frame after a late spawn did not run the object's 0.05 s quantum")
	}
}

// TestPlayerLookupFollowsSpawnAndRemove pins the local player's cache
// (localPlayer): the player spawned after PlayerGUID was set is found at
// the next frame, and once it is removed no object is refreshed against
// its old place (without a player every object keeps its Active bit).
func TestPlayerLookupFollowsSpawnAndRemove(t *testing.T) {
	w := NewWorld()
	const player = 0x50000000
	w.PlayerGUID = player
	a := spawnCreature(t, w, 0x50000001, nil)
	w.Step(0.05)
	if !a.Phys.Transient.Has(physics.TransientActive) {
		t.Fatal("setup: without a player the object must stay Active")
	}
	p := spawnCreature(t, w, player, nil)
	p.Phys.Position.Frame.Origin = physics.Vec3{X: 150}
	w.Step(0.05)
	if a.Phys.Transient.Has(physics.TransientActive) {
		t.Fatal("the player spawned 150 units away was not seen: the object stayed Active")
	}
	if !w.Remove(player) {
		t.Fatal("Remove(player) found nothing")
	}
	a = w.Object(0x50000001)
	a.Phys.Position.Frame.Origin = physics.Vec3{X: 140}
	w.Step(0.05)
	if a.Phys.Transient.Has(physics.TransientActive) {
		t.Fatal("after the player's removal the object was refreshed against a stale player")
	}
}

// TestPlayerDistanceIsSeed004s96: the player_distance gate is seed 004's
// literal 96f, checked with the seed's number rather than the constant: an
// object exactly 96 units away stays Active, the next float32 beyond is
// not.
func TestPlayerDistanceIsSeed004s96(t *testing.T) {
	w := NewWorld()
	p := spawnCreature(t, w, 0x50000000, nil)
	w.PlayerGUID = p.Phys.GUID
	in := spawnCreature(t, w, 0x50000001, nil)
	out := spawnCreature(t, w, 0x50000002, nil)
	in.Phys.Position.Frame.Origin = physics.Vec3{Y: 96}
	out.Phys.Position.Frame.Origin = physics.Vec3{Y: math.Nextafter32(96, 97)}
	w.Step(0.05)
	if !in.Phys.Transient.Has(physics.TransientActive) || out.Phys.Transient.Has(physics.TransientActive) {
		t.Fatalf("active at 96: %v, just beyond: %v; want true, false", in.Phys.Transient.Has(physics.TransientActive), out.Phys.Transient.Has(physics.TransientActive))
	}
}

// TestStaticWorksetIndex: static objects are indexed by guid with their
// place in the static workset, apart from the object table; removing one
// from the middle moves the workset's last into its place and leaves the
// object table alone.
func TestStaticWorksetIndex(t *testing.T) {
	w := NewWorld()
	for i := uint32(0); i < 3; i++ {
		spawnCreature(t, w, 0x50000000+i, nil)
		spawnStatic(t, w, 0x70000000+i)
	}
	if len(w.Objects) != 3 || len(w.Static) != 3 || w.Len() != 6 {
		t.Fatalf("%d ordinary, %d static, %d indexed; want 3, 3, 6", len(w.Objects), len(w.Static), w.Len())
	}
	if err := w.Verify(); err != nil {
		t.Fatal(err)
	}
	last := w.Static[2]
	if e, ok := w.Entity(0x70000001); !ok || e != w.Static[1] || w.Object(0x70000001) == nil {
		t.Fatal("a static object is not found by its guid")
	}
	if !w.Remove(0x70000001) {
		t.Fatal("Remove found no static object")
	}
	if len(w.Static) != 2 || w.Static[1] != last || len(w.Objects) != 3 {
		t.Fatalf("after removing the middle static object: %d static (second %v, want %v), %d ordinary", len(w.Static), w.Static[1], last, len(w.Objects))
	}
	if err := w.Verify(); err != nil {
		t.Fatal(err)
	}
	if !w.Remove(0x70000002) || !w.Remove(0x70000000) || len(w.Static) != 0 || len(w.Objects) != 3 {
		t.Fatal("removing the other static objects")
	}
	if err := w.Verify(); err != nil {
		t.Fatal(err)
	}
}

// TestAnyGuidCanParent: the parent link is made for any parent guid but 0
// (none), including guid 1.
func TestAnyGuidCanParent(t *testing.T) {
	w := NewWorld()
	parent := spawnCreature(t, w, 1, nil)
	if _, err := w.Spawn(archetypes.Desc{GUID: 0x70000001, Parent: 1}); err != nil {
		t.Fatal(err)
	}
	if got := parent.Phys.Children; len(got) != 1 || got[0] != 0x70000001 {
		t.Fatalf("object 1's children %v, want [0x70000001]", got)
	}
}
