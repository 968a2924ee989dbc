package systems

import (
	"errors"
	"testing"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/sampleworld"
)

// The tests in this file pin CreateObject rules that the third systems/
// mutation pass (docs/testing.md) found unpinned.

// TestCreateObjectScaleOnlyUnderItsFlag pins CreateObject's object scale
// (mutants on inbound.go:161): the PhysicsDesc scale is read only under
// PhysicsObjScale (0x80), a scale below 1 as well as above; without the
// flag the object keeps scale 1 whatever the field holds.
func TestCreateObjectScaleOnlyUnderItsFlag(t *testing.T) {
	for _, tt := range []struct {
		name    string
		flagged bool
		scale   float32
		want    float32
	}{
		{"flagged", true, 2.5, 2.5},
		{"flagged below 1", true, 0.5, 0.5},
		{"unflagged", false, 2.5, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w, _ := sampleWorld(t)
			m := human(0x50000001, motion.Ready)
			m.Physics.Scale = tt.scale
			if tt.flagged {
				m.Physics.Flags |= protocol.PhysicsObjScale
			}
			if err := w.SmartBox.Apply(m); err != nil {
				t.Fatal(err)
			}
			if got := w.Object(0x50000001).Phys.Scale; got != tt.want {
				t.Fatalf("scale %v, want %v", got, tt.want)
			}
		})
	}
}

// TestCreateObjectCarriesItsVectors pins CreateObject's velocity,
// acceleration and omega (mutant inbound.go:164 dropped): the object
// enters the world moving as the PhysicsDesc says. It carries no
// MovementData: a creature's interpreted state would set its velocity.
func TestCreateObjectCarriesItsVectors(t *testing.T) {
	w, _ := sampleWorld(t)
	m := human(0x50000001, motion.Ready)
	pd := &m.Physics
	pd.Flags &^= protocol.PhysicsMovement
	pd.Movement = nil
	pd.Flags |= protocol.PhysicsVelocity | protocol.PhysicsAcceleration | protocol.PhysicsOmega
	pd.Velocity = physics.Vec3{X: 1, Y: 2, Z: 3}
	pd.Acceleration = physics.Vec3{Z: -9.8}
	pd.Omega = physics.Vec3{Z: 0.5}
	viaBytes(t, w, m)
	p := w.Object(0x50000001).Phys
	if p.Velocity != pd.Velocity || p.Acceleration != pd.Acceleration || p.Omega != pd.Omega {
		t.Fatalf("velocity %v acceleration %v omega %v, want %v %v %v", p.Velocity, p.Acceleration, p.Omega, pd.Velocity, pd.Acceleration, pd.Omega)
	}
}

// TestCreateObjectWithoutAssets pins CreateObject's asset check (mutants
// inbound.go:165): a message naming a Setup or a motion table in a world
// without assets is refused with errNoAssets, and one naming neither is
// created.
func TestCreateObjectWithoutAssets(t *testing.T) {
	w := NewWorld()
	for _, flags := range []uint32{protocol.PhysicsCSetup, protocol.PhysicsMTable} {
		m := human(0x50000001, motion.Ready)
		m.Physics.Flags = protocol.PhysicsPosition | flags
		if _, err := w.SmartBox.CreateObject(m); !errors.Is(err, errNoAssets) {
			t.Fatalf("flags 0x%X without assets: error %v, want errNoAssets", flags, err)
		}
	}
	m := human(0x50000002, motion.Ready)
	m.Physics.Flags = protocol.PhysicsPosition
	if _, err := w.SmartBox.CreateObject(m); err != nil || w.Object(0x50000002) == nil {
		t.Fatalf("a placed object naming no DAT data without assets: error %v", err)
	}
}

// TestCreateObjectMotionTableOnlyUnderItsFlag pins CreateObject's motion
// table (mutants on inbound.go:174): it is loaded only under PhysicsMTable
// and only when its id is not 0; otherwise the object has no
// MotionTableManager (and an id of 0 is not an error).
func TestCreateObjectMotionTableOnlyUnderItsFlag(t *testing.T) {
	for _, tt := range []struct {
		name    string
		flagged bool
		id      uint32
		want    bool
	}{
		{"flagged", true, sampleworld.HumanMotionTable, true},
		{"flagged id 0", true, 0, false},
		{"unflagged", false, sampleworld.HumanMotionTable, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w, _ := sampleWorld(t)
			m := human(0x50000001, motion.Ready)
			m.Physics.Flags &^= protocol.PhysicsMTable
			if tt.flagged {
				m.Physics.Flags |= protocol.PhysicsMTable
			}
			m.Physics.MotionTable = tt.id
			if err := w.SmartBox.Apply(m); err != nil {
				t.Fatal(err)
			}
			if got := w.Object(0x50000001).Parts.Manager != nil; got != tt.want {
				t.Fatalf("motion table manager %v, want %v", got, tt.want)
			}
		})
	}
}

// TestCreateObjectStandingLongJump pins CreateObject's standing_longjump
// (mutant inbound.go:187 dropped): an interpreted MovementData with motion
// flag 0x02 leaves the interpreter in a standing long jump.
func TestCreateObjectStandingLongJump(t *testing.T) {
	for _, flag := range []uint8{0, protocol.MotionStandingLongJump} {
		w, _ := sampleWorld(t)
		m := human(0x50000001, motion.Ready)
		m.Physics.Movement.MotionFlags = flag
		viaBytes(t, w, m)
		if got, want := w.Object(0x50000001).Movement.Interp.StandingLongJump, flag != 0; got != want {
			t.Fatalf("motion flags 0x%02X: standing_longjump %v, want %v", flag, got, want)
		}
	}
}

// TestCreateObjectAppearance pins CreateObject's ObjDesc (mutant
// inbound.go:189 dropped): the palette, sub-palettes, texture swaps and
// part replacements of the message's model are the object's appearance
// from the start.
func TestCreateObjectAppearance(t *testing.T) {
	w, _ := sampleWorld(t)
	m := human(0x50000001, motion.Ready)
	m.Model = protocol.ObjDesc{Palette: 0x0400007E,
		SubPalettes:     []protocol.SubPalette{{ID: 0x04000BEF, Offset: 3, Length: 2}},
		TextureChanges:  []protocol.TextureChange{{Part: 1, Old: 0x05000001, New: 0x05000002}},
		AnimPartChanges: []protocol.AnimPartChange{{Part: 2, GfxObj: 0x01000055}}}
	viaBytes(t, w, m)
	l := w.Object(0x50000001).Look
	if l.Palette != 0x0400007E || len(l.SubPalettes) != 1 || l.SubPalettes[0] != [3]uint32{0x04000BEF, 3, 2} ||
		len(l.Textures) != 1 || l.Textures[0] != [3]uint32{1, 0x05000001, 0x05000002} || l.PartGfx[2] != 0x01000055 {
		t.Fatalf("appearance %+v, want the message's model", *l)
	}
}

// TestCreateObjectStaticNeedsADefaultAnimation pins CreateObject's static
// test (mutants on inbound.go:190): an object is kept in the static
// workset only when its state has Static and its Setup a default
// animation (the windmill); Static with a Setup without one (the human)
// is an ordinary object.
func TestCreateObjectStaticNeedsADefaultAnimation(t *testing.T) {
	w, _ := sampleWorld(t)
	for i, setup := range []uint32{sampleworld.WindmillSetup, sampleworld.HumanSetup} {
		m := human(0x50000001+uint32(i), motion.Ready)
		m.Physics.Flags = protocol.PhysicsCSetup | protocol.PhysicsPosition
		m.Physics.Setup, m.Physics.Movement = setup, nil
		m.Physics.State = uint32(physics.StateStatic)
		viaBytes(t, w, m)
	}
	if len(w.Static) != 1 || len(w.Objects) != 1 || !w.Object(0x50000001).Static || w.Object(0x50000002).Static {
		t.Fatalf("%d static, %d ordinary; want the windmill static and the human ordinary", len(w.Static), len(w.Objects))
	}
}

// TestCreateObjectArchetypeName pins archetypeOf (mutants on inbound.go:206
// and :208): the display name is the weenie's name, else "creature" for an
// ItemType with the creature bit, else "object".
func TestCreateObjectArchetypeName(t *testing.T) {
	for i, tt := range []struct {
		name     string
		itemType uint32
		want     string
	}{
		{"Drudge", ItemTypeCreature, "Drudge"},
		{"", ItemTypeCreature, "creature"},
		{"", 0x01, "object"},
	} {
		w, _ := sampleWorld(t)
		m := human(0x50000001+uint32(i), motion.Ready)
		m.Weenie.Name, m.Weenie.ItemType = tt.name, tt.itemType
		viaBytes(t, w, m)
		o := w.Object(m.Guid)
		if got := components.Name.GetValue(w.ECS.Entry(o.Entity)); got != tt.want {
			t.Errorf("name %q, ItemType 0x%X: archetype %q, want %q", tt.name, tt.itemType, got, tt.want)
		}
	}
}

// TestCreateObjectStartsItsMoveTo pins CreateObject's MoveTo movement
// (mutants inbound.go:196 `>=` → `>` and :197 dropped): a MovementData of
// type 6 (MoveToObject) or above is unpacked after the object entered the
// world, so its MoveToManager is moving at once.
func TestCreateObjectStartsItsMoveTo(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000002, motion.Ready))
	m := human(0x50000001, motion.Ready)
	md := m.Physics.Movement
	md.Type = protocol.MovementMoveToObject
	md.Target = 0x50000002
	md.Origin = protocol.Origin{Cell: 0xA9B40012, Pos: physics.Vec3{X: 60, Y: 70, Z: 80}}
	md.MoveTo = protocol.MoveToParameters{MovementParams: 0x1EE0F, DistanceToObject: 0.6, FailDistance: 1e9, Speed: 1, WalkRunThreshold: 15}
	md.RunRate = 1
	m.Physics.Position.Frame.Origin.Y = 20
	viaBytes(t, w, m)
	if mt := w.Object(0x50000001).Movement.MoveTo; mt == nil || !mt.IsMovingTo() {
		t.Fatal("a CreateObject with a type 6 MovementData must start the MoveToManager")
	}
}

// TestUpdatePositionOfAnObjectInNoCellSnaps pins positionEvent's last snap
// condition (mutant inbound.go:348 `Cell == 0` → `== 1`): an object that
// is in no cell (here a child, placed by its parent) is put at a sent
// position, never blended in, however near it is.
func TestUpdatePositionOfAnObjectInNoCellSnaps(t *testing.T) {
	w, rec := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	c := &protocol.CreateObject{Guid: 0x50000002}
	c.Physics.Flags, c.Physics.Parent = protocol.PhysicsParent, 0x50000001
	c.Physics.Timestamps[protocol.SeqInstance] = 1
	viaBytes(t, w, c)
	o := w.Object(0x50000002)
	if o.Phys.Position.Cell != 0 || o.Position == nil {
		t.Fatalf("setup: the child is in cell 0x%08X (PositionManager %v), want none", o.Phys.Position.Cell, o.Position != nil)
	}
	// Block 0x0000's cell 1, a unit from the child's origin: near.
	at := protocol.Position{Cell: 0x00000001, Frame: physics.Frame{Origin: o.Phys.Position.Frame.Origin.Add(physics.Vec3{X: 1}), Orientation: physics.IdentityQuat}}
	viaBytes(t, w, &protocol.UpdatePosition{Guid: 0x50000002, InstanceSequence: 1, PositionSequence: 1, Position: at})
	last := rec.Events[len(rec.Events)-1]
	if last.Message != "UpdatePosition" || last.Detail != "snap" || o.Position.Interpolating {
		t.Fatalf("last event %q %q (interpolating %v), want UpdatePosition snapped", last.Message, last.Detail, o.Position.Interpolating)
	}
}

// TestObjDescEventCountsItsReplacements pins ObjDescEvent's change count
// (mutants on inbound.go:480): each applied appearance replacement adds
// one to Look.Changes; a stale one (its visual-description sequence not
// newer) adds nothing.
func TestObjDescEventCountsItsReplacements(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	for i, seq := range []uint16{1, 2, 2} {
		viaBytes(t, w, &protocol.ObjDescEvent{Guid: 0x50000001, InstanceSequence: 1, VisualDescSequence: seq})
		if want := min(i+1, 2); o.Look.Changes != want {
			t.Fatalf("after ObjDescEvent %d (sequence %d): %d changes, want %d", i+1, seq, o.Look.Changes, want)
		}
	}
}
