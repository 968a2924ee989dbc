package managers

import (
	"math"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// still is an emitter info with no randomness: every Min equals its Max,
// no offsets, no spreads.
func still(typ dat.ParticleType) dat.ParticleEmitterInfo {
	return dat.ParticleEmitterInfo{ID: 0x32000001, EmitterType: dat.EmitterBirthratePerSec, ParticleType: typ,
		Birthrate: 0.25, MaxParticles: 100, Lifespan: 10, MinA: 1, MaxA: 1, MinB: 1, MaxB: 1, MinC: 1, MaxC: 1,
		StartScale: 1, FinalScale: 1, IsParentLocal: 1}
}

// placed returns a manager with one emitter of info at frame f, placed as
// the frame orchestrator's attached-effects step would.
func placed(info *dat.ParticleEmitterInfo, f physics.Frame) (*ParticleManager, *Emitter) {
	m := &ParticleManager{}
	e := m.CreateParticleEmitter(info.ID, 1, 0, physics.IdentityFrame, info)
	e.World, e.Placed = f, true
	return m, e
}

func near(a, b physics.Vec3) bool { return a.Sub(b).Len() < 1e-4 }

// TestBirthratePerSecond: Birthrate is the seconds between particles,
// emitted when more than that has passed (ShouldEmitParticle's strict >).
func TestBirthratePerSecond(t *testing.T) {
	info := still(dat.ParticleStill)
	m, e := placed(&info, physics.IdentityFrame)
	for step, want := range []int{0, 0, 1, 1, 2, 2, 3, 3} { // dt 0.125: 0.375 s > 0.25 first
		m.UpdateParticles(0.125)
		if e.Emitted != want {
			t.Fatalf("after %d × 0.125 s: %d emitted, want %d", step+1, e.Emitted, want)
		}
	}
	// A long frame catches up, the late particles born older.
	info2 := still(dat.ParticleStill)
	m2, e2 := placed(&info2, physics.IdentityFrame)
	m2.UpdateParticles(1.125) // 4 whole periods and a bit
	if e2.Emitted != 4 {
		t.Fatalf("one 1.125 s frame emitted %d, want 4", e2.Emitted)
	}
	if a := e2.Particles[3].Age; math.Abs(a-0.125) > 1e-9 {
		t.Fatalf("last particle of the catch-up is %v s old, want 0.125", a)
	}
}

// TestEmitterLimits: MaxParticles caps the live particles, TotalParticles
// and TotalSeconds stop the emitter, InitialParticles come out at once,
// and a stopped emitter goes when its last particle dies.
func TestEmitterLimits(t *testing.T) {
	info := still(dat.ParticleStill)
	info.Birthrate, info.MaxParticles = 0.01, 5
	m, e := placed(&info, physics.IdentityFrame)
	for range 20 {
		m.UpdateParticles(0.05)
	}
	if len(e.Particles) != 5 {
		t.Fatalf("%d live particles, want MaxParticles 5", len(e.Particles))
	}

	info = still(dat.ParticleStill)
	info.InitialParticles, info.TotalParticles, info.Lifespan = 3, 4, 0.5
	m, e = placed(&info, physics.IdentityFrame)
	m.UpdateParticles(0.125)
	if e.Emitted != 3 || e.Stopped {
		t.Fatalf("initial: %d emitted, stopped %v; want 3, running", e.Emitted, e.Stopped)
	}
	m.UpdateParticles(0.125)
	m.UpdateParticles(0.125) // 0.375 s: the fourth
	if e.Emitted != 4 || !e.Stopped {
		t.Fatalf("%d emitted, stopped %v; want 4 and stopped by TotalParticles", e.Emitted, e.Stopped)
	}
	for range 3 {
		m.UpdateParticles(0.125)
	}
	if len(m.Emitters) != 0 {
		t.Fatalf("the stopped emitter outlived its particles (%d live)", m.Count())
	}

	info = still(dat.ParticleStill)
	info.TotalSeconds = 0.5
	m, e = placed(&info, physics.IdentityFrame)
	for range 4 {
		m.UpdateParticles(0.125)
	}
	if e.Stopped {
		t.Fatal("stopped at 0.5 s; TotalSeconds stops only after")
	}
	m.UpdateParticles(0.125)
	if !e.Stopped {
		t.Fatal("not stopped after TotalSeconds")
	}
}

// TestParticleLifespan: a particle dies when its age reaches Lifespan.
func TestParticleLifespan(t *testing.T) {
	info := still(dat.ParticleStill)
	info.InitialParticles, info.Lifespan, info.Birthrate = 1, 0.5, 100
	m, e := placed(&info, physics.IdentityFrame)
	for range 3 { // born at the first update, 0.25 s old after the third
		m.UpdateParticles(0.125)
	}
	m.UpdateParticles(0.125)
	if len(e.Particles) != 1 {
		t.Fatal("died before its lifespan")
	}
	m.UpdateParticles(0.125)
	m.UpdateParticles(0.125) // 0.5 s old
	if len(e.Particles) != 0 {
		t.Fatalf("alive at age %v, lifespan 0.5", e.Particles[0].Age)
	}
}

// TestParticleMotion checks each family of particle types against its
// equation of motion for an emitter turned a quarter turn about z.
func TestParticleMotion(t *testing.T) {
	turn := physics.Frame{Origin: physics.Vec3{X: 10, Y: 20, Z: 5},
		Orientation: physics.Quat{W: float32(math.Cos(math.Pi / 4)), Z: float32(math.Sin(math.Pi / 4))}}
	a, b := physics.Vec3{X: 2}, physics.Vec3{Z: -4}
	rot := func(v physics.Vec3) physics.Vec3 { return turn.Orientation.Rotate(v) }
	const age = 0.5
	for _, c := range []struct {
		typ  dat.ParticleType
		want physics.Vec3 // offset from the emitter's origin at age 0.5
	}{
		{dat.ParticleStill, physics.Vec3{}},
		{dat.ParticleLocalVelocity, rot(a).Scale(age)},
		{dat.ParticleGlobalVelocity, a.Scale(age)},
		{dat.ParticleParabolicLVGA, rot(a).Scale(age).Add(b.Scale(age * age / 2))},
		{dat.ParticleParabolicGVGA, a.Scale(age).Add(b.Scale(age * age / 2))},
		{dat.ParticleParabolicLVLA, rot(a).Scale(age).Add(rot(b).Scale(age * age / 2))},
	} {
		info := still(c.typ)
		info.A, info.B, info.InitialParticles, info.Birthrate = a, b, 1, 100
		m, e := placed(&info, turn)
		m.UpdateParticles(0.25)
		m.UpdateParticles(0.25)
		m.UpdateParticles(0.25) // born at the first update: 0.5 s old
		got := e.Position(&e.Particles[0]).Sub(turn.Origin)
		if !near(got, c.want) {
			t.Errorf("type %d: offset %+v, want %+v", c.typ, got, c.want)
		}
	}
}

// TestScaleAndTranslucencyCurves: scale and translucency go linearly from
// their start to their final values over the particle's life.
func TestScaleAndTranslucencyCurves(t *testing.T) {
	info := still(dat.ParticleStill)
	info.InitialParticles, info.Birthrate, info.Lifespan = 1, 100, 2
	info.StartScale, info.FinalScale, info.StartTrans, info.FinalTrans = 0.5, 2.5, 0.2, 1
	m, e := placed(&info, physics.IdentityFrame)
	m.UpdateParticles(0.5)
	m.UpdateParticles(0.5)
	m.UpdateParticles(0.5) // 1 s old: half its life
	p := e.Particles[0]
	if math.Abs(float64(p.Scale-1.5)) > 1e-6 || math.Abs(float64(p.Trans-0.6)) > 1e-6 {
		t.Fatalf("at half life scale %v trans %v, want 1.5 and 0.6", p.Scale, p.Trans)
	}
}

// TestParentLocal: a parent-local emitter's particles move with it; the
// others stay where they were born.
func TestParentLocal(t *testing.T) {
	for _, local := range []int32{0, 1} {
		info := still(dat.ParticleStill)
		info.InitialParticles, info.Birthrate, info.IsParentLocal = 1, 100, local
		m, e := placed(&info, physics.IdentityFrame)
		m.UpdateParticles(0.1)
		e.World.Origin = physics.Vec3{X: 3}
		m.UpdateParticles(0.1)
		want := physics.Vec3{}
		if local != 0 {
			want = physics.Vec3{X: 3}
		}
		if got := e.Position(&e.Particles[0]); !near(got, want) {
			t.Errorf("IsParentLocal %d: particle at %+v, want %+v", local, got, want)
		}
	}
}

// TestBirthratePerMeter: a per-metre emitter emits when it has moved more
// than Birthrate since the last particle.
func TestBirthratePerMeter(t *testing.T) {
	info := still(dat.ParticleStill)
	info.EmitterType, info.Birthrate = dat.EmitterBirthratePerMeter, 2
	m, e := placed(&info, physics.IdentityFrame)
	for x, want := range []int{0, 0, 0, 1, 1, 1, 2} {
		e.World.Origin.X = float32(x)
		m.UpdateParticles(0.1)
		if e.Emitted != want {
			t.Fatalf("at x=%d: %d emitted, want %d", x, e.Emitted, want)
		}
	}
}

// TestRandomSpreads: offsets lie MinOffset…MaxOffset out in the plane
// normal to OffsetDir, speeds within MinA…MaxA, lifespans within the
// spread; the same ids repeat the same particles.
func TestRandomSpreads(t *testing.T) {
	info := still(dat.ParticleGlobalVelocity)
	info.Birthrate, info.MaxParticles = 0.001, 200
	info.OffsetDir, info.MinOffset, info.MaxOffset = physics.Vec3{Z: 1}, 0.5, 1
	info.A, info.MinA, info.MaxA = physics.Vec3{Z: 1}, 2, 3
	info.LifespanRand = 1
	run := func() []Particle {
		m, e := placed(&info, physics.IdentityFrame)
		m.UpdateParticles(0.1)
		return append([]Particle(nil), e.Particles...)
	}
	ps := run()
	if len(ps) < 99 {
		t.Fatalf("%d particles", len(ps))
	}
	for _, p := range ps {
		r := p.Start.Len()
		if p.Start.Z != 0 || r < 0.5-1e-5 || r > 1+1e-5 {
			t.Fatalf("start offset %+v: not in the disc 0.5…1 normal to z", p.Start)
		}
		if p.A.Z < 2 || p.A.Z > 3 {
			t.Fatalf("speed %v outside 2…3", p.A.Z)
		}
		if p.Lifespan < 9 || p.Lifespan > 11 {
			t.Fatalf("lifespan %v outside 10 ± 1", p.Lifespan)
		}
	}
	again := run()
	for i := range ps {
		if ps[i] != again[i] {
			t.Fatal("the same emitter ids gave different particles")
		}
	}
}

// TestDefaultEmitter: without emitter info, ten particles a second rising
// 0.5 units/s that live 1 s (PM-02).
func TestDefaultEmitter(t *testing.T) {
	m := &ParticleManager{}
	e := m.CreateParticleEmitter(0x32000099, 1, 0, physics.IdentityFrame, nil)
	e.World, e.Placed = physics.IdentityFrame, true
	for range 20 {
		m.UpdateParticles(0.05)
	}
	if n := len(e.Particles); n < 9 || n > 10 {
		t.Fatalf("%d live after 1 s, want 9–10", n)
	}
	p := e.Particles[0]
	if !near(p.Offset, physics.Vec3{Z: float32(0.5 * p.Age)}) {
		t.Fatalf("particle %v s old at %+v", p.Age, p.Offset)
	}
}

func BenchmarkUpdateParticles(b *testing.B) {
	info := still(dat.ParticleParabolicLVGA)
	info.Birthrate, info.MaxParticles, info.Lifespan = 0.01, 64, 0.6
	info.A, info.B = physics.Vec3{Z: 1}, physics.Vec3{Z: -1}
	m, _ := placed(&info, physics.IdentityFrame)
	for range 120 {
		m.UpdateParticles(1.0 / 60)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		m.UpdateParticles(1.0 / 60)
	}
	if n := testing.AllocsPerRun(100, func() { m.UpdateParticles(1.0 / 60) }); n != 0 {
		b.Fatalf("UpdateParticles allocates %v times a frame in steady state", n)
	}
}
