package systems

import (
	"math"
	"testing"

	"github.com/dereth/dereth/physics"
)

// humanRadius is the sample human's first sphere (0.45).
const humanRadius = 0.45

// flatGap is the ground-plane distance between two objects' origins.
func flatGap(a, b physics.Vec3) float32 {
	return float32(math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y)))
}

// TestCreatedOverlappingIsPlacedAside: enter_world's placement. A
// creature created where another stands is moved to a free spot (its
// sphere clear of the other's: centres at least two radii apart), within
// the search's 4 units, on the ground; the first keeps its place.
func TestCreatedOverlappingIsPlacedAside(t *testing.T) {
	w := collideWorld(t)
	walker(t, w, 0x50000001, 60, 40, 0)
	walker(t, w, 0x50000002, 60, 40.3, 0)
	a, b := origin(w, 0x50000001), origin(w, 0x50000002)
	if a != (physics.Vec3{X: 60, Y: 40, Z: groundZ}) {
		t.Fatalf("the first creature moved to %+v", a)
	}
	want := physics.Vec3{X: 60, Y: 40.3, Z: groundZ}
	if g := flatGap(a, b); g < 2*humanRadius-0.001 || flatGap(b, want) > 4 || math.Abs(float64(b.Z-groundZ)) > 1e-3 {
		t.Fatalf("second creature at %+v (%.3f from the first), want clear of it within 4 of %+v, on the ground", b, g, want)
	}
	// They are bodies for each other at once: neither moves on the first
	// tick for being inside the other.
	w.Step(0.05)
	if g := flatGap(origin(w, 0x50000001), origin(w, 0x50000002)); g < 2*humanRadius-0.001 {
		t.Fatalf("after a tick the creatures are %.3f apart", g)
	}
}

// TestCreatedInsideAWallIsPlacedOutside: a creature created with its
// sphere in a static box's face is moved clear of the box.
func TestCreatedInsideAWallIsPlacedOutside(t *testing.T) {
	w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 45, Z: 79}, {X: 70, Y: 46, Z: 85}})
	walker(t, w, 0x50000001, 60, 44.8, 0)
	at := origin(w, 0x50000001)
	if at.Y > 45-humanRadius+0.001 && at.Y < 46+humanRadius-0.001 {
		t.Fatalf("created at %+v, still touching the wall (y 45…46)", at)
	}
	if flatGap(at, physics.Vec3{X: 60, Y: 44.8}) > 4 {
		t.Fatalf("created at %+v, more than 4 from where it was put", at)
	}
}

// TestCreatedWithCollisionOffStaysPut: without collision there is no
// placement: the second creature is where the server put it.
func TestCreatedWithCollisionOffStaysPut(t *testing.T) {
	w := collideWorld(t)
	w.Collision(false)
	walker(t, w, 0x50000001, 60, 40, 0)
	walker(t, w, 0x50000002, 60, 40.3, 0)
	if b := origin(w, 0x50000002); b != (physics.Vec3{X: 60, Y: 40.3, Z: groundZ}) {
		t.Fatalf("moved to %+v with collision off", b)
	}
}

// TestTeleportIntoACreatureIsPlacedAside: SetPositionSimple's placement.
// A teleport destination where another creature stands is moved clear
// of it.
func TestTeleportIntoACreatureIsPlacedAside(t *testing.T) {
	w := collideWorld(t)
	walker(t, w, 0x50000001, 60, 40, 0)
	walker(t, w, 0x50000002, 80, 40, 0)
	dest := physics.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 60, Y: 40.2, Z: groundZ}, Orientation: physics.IdentityQuat}}
	if err := w.SmartBox.Teleport(0x50000002, dest); err != nil {
		t.Fatal(err)
	}
	a, b := origin(w, 0x50000001), origin(w, 0x50000002)
	if g := flatGap(a, b); g < 2*humanRadius-0.001 || flatGap(b, dest.Frame.Origin) > 4 {
		t.Fatalf("teleported to %+v (%.3f from the creature there), want clear of it within 4 of the destination", b, g)
	}
}
