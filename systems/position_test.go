package systems

import (
	"math"
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// rootMover spawns an object whose default animation moves its root 0.5
// units along y per frame (pos frames) at 30 fps, with the given scale and
// transient bits and no gravity.
func rootMover(t *testing.T, w *World, guid uint32, scale float32, tr physics.Transient) *components.View {
	t.Helper()
	a := tAnim(0x03000050, 10, nil)
	a.Flags = dat.AnimationPosFrames
	for range a.PartFrames {
		a.PosFrames = append(a.PosFrames, physics.Frame{Origin: physics.Vec3{Y: 0.5}, Orientation: physics.IdentityQuat})
	}
	setup, _, anims := humanoid(nil)
	anims[a.ID] = a
	setup.DefaultAnimation = a.ID
	d, _ := archetypes.FromTemplate("creature")
	d.GUID, d.Cell, d.Scale = guid, 0x01010001, scale
	d.State, d.Transient = 0, tr
	d.Frame = physics.Frame{Origin: physics.Vec3{X: 10, Y: 10}, Orientation: physics.IdentityQuat}
	d.Setup, d.Anims = setup, anims
	o, err := w.Spawn(d)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestRootMotionCountsOnlyOnWalkableScaledByObjectScale(t *testing.T) {
	cases := []struct {
		name  string
		scale float32
		tr    physics.Transient
		want  float32 // y moved in 0.1 s = 3 frames
	}{
		{"walkable, scale 1", 1, physics.TransientContact | physics.TransientOnWalkable, 1.5},
		{"walkable, scale 2", 2, physics.TransientContact | physics.TransientOnWalkable, 3},
		{"not walkable", 2, physics.TransientContact, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := NewWorld()
			o := rootMover(t, w, 0x50000001, c.scale, c.tr)
			w.Now += 0.1
			w.UpdateObject(o.Entity)
			if got := o.Phys.Position.Frame.Origin.Y - 10; math.Abs(float64(got-c.want)) > 1e-4 {
				t.Fatalf("root moved %v, want %v (UpdatePositionInternal: origin × scale on walkable ground, else zero)", got, c.want)
			}
		})
	}
}

// TestActiveWithinPlayerDistance pins update_object's 96f player_distance
// gate (seed 004, CPhysicsObj::update_object; divergence UO-01) at its exact
// boundary: a float32 distance of exactly 96 is within, the next float32
// above it is beyond.
func TestActiveWithinPlayerDistance(t *testing.T) {
	w := NewWorld()
	player := spawnCreature(t, w, 0x50000000, nil)
	w.PlayerGUID = player.Phys.GUID
	near := spawnCreature(t, w, 0x50000001, nil)
	far := spawnCreature(t, w, 0x50000002, nil)
	near.Phys.Position.Frame.Origin = physics.Vec3{X: PlayerDistance}
	far.Phys.Position.Frame.Origin = physics.Vec3{X: math.Nextafter32(PlayerDistance, 200)}
	w.Step(0.05)
	if !near.Phys.Transient.Has(physics.TransientActive) || far.Phys.Transient.Has(physics.TransientActive) {
		t.Fatalf("active: near %v far %v; want only the one within %v units", near.Phys.Transient.Has(physics.TransientActive),
			far.Phys.Transient.Has(physics.TransientActive), PlayerDistance)
	}
	far.Phys.Position.Frame.Origin = physics.Vec3{X: 5}
	w.Step(0.05)
	if !far.Phys.Transient.Has(physics.TransientActive) {
		t.Fatal("an object coming within range must become Active again")
	}
}

func TestStaticRootTurnsByOmega(t *testing.T) {
	w := NewWorld()
	o := spawnStatic(t, w, 0x70000001)
	o.Phys.Omega = physics.Vec3{Z: math.Pi} // half a turn per second
	w.Now += 0.5
	w.AnimateStaticObject(o.Entity)
	got := o.Phys.Position.Frame.Orientation.Rotate(physics.Vec3{X: 1})
	if math.Abs(float64(got.Y-1)) > 1e-4 {
		t.Fatalf("after 0.5 s at π rad/s, +x maps to %v, want (0,1,0)", got)
	}
}
