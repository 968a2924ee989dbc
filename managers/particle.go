package managers

import "github.com/dereth/dereth/physics"

// Emitter is one particle emitter created by a CreateParticle hook.
type Emitter struct {
	InfoID    uint32
	EmitterID uint32
	Part      uint32
	Offset    physics.Frame
	// World is the emitter's frame in its object's cell, placed by the
	// frame orchestrator's attached-effects step.
	World physics.Frame
	Age   float64
	// Lifetime is how long the emitter emits; 0 emits until stopped.
	Lifetime float64
	Stopped  bool
	// Particles are the live particles' offsets from the emitter.
	Particles []Particle
	accum     float64
}

// Particle is one live particle.
type Particle struct {
	Offset physics.Vec3
	Age    float64
}

// Emitter parameters until emitter-info DATs are read (divergence PM-02).
const (
	EmitRate         = 10.0 // particles per second
	ParticleLifetime = 1.0  // seconds
	ParticleRise     = 0.5  // units per second, +z
	maxParticles     = 64
)

// ParticleManager owns an object's emitters (ParticleManager).
type ParticleManager struct {
	Emitters []*Emitter
}

// CreateParticleEmitter adds an emitter (CreateParticleHook's effect) and
// returns it.
func (m *ParticleManager) CreateParticleEmitter(info, emitterID, part uint32, offset physics.Frame) *Emitter {
	e := &Emitter{InfoID: info, EmitterID: emitterID, Part: part, Offset: offset}
	m.Emitters = append(m.Emitters, e)
	return e
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

// UpdateParticles ages emitters and particles by dt, emits new particles and
// drops dead ones and finished emitters (ParticleManager::UpdateParticles).
func (m *ParticleManager) UpdateParticles(dt float64) {
	kept := m.Emitters[:0]
	for _, e := range m.Emitters {
		e.Age += dt
		live := e.Particles[:0]
		for _, p := range e.Particles {
			p.Age += dt
			p.Offset.Z += float32(ParticleRise * dt)
			if p.Age < ParticleLifetime {
				live = append(live, p)
			}
		}
		e.Particles = live
		if e.Lifetime > 0 && e.Age >= e.Lifetime {
			e.Stopped = true
		}
		if !e.Stopped {
			for e.accum += dt * EmitRate; e.accum >= 1 && len(e.Particles) < maxParticles; e.accum-- {
				e.Particles = append(e.Particles, Particle{})
			}
		}
		if !e.Stopped || len(e.Particles) > 0 {
			kept = append(kept, e)
		}
	}
	clear(m.Emitters[len(kept):])
	m.Emitters = kept
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
