package scenes

import (
	"math"
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/systems"
)

// TestCollisionOverlay: an object's sphere is drawn at its projected
// centre with its radius in pixels at that depth; after it landed on the
// terrain the circle is marked hit and the terrain triangle it touched is
// outlined (three edges).
func TestCollisionOverlay(t *testing.T) {
	w := systems.NewWorld()
	w.Ground = flatHeights{}
	setup := &dat.Setup{Spheres: []dat.Sphere{{Origin: physics.Vec3{Z: 0.5}, Radius: 0.5}}, StepUpHeight: 0.4, StepDownHeight: 0.4}
	d, _ := archetypes.FromTemplate("creature")
	d.GUID, d.Cell, d.Setup = 0x50000001, 0xA9B40001, setup
	d.Frame = physics.Frame{Origin: physics.Vec3{X: 10, Y: 10}, Orientation: physics.IdentityQuat}
	d.Transient |= physics.TransientContact | physics.TransientOnWalkable
	if _, err := w.Spawn(d); err != nil {
		t.Fatal(err)
	}
	cam := view.NewCamera(800, 600, physics.Position{Cell: 0xA9B40001, Frame: d.Frame})
	var dbg collisionDebug
	dbg.overlay(w, cam)
	if len(dbg.circles) != 1 || len(dbg.lines) != 0 {
		t.Fatalf("circles %+v lines %+v, want one circle and no lines", dbg.circles, dbg.lines)
	}
	c := dbg.circles[0]
	centre := cam.ToRender(physics.Position{Cell: 0xA9B40001, Frame: physics.Frame{Origin: physics.Vec3{X: 10, Y: 10, Z: 0.5}}})
	x, y, z, _ := cam.Project(centre)
	if c.X != x || c.Y != y || math.Abs(float64(c.R-0.5*cam.PixelsPerUnit(z))) > 1e-3 || c.Hit {
		t.Fatalf("circle %+v, want (%v, %v) r %v not hit", c, x, y, 0.5*cam.PixelsPerUnit(z))
	}
	// Dropped from 2 units up it lands on the terrain: the landing is its
	// last transition's contact, a terrain triangle.
	o := w.Object(0x50000001)
	o.Phys.Position.Frame.Origin.Z = 2
	o.Phys.Transient &^= physics.TransientContact | physics.TransientOnWalkable
	o.Phys.State |= physics.StateGravity
	for range 40 {
		w.Step(0.05)
		if o.Phys.Transient.Has(physics.TransientOnWalkable) {
			break
		}
	}
	// Top-down, the whole triangle is in view; in perspective the edge
	// behind the camera is clipped away.
	cam.ToggleMap()
	dbg.overlay(w, cam)
	if len(dbg.circles) != 1 || !dbg.circles[0].Hit || len(dbg.lines) != 3 {
		t.Fatalf("circles %+v lines %+v, want the landed circle marked hit and a triangle's 3 edges", dbg.circles, dbg.lines)
	}
	for _, l := range dbg.lines {
		// Every edge ends at a cell corner: 24 units apart on the map.
		dx, dy := (l.X1-l.X0)/cam.MapScale, (l.Y1-l.Y0)/cam.MapScale
		if r := math.Hypot(float64(dx), float64(dy)); math.Abs(r-24) > 0.01 && math.Abs(r-24*math.Sqrt2) > 0.01 {
			t.Fatalf("edge %+v is %v units long, want a LandCell triangle's 24 or 24√2", l, r)
		}
	}
}

// flatHeights is level terrain at height 0.
type flatHeights struct{}

func (flatHeights) GroundZ(cell uint32, x, y float32) (float32, bool) { return 0, true }

func (flatHeights) Landblock(block uint32) *collision.Landblock {
	return &collision.Landblock{Block: block & 0xFFFF0000}
}

// TestClipEdge: in perspective an edge crossing the near plane is cut at
// it, whichever end lies behind; an edge wholly behind is left out; the
// map view draws an edge whole.
func TestClipEdge(t *testing.T) {
	cam := view.NewCamera(800, 600, physics.Position{Cell: 0xA9B40001, Frame: physics.IdentityFrame})
	front, behind := physics.Vec3{X: 2, Y: 1, Z: 10}, physics.Vec3{X: 2, Y: 1, Z: -10}
	cut := physics.Vec3{X: 2, Y: 1, Z: view.NearPlane} // where front–behind meets the near plane
	fx, fy := cam.ScreenOf(front)
	cx, cy := cam.ScreenOf(cut)
	for _, tc := range []struct {
		name string
		a, b physics.Vec3
		want debugLine
		ok   bool
	}{
		{"in front", front, physics.Vec3{X: -1, Y: 3, Z: 5}, func() debugLine {
			x, y := cam.ScreenOf(physics.Vec3{X: -1, Y: 3, Z: 5})
			return debugLine{fx, fy, x, y}
		}(), true},
		{"far end behind", front, behind, debugLine{fx, fy, cx, cy}, true},
		{"near end behind", behind, front, debugLine{fx, fy, cx, cy}, true},
		{"wholly behind", behind, physics.Vec3{Z: view.NearPlane - 0.01}, debugLine{}, false},
	} {
		if l, ok := clipEdge(cam, tc.a, tc.b); ok != tc.ok || l != tc.want {
			t.Errorf("%s: clipEdge = %+v, %v; want %+v, %v", tc.name, l, ok, tc.want, tc.ok)
		}
	}
	cam.ToggleMap()
	ax, ay := cam.ScreenOf(front)
	bx, by := cam.ScreenOf(behind)
	if l, ok := clipEdge(cam, front, behind); !ok || l != (debugLine{ax, ay, bx, by}) {
		t.Errorf("map view: clipEdge = %+v, %v; want the whole edge %+v", l, ok, debugLine{ax, ay, bx, by})
	}
}

// TestCollisionOverlayDrawsWhatTheResolverTested: with a player falling
// and drifting towards another creature standing 1.05 units away, the overlay draws, besides both creatures'
// spheres, the other creature's sphere as tested (the broad phase gathered
// it for the player's move), where it stands.
func TestCollisionOverlayDrawsWhatTheResolverTested(t *testing.T) {
	w := systems.NewWorld()
	w.Ground = flatHeights{}
	setup := &dat.Setup{Spheres: []dat.Sphere{{Origin: physics.Vec3{Z: 0.5}, Radius: 0.5}}, StepUpHeight: 0.4, StepDownHeight: 0.4}
	for i, x := range []float32{10, 11.05} {
		d, _ := archetypes.FromTemplate("creature")
		d.GUID, d.Cell, d.Setup = 0x50000001+uint32(i), 0xA9B40001, setup
		d.Frame = physics.Frame{Origin: physics.Vec3{X: x, Y: 10, Z: 1}, Orientation: physics.IdentityQuat}
		d.State |= physics.StateGravity
		if _, err := w.Spawn(d); err != nil {
			t.Fatal(err)
		}
	}
	w.PlayerGUID = 0x50000001
	w.Object(0x50000001).Phys.Velocity.X = 2
	cam := view.NewCamera(800, 600, physics.Position{Cell: 0xA9B40001, Frame: physics.Frame{Origin: physics.Vec3{X: 10, Y: 10}, Orientation: physics.IdentityQuat}})
	cam.ToggleMap()
	var dbg collisionDebug
	dbg.overlay(w, cam)
	w.Step(0.05)
	dbg.overlay(w, cam)
	var tested []debugCircle
	for _, c := range dbg.circles {
		if c.Tested {
			tested = append(tested, c)
		}
	}
	other := w.Object(0x50000002).Phys.Position
	other.Frame.Origin.Z += 0.5
	x, y, z, _ := cam.Project(cam.ToRender(other))
	if len(tested) != 1 || math.Abs(float64(tested[0].X-x)) > 0.5 || math.Abs(float64(tested[0].Y-y)) > 0.5 ||
		math.Abs(float64(tested[0].R-0.5*cam.PixelsPerUnit(z))) > 1e-3 {
		t.Fatalf("tested circles %+v, want the other creature's sphere at (%v, %v)", tested, x, y)
	}
}
