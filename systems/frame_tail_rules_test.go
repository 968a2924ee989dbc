package systems

import (
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// The tests in this file pin frame.go rules (from drainDeferred on) that
// the third systems/ mutation pass (docs/testing.md) found unpinned.

// TestEmitterTakesEachAxisOfItsPart pins attachEffects' reading of the
// part's rigid pose (mutants frame.go:303 `m[3][0]` → `m[3][1]` and
// `m[3][2]` → `m[3][3]`): the emitter sits at the part's translation, each
// axis its own (a part at (0.25, 0.5, 1.5) from the root).
func TestEmitterTakesEachAxisOfItsPart(t *testing.T) {
	w := NewWorld()
	d, _ := archetypes.FromTemplate("creature")
	d.GUID, d.Cell = 0x50000001, 0x01010001
	d.Setup = &dat.Setup{Parts: []uint32{1, 2}, PlacementFrames: map[int32]dat.AnimFrame{0: {Frames: []physics.Frame{
		physics.IdentityFrame, {Origin: physics.Vec3{X: 0.25, Y: 0.5, Z: 1.5}, Orientation: physics.IdentityQuat},
	}}}}
	d.Frame = physics.Frame{Origin: physics.Vec3{X: 10, Y: 20, Z: 30}, Orientation: physics.IdentityQuat}
	d.Managers |= archetypes.WithParticle
	o, err := w.Spawn(d)
	if err != nil {
		t.Fatal(err)
	}
	em := components.AddParticleManager(w.ECS, o).CreateParticleEmitter(0, 1, 1, physics.IdentityFrame, nil)
	w.Step(0.05)
	if want := (physics.Vec3{X: 10.25, Y: 20.5, Z: 31.5}); !em.Placed || !near3(em.World.Origin, want) {
		t.Fatalf("emitter at %v (placed %v), want %v", em.World.Origin, em.Placed, want)
	}
}

// emitterAssets answers every ParticleEmitterInfo lookup, id 0 included.
type emitterAssets struct{ *DatAssets }

func (emitterAssets) ParticleEmitterInfo(id uint32) (*dat.ParticleEmitterInfo, error) {
	return &dat.ParticleEmitterInfo{ID: id}, nil
}

// TestEmitterInfoOfIDZeroIsTheDefault pins EmitterInfo's id test (mutants
// frame.go:332 `id != 0` → `== 0` and `0` → `1`): id 0 is the default
// emitter (nil) without asking the assets; any other id, 1 too, is asked.
func TestEmitterInfoOfIDZeroIsTheDefault(t *testing.T) {
	w, _ := sampleWorld(t)
	w.Assets = emitterAssets{w.Assets.(*DatAssets)}
	if p := w.EmitterInfo(0); p != nil {
		t.Fatalf("EmitterInfo(0) = %+v, want nil (the default emitter)", p)
	}
	if p := w.EmitterInfo(1); p == nil || p.ID != 1 {
		t.Fatalf("EmitterInfo(1) = %+v, want the assets' info 1", p)
	}
}

// timerCount counts RunTimers calls and the world time they saw.
type timerCount struct {
	w   *World
	now []float64
}

func (c *timerCount) RunTimers() { c.now = append(c.now, c.w.Now) }

// TestFrameTimersRunEachFrame pins the frame timers step (mutant
// frame.go:78 `RunTimers` dropped): set, they run once at the start of
// every frame, after the clock advanced.
func TestFrameTimersRunEachFrame(t *testing.T) {
	w := NewWorld()
	c := &timerCount{w: w}
	w.Timers = c
	w.Step(0.05)
	w.Step(0.05)
	if len(c.now) != 2 || c.now[0] <= 0 || c.now[1] <= c.now[0] {
		t.Fatalf("timers ran at %v, want twice, each after the clock advanced", c.now)
	}
}
