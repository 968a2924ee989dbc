package dat

import "github.com/dereth/dereth/physics"

// EmitterType says what an emitter's Birthrate counts (ACE EmitterType).
type EmitterType int32

// The emitter types.
const (
	EmitterUnknown EmitterType = 0
	// EmitterBirthratePerSec: Birthrate is the seconds between particles.
	EmitterBirthratePerSec EmitterType = 1
	// EmitterBirthratePerMeter: Birthrate is the distance the emitter
	// moves between particles.
	EmitterBirthratePerMeter EmitterType = 2
)

// ParticleType is how a particle moves (ACE ParticleType): LV/GV is a
// local or global velocity (A), LA/GA a local or global acceleration (B),
// LR/GR a local or global rotation (C).
type ParticleType int32

// The particle types.
const (
	ParticleUnknown         ParticleType = 0
	ParticleStill           ParticleType = 1
	ParticleLocalVelocity   ParticleType = 2
	ParticleParabolicLVGA   ParticleType = 3
	ParticleParabolicLVGAGR ParticleType = 4
	ParticleSwarm           ParticleType = 5
	ParticleExplode         ParticleType = 6
	ParticleImplode         ParticleType = 7
	ParticleParabolicLVLA   ParticleType = 8
	ParticleParabolicLVLALR ParticleType = 9
	ParticleParabolicGVGA   ParticleType = 10
	ParticleParabolicGVGAGR ParticleType = 11
	ParticleGlobalVelocity  ParticleType = 12
)

// ParticleEmitterInfo is a 0x32 ParticleEmitterInfo: how an emitter
// creates particles and how they move, grow and fade. Field order is the
// DAT's (ACE DatLoader ParticleEmitterInfo.Unpack); 176 bytes.
type ParticleEmitterInfo struct {
	ID uint32 `json:"id"`
	// Unknown is the u32 after the id (unused by the client ports).
	Unknown      uint32       `json:"unknown"`
	EmitterType  EmitterType  `json:"emitter_type"`
	ParticleType ParticleType `json:"particle_type"`
	// GfxObjID is the particle's model; HWGfxObjID the one drawn with
	// hardware rendering (what ACE and dereth draw).
	GfxObjID   uint32 `json:"gfx_obj_id"`
	HWGfxObjID uint32 `json:"hw_gfx_obj_id"`
	// Birthrate is seconds (or metres) between particles (EmitterType).
	Birthrate        float64 `json:"birthrate"`
	MaxParticles     int32   `json:"max_particles"`
	InitialParticles int32   `json:"initial_particles"`
	// TotalParticles and TotalSeconds end the emitter (0: no limit).
	TotalParticles int32   `json:"total_particles"`
	TotalSeconds   float64 `json:"total_seconds"`
	// Lifespan ± LifespanRand is each particle's life in seconds.
	Lifespan     float64 `json:"lifespan"`
	LifespanRand float64 `json:"lifespan_rand"`
	// OffsetDir is the normal of the disc particles start in, at
	// MinOffset…MaxOffset from the emitter.
	OffsetDir physics.Vec3 `json:"offset_dir"`
	MinOffset float32      `json:"min_offset"`
	MaxOffset float32      `json:"max_offset"`
	// A, B and C are the particle type's three vectors, each scaled by a
	// random factor in [Min, Max].
	A          physics.Vec3 `json:"a"`
	MinA       float32      `json:"min_a"`
	MaxA       float32      `json:"max_a"`
	B          physics.Vec3 `json:"b"`
	MinB       float32      `json:"min_b"`
	MaxB       float32      `json:"max_b"`
	C          physics.Vec3 `json:"c"`
	MinC       float32      `json:"min_c"`
	MaxC       float32      `json:"max_c"`
	StartScale float32      `json:"start_scale"`
	FinalScale float32      `json:"final_scale"`
	ScaleRand  float32      `json:"scale_rand"`
	StartTrans float32      `json:"start_trans"`
	FinalTrans float32      `json:"final_trans"`
	TransRand  float32      `json:"trans_rand"`
	// IsParentLocal: particles follow the emitter as it moves (else they
	// stay where they were born).
	IsParentLocal int32 `json:"is_parent_local"`
}

// particleEmitterInfoSize is the encoded size of a ParticleEmitterInfo.
const particleEmitterInfoSize = 176

// DecodeParticleEmitterInfo decodes a ParticleEmitterInfo.
func DecodeParticleEmitterInfo(id uint32, data []byte) (*ParticleEmitterInfo, error) {
	d := newDecoder("ParticleEmitterInfo", id, data)
	p := &ParticleEmitterInfo{ID: d.u32(), Unknown: d.u32()}
	p.EmitterType, p.ParticleType = EmitterType(d.i32()), ParticleType(d.i32())
	p.GfxObjID, p.HWGfxObjID = d.u32(), d.u32()
	p.Birthrate = d.f64()
	p.MaxParticles, p.InitialParticles, p.TotalParticles = d.i32(), d.i32(), d.i32()
	p.TotalSeconds, p.Lifespan, p.LifespanRand = d.f64(), d.f64(), d.f64()
	p.OffsetDir, p.MinOffset, p.MaxOffset = d.vec(), d.f32(), d.f32()
	p.A, p.MinA, p.MaxA = d.vec(), d.f32(), d.f32()
	p.B, p.MinB, p.MaxB = d.vec(), d.f32(), d.f32()
	p.C, p.MinC, p.MaxC = d.vec(), d.f32(), d.f32()
	p.StartScale, p.FinalScale, p.ScaleRand = d.f32(), d.f32(), d.f32()
	p.StartTrans, p.FinalTrans, p.TransRand = d.f32(), d.f32(), d.f32()
	p.IsParentLocal = d.i32()
	if err := d.finish(); err != nil {
		return nil, err
	}
	return p, nil
}

// EncodeParticleEmitterInfo encodes a ParticleEmitterInfo.
func EncodeParticleEmitterInfo(p *ParticleEmitterInfo) ([]byte, error) {
	e := newEncoder("ParticleEmitterInfo", p.ID, particleEmitterInfoSize)
	e.u32(p.ID)
	e.u32(p.Unknown)
	e.i32(int32(p.EmitterType))
	e.i32(int32(p.ParticleType))
	e.u32(p.GfxObjID)
	e.u32(p.HWGfxObjID)
	e.f64(p.Birthrate)
	e.i32(p.MaxParticles)
	e.i32(p.InitialParticles)
	e.i32(p.TotalParticles)
	e.f64(p.TotalSeconds)
	e.f64(p.Lifespan)
	e.f64(p.LifespanRand)
	for _, v := range [4]struct {
		v        physics.Vec3
		min, max float32
	}{{p.OffsetDir, p.MinOffset, p.MaxOffset}, {p.A, p.MinA, p.MaxA}, {p.B, p.MinB, p.MaxB}, {p.C, p.MinC, p.MaxC}} {
		e.vec(v.v)
		e.f32(v.min)
		e.f32(v.max)
	}
	for _, f := range [6]float32{p.StartScale, p.FinalScale, p.ScaleRand, p.StartTrans, p.FinalTrans, p.TransRand} {
		e.f32(f)
	}
	e.i32(p.IsParentLocal)
	return e.result()
}
