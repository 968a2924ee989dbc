package systems

import (
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// The tests in this file pin collision glue rules (collide.go) that the
// third systems/ mutation pass (docs/testing.md) found unpinned.

// TestCollisionSwitch pins World.Collision (mutants collide.go:58): off,
// a walker walks through a wall; on again, the wall stops it.
func TestCollisionSwitch(t *testing.T) {
	for _, on := range []bool{false, true} {
		w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 45, Z: 79}, {X: 70, Y: 46, Z: 85}})
		w.Collision(false)
		if on {
			w.Collision(true)
		}
		walker(t, w, 0x50000001, 60, 40, 0)
		for range 60 {
			w.Step(0.05)
		}
		if past := origin(w, 0x50000001).Y > 46; past == on {
			t.Fatalf("collision on %v: the walker ended at y %v", on, origin(w, 0x50000001).Y)
		}
	}
}

// TestBroadPhaseFollowsTheWorldsLandAndAssets pins useLand (mutants
// collide.go:75, :84 and :103): the broad phase serves the world's Land
// and Assets from its first use, before any frame, and at each frame takes
// them as they are then — a new Land, and no Assets once they are gone.
func TestBroadPhaseFollowsTheWorldsLandAndAssets(t *testing.T) {
	w, _ := sampleWorld(t)
	land := flatLand(groundZ)
	w.Ground = land
	bp := w.Broadphase()
	if bp.Land != Land(land) || bp.Assets == nil {
		t.Fatal("before the first frame the broad phase lacks the world's land or assets")
	}
	other := flatLand(groundZ + 1)
	w.Ground = other
	w.Step(0.05)
	if bp.Land != Land(other) {
		t.Fatal("the broad phase kept the old land after a frame")
	}
	w.Assets = nil
	w.Step(0.05)
	if bp.Assets != nil {
		t.Fatal("the broad phase kept the world's old assets after a frame")
	}
}

// TestRepublishedLandblockIsSeenNextFrame pins syncBodies' BeginSync
// (mutant collide.go:105): the broad phase asks the Land once per frame
// whether a landblock's build changed, so a build published between
// frames (here a wall across the walker's path) takes effect at the next
// frame.
func TestRepublishedLandblockIsSeenNextFrame(t *testing.T) {
	w := collideWorld(t)
	a := w.Assets.(wallAssets)
	a.gfx[0x01FE0000] = boxGfxObj(0x01FE0000, physics.Vec3{X: -10, Y: -0.5, Z: -1}, physics.Vec3{X: 10, Y: 0.5, Z: 5})
	walker(t, w, 0x50000001, 60, 40, 0)
	for range 5 {
		w.Step(0.05) // walking: each move asks the land for its block
	}
	if y := origin(w, 0x50000001).Y; y <= 40 || y > 43 {
		t.Fatalf("setup: the walker is at y %v, want walking north short of the wall", y)
	}
	w.Ground.(*testLand).set(0xA9B40000, []collision.Static{{ID: 0x01FE0000, Cell: 0xA9B40012,
		Frame: physics.Frame{Origin: physics.Vec3{X: 60, Y: 45.5, Z: groundZ}, Orientation: physics.IdentityQuat}}}, nil)
	for range 60 {
		w.Step(0.05)
	}
	if y := origin(w, 0x50000001).Y; y > 45 {
		t.Fatalf("the walker passed the newly published wall (y %v)", y)
	}
}

// TestBodiesOnlyForPlacedSolidObjects pins placeBody (mutants on
// collide.go:124, :125 and :128): an object has a body only in a cell,
// unparented, not ethereal and with a Setup whose shapes it has; one that
// becomes ethereal loses its body; the physics BSP is used when either the
// state or the Setup says HasPhysicsBSP (a box with no spheres has a body
// only through its BSP).
func TestBodiesOnlyForPlacedSolidObjects(t *testing.T) {
	w := collideWorld(t)
	bp := w.Broadphase()
	a := w.Assets.(wallAssets)
	a.gfx[0x01FE0000] = boxGfxObj(0x01FE0000, physics.Vec3{X: -1, Y: -1, Z: 0}, physics.Vec3{X: 1, Y: 1, Z: 2})
	for i, bsp := range []struct{ state, setup bool }{{true, false}, {false, true}} {
		s := &dat.Setup{ID: 0x02FE0000 + uint32(i), Parts: []uint32{0x01FE0000}}
		st := physics.StateStatic
		if bsp.setup {
			s.Flags |= dat.SetupHasPhysicsBSP
		}
		if bsp.state {
			st |= physics.StateHasPhysicsBSP
		}
		if _, err := w.Spawn(archetypes.Desc{GUID: 0x7F000010 + uint32(i), Cell: 0xA9B40012, Static: true, State: st, Setup: s,
			Frame: physics.Frame{Origin: physics.Vec3{X: 20 + float32(5*float32(i)), Y: 20, Z: groundZ}, Orientation: physics.IdentityQuat}}); err != nil {
			t.Fatal(err)
		}
	}
	w.Step(0.05)
	if n := bp.Bodies(); n != 2 {
		t.Fatalf("%d bodies for a box flagged HasPhysicsBSP by its state and one by its Setup, want 2", n)
	}
	viaBytes(t, w, human(0x50000001, motion.Ready))
	bare := &protocol.CreateObject{Guid: 0x50000002} // placed, no Setup: no body
	bare.Physics.Flags, bare.Physics.Position = protocol.PhysicsPosition, protocol.Position{Cell: 0xA9B40012,
		Frame: physics.Frame{Origin: physics.Vec3{X: 30, Y: 30, Z: groundZ}, Orientation: physics.IdentityQuat}}
	bare.Physics.Timestamps[protocol.SeqInstance] = 1
	viaBytes(t, w, bare)
	eth := human(0x50000003, motion.Ready)
	eth.Physics.State |= uint32(physics.StateEthereal)
	eth.Physics.Position.Frame.Origin.X = 70
	viaBytes(t, w, eth)
	w.Step(0.05)
	if n := bp.Bodies(); n != 3 {
		t.Fatalf("%d bodies, want 3: the boxes and the solid human, not the Setup-less or the ethereal object", n)
	}
	viaBytes(t, w, &protocol.SetState{Guid: 0x50000001, InstanceSequence: 1, StateSequence: 1,
		State: uint32(physics.StateGravity | physics.StateEthereal)})
	w.Step(0.05)
	if n := bp.Bodies(); n != 2 {
		t.Fatalf("%d bodies after the human became ethereal, want 2", n)
	}
	// The local player in portal space is in no cell (and has no parent):
	// it has no body until it arrives.
	w.Stream = &gate{}
	viaBytes(t, w, human(0x50000004, motion.Ready))
	w.PlayerGUID = 0x50000004
	w.Step(0.05)
	if err := w.SmartBox.Teleport(0x50000004, physics.Position{Cell: 0xAAB40012, Frame: physics.Frame{Origin: physics.Vec3{X: 60, Y: 40, Z: groundZ}, Orientation: physics.IdentityQuat}}); err != nil {
		t.Fatal(err)
	}
	w.Step(0.05)
	if c := w.Object(0x50000004).Phys.Position.Cell; c != 0 {
		t.Fatalf("setup: the player in portal space is in cell 0x%08X", c)
	}
	if n := bp.Bodies(); n != 2 {
		t.Fatalf("%d bodies with the player in portal space, want 2", n)
	}
}

// TestLedgeTracesLeaveGround pins traceTransition's leave_ground (mutant
// collide.go:169): a walker walking off a platform's edge is traced
// leaving the ground once and landing once.
func TestLedgeTracesLeaveGround(t *testing.T) {
	w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 30, Z: 78}, {X: 70, Y: 42, Z: 82}})
	rec := &Recorder{}
	w.Trace = rec
	walkerAt(t, w, 0x50000001, physics.Vec3{X: 60, Y: 38, Z: 82}, 0)
	for range 100 {
		w.Step(0.05)
	}
	n := map[string]int{}
	for _, e := range rec.Events {
		if e.Kind == KindCollision && e.Obj == 0x50000001 {
			n[e.Stage]++
		}
	}
	if n[StageLeaveGround] != 1 || n[StageHitGround] != 1 {
		t.Fatalf("%d leave_ground and %d hit_ground events, want 1 and 1", n[StageLeaveGround], n[StageHitGround])
	}
}

// TestContactsRecordFrameAndBlock pins keepContacts (mutants on
// collide.go:178 and :189): the record names the frame of the first
// contact and
// the landblock of the cell the move began in (here cell 0x13, whose low
// bit is set), and once the walker touches nothing its record is emptied
// with that frame.
func TestContactsRecordFrameAndBlock(t *testing.T) {
	w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 55, Z: 79}, {X: 70, Y: 56, Z: 85}})
	m := human(0x50000001, motion.Ready)
	m.Physics.Position = protocol.Position{Cell: 0xA9B40013, Frame: physics.Frame{Origin: physics.Vec3{X: 60, Y: 50, Z: groundZ}, Orientation: physics.IdentityQuat}}
	viaBytes(t, w, m)
	um := &protocol.UpdateMotion{Guid: 0x50000001, InstanceSequence: 1, MovementSequence: 1}
	um.Movement.State.Flags = protocol.IMSForwardCommand
	um.Movement.State.ForwardCommand = motion.WalkForward
	viaBytes(t, w, um)
	if c := w.Object(0x50000001).Phys.Position.Cell; c != 0xA9B40013 {
		t.Fatalf("setup: walker in cell 0x%08X, want 0xA9B40013", c)
	}
	for i := 0; i < 60 && w.Collisions(0x50000001) == nil; i++ {
		w.Step(0.05)
	}
	c := w.Collisions(0x50000001)
	if c == nil || len(c.Hits) == 0 || c.Frame != w.FrameNo || c.Block != 0xA9B40000 {
		t.Fatalf("contacts %+v at frame %d, want the wall's, this frame, block 0xA9B40000", c, w.FrameNo)
	}
	// Turned around it walks away from the wall: no contact.
	w.Object(0x50000001).Phys.Position.Frame.Orientation = physics.Quat{Z: 1}
	w.Moved(0x50000001) // written directly: its body follows at the sync
	for range 5 {
		w.Step(0.05)
	}
	if c := w.Collisions(0x50000001); c == nil || len(c.Hits) != 0 || c.Frame != w.FrameNo {
		t.Fatalf("walking away: contacts %+v at frame %d, want an empty record of this frame", c, w.FrameNo)
	}
}

// TestAddCellCollisionPublishes pins AddCellCollision (mutant
// collide.go:207): an indoor cell built in code is the broad phase's cell
// of its id.
func TestAddCellCollisionPublishes(t *testing.T) {
	w := collideWorld(t)
	c := &collision.Cell{ID: 0xA9B40100, Frame: physics.Frame{Orientation: physics.IdentityQuat}}
	w.AddCellCollision(c)
	if got := w.Broadphase().EnvCell(0xA9B40100); got != c {
		t.Fatalf("EnvCell 0xA9B40100 is %p, want the added cell %p", got, c)
	}
}
