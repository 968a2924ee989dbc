package systems

import (
	"fmt"

	"github.com/dereth/dereth/dat"
)

// Assets resolves the DAT ids a CreateObject names. DatAssets serves them
// from a portal DAT; the testbed layers inline data over it.
type Assets interface {
	Setup(id uint32) (*dat.Setup, error)
	MotionTable(id uint32) (*dat.MotionTable, error)
	PhysicsScriptTable(id uint32) (*dat.PhysicsScriptTable, error)
	PhysicsScript(id uint32) (*dat.PhysicsScript, error)
	// Animation resolves clips for the sequencer (motion.AnimationSource).
	Animation(id uint32) *dat.Animation
	// GfxObj and Environment give collision the physics BSPs of meshes
	// and the CellStructs of indoor cells (collision.Assets).
	GfxObj(id uint32) (*dat.GfxObj, error)
	Environment(id uint32) (*dat.Environment, error)
}

// EmitterInfoer is implemented by Assets that read 0x32
// ParticleEmitterInfos; without it every emitter is the default one.
type EmitterInfoer interface {
	ParticleEmitterInfo(id uint32) (*dat.ParticleEmitterInfo, error)
}

// DatAssets caches decoded objects of a portal DAT.
type DatAssets struct {
	C        *dat.Container
	setups   map[uint32]*dat.Setup
	tables   map[uint32]*dat.MotionTable
	pes      map[uint32]*dat.PhysicsScriptTable
	ps       map[uint32]*dat.PhysicsScript
	anims    map[uint32]*dat.Animation
	emitters map[uint32]*dat.ParticleEmitterInfo
}

// NewDatAssets returns assets over a portal container.
func NewDatAssets(c *dat.Container) *DatAssets {
	return &DatAssets{C: c, setups: map[uint32]*dat.Setup{}, tables: map[uint32]*dat.MotionTable{},
		pes: map[uint32]*dat.PhysicsScriptTable{}, ps: map[uint32]*dat.PhysicsScript{}, anims: map[uint32]*dat.Animation{}}
}

func cached[T any](m map[uint32]*T, id uint32, load func(uint32) (*T, error)) (*T, error) {
	if v, ok := m[id]; ok {
		return v, nil
	}
	v, err := load(id)
	if err != nil {
		return nil, err
	}
	m[id] = v
	return v, nil
}

// Setup returns the Setup with the id.
func (a *DatAssets) Setup(id uint32) (*dat.Setup, error) { return cached(a.setups, id, a.C.Setup) }

// MotionTable returns the MotionTable with the id.
func (a *DatAssets) MotionTable(id uint32) (*dat.MotionTable, error) {
	return cached(a.tables, id, a.C.MotionTable)
}

// PhysicsScriptTable returns the PhysicsScriptTable with the id.
func (a *DatAssets) PhysicsScriptTable(id uint32) (*dat.PhysicsScriptTable, error) {
	return cached(a.pes, id, a.C.PhysicsScriptTable)
}

// PhysicsScript returns the PhysicsScript with the id.
func (a *DatAssets) PhysicsScript(id uint32) (*dat.PhysicsScript, error) {
	return cached(a.ps, id, a.C.PhysicsScript)
}

// ParticleEmitterInfo returns the ParticleEmitterInfo with the id
// (EmitterInfoer).
func (a *DatAssets) ParticleEmitterInfo(id uint32) (*dat.ParticleEmitterInfo, error) {
	if a.emitters == nil {
		a.emitters = map[uint32]*dat.ParticleEmitterInfo{}
	}
	return cached(a.emitters, id, a.C.ParticleEmitterInfo)
}

// Animation returns the animation with the id, or nil when it is missing
// or corrupt (the node is then dropped as degenerate).
func (a *DatAssets) Animation(id uint32) *dat.Animation {
	v, err := cached(a.anims, id, a.C.Animation)
	if err != nil {
		a.anims[id] = nil
		return nil
	}
	return v
}

// errNoAssets is returned when a message names data but the world has no
// Assets.
var errNoAssets = fmt.Errorf("systems: the world has no assets to resolve DAT ids")
