package systems

import (
	"math"
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// partOffsetSetup is a 2-part setup whose part 1 sits one unit above the
// root; with no motion table the placement frame is its pose.
func partOffsetSetup() *dat.Setup {
	return &dat.Setup{Parts: []uint32{1, 2}, PlacementFrames: map[int32]dat.AnimFrame{0: {Frames: []physics.Frame{
		physics.IdentityFrame, {Origin: physics.Vec3{Z: 1}, Orientation: physics.IdentityQuat},
	}}}}
}

func near3(a, b physics.Vec3) bool {
	d := a.Sub(b)
	return math.Abs(float64(d.X)) < 1e-4 && math.Abs(float64(d.Y)) < 1e-4 && math.Abs(float64(d.Z)) < 1e-4
}

// TestEmittersAttachToTheirPart pins the attached-effects step: an
// emitter is placed at its part's rigid pose (turned with the root) with
// its offset, an emitter naming no part of the object at the root; static
// objects' emitters are placed as ordinary ones are; every live particle
// of both is gathered for the draw.
func TestEmittersAttachToTheirPart(t *testing.T) {
	w := NewWorld()
	spawn := func(guid uint32, template string) *components.View {
		d, _ := archetypes.FromTemplate(template)
		d.GUID, d.Cell = guid, 0x01010001
		d.Setup = partOffsetSetup()
		d.Frame = physics.Frame{Origin: physics.Vec3{X: 10, Y: 20, Z: 30},
			Orientation: physics.Quat{W: float32(math.Sqrt(0.5)), Z: float32(math.Sqrt(0.5))}} // a quarter turn about z
		d.Managers |= archetypes.WithParticle
		o, err := w.Spawn(d)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	o := spawn(0x50000001, "creature")
	s := spawn(0x70000001, "static")
	offset := physics.Frame{Origin: physics.Vec3{X: 0.5}, Orientation: physics.IdentityQuat}
	pm := components.AddParticleManager(w.ECS, o)
	onPart := pm.CreateParticleEmitter(0, 1, 1, offset, nil)
	noPart := pm.CreateParticleEmitter(0, 2, 2, offset, nil) // the setup has parts 0 and 1
	onStatic := components.AddParticleManager(w.ECS, s).CreateParticleEmitter(0, 3, 1, offset, nil)
	w.Step(0.05)
	// The quarter turn maps +x to +y: part 1 at (10,20,31), the offset then
	// 0.5 along +y.
	want := physics.Vec3{X: 10, Y: 20.5, Z: 31}
	if !onPart.Placed || !near3(onPart.World.Origin, want) {
		t.Errorf("emitter on part 1 at %v (placed %v), want %v", onPart.World.Origin, onPart.Placed, want)
	}
	if want := (physics.Vec3{X: 10, Y: 20.5, Z: 30}); !noPart.Placed || !near3(noPart.World.Origin, want) {
		t.Errorf("emitter on a missing part at %v, want at the root with its offset %v", noPart.World.Origin, want)
	}
	if !onStatic.Placed || !near3(onStatic.World.Origin, want) {
		t.Errorf("static object's emitter at %v (placed %v), want %v", onStatic.World.Origin, onStatic.Placed, want)
	}
	for range 40 { // 2 s at a birth rate of one per 0.1 s
		w.Step(0.05)
	}
	live := o.Particle.Count() + components.Resolve(w.ECS, s.Entity).Particle.Count()
	if live == 0 || len(w.Particles) != live {
		t.Fatalf("%d particles gathered, %d live (want all, and some)", len(w.Particles), live)
	}
	staticLive := components.Resolve(w.ECS, s.Entity).Particle.Count()
	if staticLive == 0 || staticLive == live {
		t.Fatalf("static particles %d of %d: want both objects emitting", staticLive, live)
	}
}

// TestPresenterFollowsTheObjectScale: the presenter samples the part
// array at the object's current scale, so a scale set on the physics
// object after spawn reaches the published poses.
func TestPresenterFollowsTheObjectScale(t *testing.T) {
	w := NewWorld()
	d, _ := archetypes.FromTemplate("creature")
	d.GUID, d.Cell = 0x50000001, 0x01010001
	d.Setup = partOffsetSetup()
	if _, err := w.Spawn(d); err != nil {
		t.Fatal(err)
	}
	w.Step(0.05)
	o := w.Object(0x50000001)
	if z := o.Pres.Visual[1][3][2]; math.Abs(float64(z-1)) > 1e-5 {
		t.Fatalf("setup: part 1 presented at height %v, want 1", z)
	}
	o.Phys.Scale = 2
	w.Step(0.05)
	if z := w.Object(0x50000001).Pres.Visual[1][3][2]; math.Abs(float64(z-2)) > 1e-5 {
		t.Fatalf("after scaling the object by 2, part 1 presented at height %v, want 2", z)
	}
}
