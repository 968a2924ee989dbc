package managers

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Emitter is one particle emitter created by a CreateParticle hook
// (ParticleEmitter), driven by its 0x32 ParticleEmitterInfo.
type Emitter struct {
	InfoID    uint32
	EmitterID uint32
	Part      uint32
	// Info is the emitter's ParticleEmitterInfo: DefaultEmitterInfo when
	// the DATs lack it (PM-02).
	Info   *dat.ParticleEmitterInfo
	Offset physics.Frame
	// World is the emitter's frame in its object's cell, placed by the
	// frame orchestrator's attached-effects step; Placed says it has been.
	// Particles are born only once the emitter is placed.
	World  physics.Frame
	Placed bool
	Age    float64
	// Lifetime is how long the emitter emits; 0 emits until stopped (the
	// info's TotalSeconds and TotalParticles stop it too).
	Lifetime float64
	Stopped  bool
	// Emitted counts the particles emitted so far (TotalEmitted).
	Emitted int
	// Particles are the live particles.
	Particles []Particle
	sinceEmit float64      // seconds since the last emission
	lastEmit  physics.Vec3 // the emitter's origin at the last emission (per-metre emitters)
	started   bool         // the initial particles are out
	rng       uint32
}

// Particle is one live particle (Particle): where it started, its three
// motion vectors in the cell's axes, its age and its scale and
// translucency curves.
type Particle struct {
	// Base is the emitter's origin when the particle was born; particles
	// of parent-local emitters move with the emitter instead.
	Base physics.Vec3
	// Start is the particle's offset from its origin at birth.
	Start physics.Vec3
	// A, B, C are the particle type's vectors (velocity, acceleration,
	// rotation or swarm/explode terms), randomised and turned at birth.
	A, B, C physics.Vec3
	Age     float64
	// Lifespan is the particle's life in seconds.
	Lifespan               float64
	StartScale, FinalScale float32
	StartTrans, FinalTrans float32
	// Offset is the particle's offset from its origin now; Scale and
	// Trans its size factor and translucency (0 opaque … 1 invisible).
	Offset       physics.Vec3
	Scale, Trans float32
}

// DefaultEmitterInfo is what an emitter without a ParticleEmitterInfo in
// the DATs emits: ten particles a second that rise 0.5 units/s, live 1 s
// and fade out, following the emitter (PM-02).
var DefaultEmitterInfo = dat.ParticleEmitterInfo{EmitterType: dat.EmitterBirthratePerSec,
	ParticleType: dat.ParticleGlobalVelocity, Birthrate: 0.1, MaxParticles: 64, Lifespan: 1,
	A: physics.Vec3{Z: 0.5}, MinA: 1, MaxA: 1, MinB: 1, MaxB: 1, MinC: 1, MaxC: 1,
	StartScale: 1, FinalScale: 1, StartTrans: 0, FinalTrans: 1, IsParentLocal: 1}

// MaxEmitterParticles bounds any emitter's live particles whatever its
// info's MaxParticles says, so corrupt data cannot allocate without end.
const MaxEmitterParticles = 512

// ParticleManager owns an object's emitters (ParticleManager).
type ParticleManager struct {
	Emitters []*Emitter
}

// CreateParticleEmitter adds an emitter (CreateParticleHook's effect)
// following info (nil: DefaultEmitterInfo) and returns it.
func (m *ParticleManager) CreateParticleEmitter(infoID, emitterID, part uint32, offset physics.Frame, info *dat.ParticleEmitterInfo) *Emitter {
	if info == nil {
		info = &DefaultEmitterInfo
	}
	e := &Emitter{InfoID: infoID, EmitterID: emitterID, Part: part, Offset: offset, Info: info,
		rng: (infoID*2654435761 ^ emitterID*40503 ^ part*97) | 1}
	e.Particles = make([]Particle, 0, e.maxParticles())
	m.Emitters = append(m.Emitters, e)
	return e
}

func (e *Emitter) maxParticles() int {
	return int(min(max(e.Info.MaxParticles, 0), MaxEmitterParticles))
}

// StopParticleEmitter stops emitting from emitterID (its particles live on).
func (m *ParticleManager) StopParticleEmitter(emitterID uint32) {
	for _, e := range m.Emitters {
		if e.EmitterID == emitterID {
			e.Stopped = true
		}
	}
}

// DestroyParticleEmitter removes emitterID and its particles.
func (m *ParticleManager) DestroyParticleEmitter(emitterID uint32) {
	kept := m.Emitters[:0]
	for _, e := range m.Emitters {
		if e.EmitterID != emitterID {
			kept = append(kept, e)
		}
	}
	clear(m.Emitters[len(kept):])
	m.Emitters = kept
}

// UpdateParticles ages emitters and particles by dt, moves the particles,
// drops dead ones, emits new ones and drops finished emitters
// (ParticleManager::UpdateParticles, ParticleEmitter::UpdateParticles).
func (m *ParticleManager) UpdateParticles(dt float64) {
	kept := m.Emitters[:0]
	for _, e := range m.Emitters {
		e.update(dt)
		if !e.Stopped || len(e.Particles) > 0 {
			kept = append(kept, e)
		}
	}
	clear(m.Emitters[len(kept):])
	m.Emitters = kept
}

func (e *Emitter) update(dt float64) {
	info := e.Info
	e.Age += dt
	live := e.Particles[:0]
	for _, p := range e.Particles {
		p.Age += dt
		if p.Age >= p.Lifespan {
			continue // KillParticle
		}
		p.move(info.ParticleType)
		live = append(live, p)
	}
	e.Particles = live
	if !e.Placed {
		return
	}
	if !e.started {
		e.started, e.lastEmit = true, e.World.Origin
		for range max(info.InitialParticles, 0) {
			if !e.canEmit() {
				break
			}
			e.emit(0)
		}
	}
	if e.Stopped {
		return
	}
	switch info.EmitterType {
	case dat.EmitterBirthratePerSec:
		// One particle each Birthrate seconds, caught up within a long
		// frame (the late ones born that much older).
		e.sinceEmit += dt
		for e.sinceEmit > info.Birthrate && e.canEmit() {
			if info.Birthrate > 0 {
				e.sinceEmit -= info.Birthrate
			} else {
				e.sinceEmit = 0
			}
			e.emit(e.sinceEmit)
		}
		if !e.canEmit() {
			e.sinceEmit = min(e.sinceEmit, max(info.Birthrate, 0))
		}
	case dat.EmitterBirthratePerMeter:
		if e.World.Origin.Sub(e.lastEmit).Len() > float32(info.Birthrate) && e.canEmit() {
			e.emit(0)
		}
	}
	// StopEmitter.
	if e.Lifetime > 0 && e.Age >= e.Lifetime ||
		info.TotalSeconds > 0 && e.Age > info.TotalSeconds ||
		info.TotalParticles > 0 && e.Emitted >= int(info.TotalParticles) {
		e.Stopped = true
	}
}

// canEmit is ShouldEmitParticle's count test: room under MaxParticles and
// TotalParticles not reached.
func (e *Emitter) canEmit() bool {
	return len(e.Particles) < e.maxParticles() &&
		(e.Info.TotalParticles <= 0 || e.Emitted < int(e.Info.TotalParticles))
}

// rand returns a pseudo-random number in [0, 1) (xorshift32: each
// emitter's sequence is fixed by its ids, so runs repeat exactly).
func (e *Emitter) rand() float32 {
	x := e.rng
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	e.rng = x
	return float32(float32(x>>8) / (1 << 24)) // a product (÷2²⁴ is ×2⁻²⁴): not fused into signed's 2·r − 1
}

// signed returns a pseudo-random number in [-1, 1). float32(x*y) rounds
// a product before the sum: never fused (physics.Vec3).
func (e *Emitter) signed() float32 { return float32(2*e.rand()) - 1 }

// emit births one particle age seconds old (EmitParticle, Particle::Init).
func (e *Emitter) emit(age float64) {
	info := e.Info
	rot := e.World.Orientation
	local := func(v physics.Vec3) physics.Vec3 { return rot.Rotate(v) }
	// GetRandomOffset: a random direction flattened onto the plane normal
	// to OffsetDir, MinOffset…MaxOffset long.
	r := physics.Vec3{X: e.signed(), Y: e.signed(), Z: e.signed()}
	r = r.Sub(info.OffsetDir.Scale(info.OffsetDir.Dot(r)))
	var off physics.Vec3
	if l := r.Len(); l > 1e-4 {
		off = r.Scale((info.MinOffset + float32((info.MaxOffset-info.MinOffset)*e.rand())) / l)
	}
	a := info.A.Scale(info.MinA + float32((info.MaxA-info.MinA)*e.rand()))
	b := info.B.Scale(info.MinB + float32((info.MaxB-info.MinB)*e.rand()))
	c := info.C.Scale(info.MinC + float32((info.MaxC-info.MinC)*e.rand()))
	p := Particle{Base: e.World.Origin, Start: local(off), Age: age}
	switch info.ParticleType {
	case dat.ParticleStill:
	case dat.ParticleLocalVelocity:
		p.A = local(a)
	case dat.ParticleGlobalVelocity:
		p.A = a
	case dat.ParticleParabolicLVGA, dat.ParticleParabolicLVGAGR:
		p.A, p.B, p.C = local(a), b, c
	case dat.ParticleParabolicLVLA, dat.ParticleParabolicLVLALR:
		p.A, p.B, p.C = local(a), local(b), local(c)
	case dat.ParticleParabolicGVGA, dat.ParticleParabolicGVGAGR:
		p.A, p.B, p.C = a, b, c
	case dat.ParticleSwarm:
		p.A, p.B, p.C = local(a), b, c
	case dat.ParticleExplode:
		// A random direction stretched by c, normalised.
		ra, po := math.Pi*float64(e.signed()), math.Pi*float64(e.signed())
		rb := math.Cos(po)
		d := physics.Vec3{X: float32(math.Cos(ra) * float64(c.X) * rb), Y: float32(math.Sin(ra) * float64(c.Y) * rb),
			Z: float32(math.Sin(po) * float64(c.Z) * rb)}
		if d.Len() > 1e-4 {
			d = d.Normalize()
		} else {
			d = physics.Vec3{}
		}
		p.A, p.B, p.C = a, b, d
	case dat.ParticleImplode:
		p.Start = p.Start.Mul(c)
		p.A, p.B, p.C = a, b, p.Start
	default:
		p.A, p.B, p.C = a, b, c
	}
	// The lifespan and the scale and translucency curves, each with its
	// random spread.
	p.Lifespan = max(info.Lifespan+float64(float64(e.signed())*info.LifespanRand), 0)
	s := e.signed()
	p.StartScale = clampf(info.StartScale+float32(s*info.ScaleRand), 0.1, 10)
	p.FinalScale = clampf(info.FinalScale+float32(s*info.ScaleRand), 0.1, 10)
	t := e.signed()
	p.StartTrans = clampf(info.StartTrans+float32(t*info.TransRand), 0, 1)
	p.FinalTrans = clampf(info.FinalTrans+float32(t*info.TransRand), 0, 1)
	p.move(info.ParticleType)
	if p.Age < p.Lifespan {
		e.Particles = append(e.Particles, p)
	}
	e.Emitted++
	e.lastEmit = e.World.Origin
}

func clampf(v, lo, hi float32) float32 { return min(max(v, lo), hi) }

// move sets the particle's offset, scale and translucency for its age
// (Particle::Update).
func (p *Particle) move(typ dat.ParticleType) {
	t := float32(p.Age)
	switch typ {
	case dat.ParticleStill:
		p.Offset = p.Start
	case dat.ParticleLocalVelocity, dat.ParticleGlobalVelocity:
		p.Offset = p.Start.Add(p.A.Scale(t))
	case dat.ParticleParabolicLVGA, dat.ParticleParabolicLVLA, dat.ParticleParabolicGVGA,
		dat.ParticleParabolicLVGAGR, dat.ParticleParabolicLVLALR, dat.ParticleParabolicGVGAGR:
		p.Offset = p.Start.Add(p.A.Scale(t)).Add(p.B.Scale(t * t / 2))
	case dat.ParticleSwarm:
		s := p.Start.Add(p.A.Scale(t)).Add(p.C)
		p.Offset = physics.Vec3{X: s.X + float32(math.Cos(float64(t*p.B.X))),
			Y: s.Y + float32(math.Sin(float64(t*p.B.Y))), Z: s.Z + float32(math.Cos(float64(t*p.B.Z)))}
	case dat.ParticleExplode:
		p.Offset = p.B.Scale(t).Add(p.C.Scale(p.A.X)).Scale(t).Add(p.Start)
	case dat.ParticleImplode:
		p.Offset = p.C.Scale(float32(math.Cos(float64(p.A.X * t)))).Add(p.B.Scale(t * t)).Add(p.Start)
	default:
		p.Offset = p.Start
	}
	f := float32(1)
	if p.Lifespan > 0 {
		f = float32(min(p.Age/p.Lifespan, 1))
	}
	p.Scale = p.StartScale + float32((p.FinalScale-p.StartScale)*f)
	p.Trans = p.StartTrans + float32((p.FinalTrans-p.StartTrans)*f)
}

// Position is a particle's position in the emitter's object's cell: the
// emitter's origin now (parent-local emitters) or at the particle's birth,
// plus its offset (an emitter without info counts as parent-local).
func (e *Emitter) Position(p *Particle) physics.Vec3 {
	if e.Info == nil || e.Info.IsParentLocal != 0 {
		return e.World.Origin.Add(p.Offset)
	}
	return p.Base.Add(p.Offset)
}

// Count returns the live particle count.
func (m *ParticleManager) Count() int {
	n := 0
	for _, e := range m.Emitters {
		n += len(e.Particles)
	}
	return n
}

// HasWork reports whether any emitter is live.
func (m *ParticleManager) HasWork() bool { return len(m.Emitters) > 0 }
