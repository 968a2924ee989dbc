package systems

import (
	"math"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/internal/bodycheck"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// TestUpdatePositionIntoAWalkersPathStopsItThatFrame: a standing
// creature snapped by a forced UpdatePosition to just in front of a
// walker stops the walker in the very next frame, before the creature
// itself moves again: the message marked the creature (SetPositionInternal
// → Moved), so the frame's body sync moved its body ahead of the walker's
// sweep. Unmarked, its body would stay where it stood and the walker
// would walk into it.
func TestUpdatePositionIntoAWalkersPathStopsItThatFrame(t *testing.T) {
	w := collideWorld(t)
	walker(t, w, 0x50000001, 60, 40, 0)
	m := human(0x50000002, motion.Ready)
	m.Physics.Position.Frame.Origin = physics.Vec3{X: 80, Y: 40, Z: groundZ}
	viaBytes(t, w, m)
	for range 20 {
		w.Step(0.05)
	}
	at := origin(w, 0x50000001)
	if at.Y < 41 || math.Abs(float64(at.X-60)) > 1e-3 {
		t.Fatalf("setup: walker at %+v, want walking north from y 40", at)
	}
	// 0.95 ahead: one tick's walk (about 0.16) would bring the centres
	// inside two radii (0.9).
	to := protocol.Position{Cell: w.Object(0x50000001).Phys.Position.Cell,
		Frame: physics.Frame{Origin: physics.Vec3{X: 60, Y: at.Y + 0.95, Z: groundZ}, Orientation: physics.IdentityQuat}}
	viaBytes(t, w, &protocol.UpdatePosition{Guid: 0x50000002, InstanceSequence: 1, PositionSequence: 1, ForcePositionSequence: 1, Position: to})
	if got := origin(w, 0x50000002); got != to.Frame.Origin {
		t.Fatalf("setup: creature at %+v, want snapped to %+v", got, to.Frame.Origin)
	}
	w.Step(0.05)
	if gap := origin(w, 0x50000002).Y - origin(w, 0x50000001).Y; gap < 0.9-0.01 {
		t.Fatalf("walker %v behind the snapped creature, inside two radii (0.9): it walked into a body left where the creature stood", gap)
	}
}

// TestSteadyCrowdMarksNothing: walkers walking on open ground leave
// nothing for the body sync: each transition placed its mover's body, so
// no frame marks any object and the sync walks none (the per-frame work
// is the objects changed outside a transition, not every object).
func TestSteadyCrowdMarksNothing(t *testing.T) {
	w := collisionCrowd(t, 100, true)
	for range 10 {
		w.Step(benchStep)
		if c := w.collide; c.full || len(c.moved) != 0 {
			t.Fatalf("frame %d: %d objects marked (full walk %v), want none", w.FrameNo, len(c.moved), c.full)
		}
	}
}

// TestBodyCheckCatchesAnUnmarkedChange: the check the tests run after
// every sync (bodycheck) panics on an object moved, or made ethereal,
// without Moved, naming it; with Moved the sync follows and the check
// passes.
func TestBodyCheckCatchesAnUnmarkedChange(t *testing.T) {
	if !bodycheck.On {
		t.Fatal("the body check is off in this test binary (TestMain)")
	}
	w := collisionCrowd(t, 4, true)
	p := w.Object(0x50000002).Phys
	for _, tc := range []struct {
		name   string
		change func()
		want   string
	}{
		{"moved", func() { p.Position.Frame.Origin.X += 2 }, "its body is at"},
		{"ethereal", func() { p.State |= physics.StateEthereal }, "the body should have left"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.change()
			msg := func() (msg string) {
				defer func() {
					if r := recover(); r != nil {
						msg, _ = r.(string)
					}
				}()
				w.Step(benchStep)
				return ""
			}()
			if !strings.Contains(msg, "0x50000002") || !strings.Contains(msg, tc.want) {
				t.Fatalf("unmarked change: check said %q, want a panic naming 0x50000002: %q", msg, tc.want)
			}
			w.Moved(0x50000002)
			w.Step(benchStep) // the sync follows: no panic
		})
	}
}

// TestShapelessCodeSetupIsTriedAgain: an object whose Setup, built in
// code without an id (its shapes not cached), has no collision shapes
// has no body, and stays marked: once its Setup gains spheres the next
// sync gives it one, as the full walk did by trying it at every sync.
func TestShapelessCodeSetupIsTriedAgain(t *testing.T) {
	w := NewWorld()
	w.Ground = flatLand(groundZ)
	setup, mt, anims := humanoid(nil)
	o := spawnShared(t, w, 0x50000001, setup, mt, anims)
	for range 3 {
		w.Step(benchStep)
	}
	bp := w.Broadphase()
	if _, _, ok, _ := bp.Placed(0x50000001, &o.Phys.Position, o.Phys.Scale); ok || setup.ID != 0 {
		t.Fatalf("setup: a body %v for a Setup (id %d) without shapes", ok, setup.ID)
	}
	setup.Spheres = []dat.Sphere{{Origin: physics.Vec3{Z: 0.45}, Radius: 0.45}}
	w.Step(benchStep)
	if _, _, ok, _ := bp.Placed(0x50000001, &o.Phys.Position, o.Phys.Scale); !ok {
		t.Fatal("no body after the Setup gained a sphere")
	}
}

// unsyncedWalker is a collision world with one walker that has walked five
// frames, with the body check off until the test ends (the tests using it
// are the ones asserting what the check would).
func unsyncedWalker(t *testing.T) (*World, *physics.Object) {
	t.Helper()
	on := bodycheck.On
	t.Cleanup(func() { bodycheck.On = on })
	bodycheck.On = false
	w := collideWorld(t)
	walker(t, w, 0x50000001, 60, 40, 0)
	for range 5 {
		w.Step(0.05)
	}
	return w, w.Object(0x50000001).Phys
}

// TestFramesWithoutGroundWalkEveryBody: frames run without ground have no
// resolver, so they skip the body sync and their commits place no body;
// the first sync with ground again walks every object, so each body is
// where its object went meanwhile (the check off: this test is the one
// asserting it).
func TestFramesWithoutGroundWalkEveryBody(t *testing.T) {
	w, p := unsyncedWalker(t)
	before := p.Position
	ground := w.Ground
	w.Ground = nil
	for range 5 {
		w.Step(0.05)
	}
	if p.Position == before {
		t.Fatal("setup: the walker did not move without ground")
	}
	w.Ground = ground
	syncBodies(w)
	if body, _, ok, at := w.Broadphase().Placed(p.GUID, &p.Position, p.Scale); !ok || !at {
		t.Fatalf("after frames without ground: body at %+v (placed %v), walker at %+v", body, ok, p.Position)
	}
}

// TestCollisionBackOnWalksEveryBody: ticks run with collision off place
// no body, even with no frame between (a benchmark's loop); turning
// collision back on makes the next sync walk every object.
func TestCollisionBackOnWalksEveryBody(t *testing.T) {
	w, p := unsyncedWalker(t)
	before := p.Position
	w.Collision(false)
	for range 5 {
		w.Now += 0.05
		for _, e := range w.Objects {
			w.UpdateObject(e)
		}
	}
	if p.Position == before {
		t.Fatal("setup: the walker did not move with collision off")
	}
	w.Collision(true)
	syncBodies(w)
	if body, _, ok, at := w.Broadphase().Placed(p.GUID, &p.Position, p.Scale); !ok || !at {
		t.Fatalf("collision back on: body at %+v (placed %v), walker at %+v", body, ok, p.Position)
	}
}
