package testbed

import (
	"fmt"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/systems"
)

// assets layers a scenario's inline data over a portal DAT (when given):
// it is the world's systems.Assets, so wire messages and world.spawn
// resolve ids the same way.
type assets struct {
	s   *Scenario
	dat *systems.DatAssets
}

func (a assets) Setup(id uint32) (*dat.Setup, error) {
	if v, ok := a.s.Setups[id]; ok {
		return v, nil
	}
	if a.dat == nil {
		return nil, fmt.Errorf("no setup 0x%08X (define it with world.setup)", id)
	}
	return a.dat.Setup(id)
}

func (a assets) MotionTable(id uint32) (*dat.MotionTable, error) {
	if v, ok := a.s.Tables[id]; ok {
		return v, nil
	}
	if a.dat == nil {
		return nil, fmt.Errorf("no motion table 0x%08X (define it with world.motion_table)", id)
	}
	return a.dat.MotionTable(id)
}

func (a assets) PhysicsScriptTable(id uint32) (*dat.PhysicsScriptTable, error) {
	if a.dat == nil {
		return nil, fmt.Errorf("no physics script table 0x%08X without a DAT", id)
	}
	return a.dat.PhysicsScriptTable(id)
}

func (a assets) PhysicsScript(id uint32) (*dat.PhysicsScript, error) {
	if a.dat == nil {
		return nil, fmt.Errorf("no physics script 0x%08X (define it with world.script)", id)
	}
	return a.dat.PhysicsScript(id)
}

func (a assets) Animation(id uint32) *dat.Animation {
	if v, ok := a.s.Anims[id]; ok {
		return v
	}
	if a.dat == nil {
		return nil
	}
	return a.dat.Animation(id)
}

// GfxObj gives collision the DAT's GfxObjs (their physics BSPs); without
// a DAT there are none.
func (a assets) GfxObj(id uint32) (*dat.GfxObj, error) {
	if a.dat == nil {
		return nil, fmt.Errorf("no GfxObj 0x%08X without a DAT", id)
	}
	return a.dat.GfxObj(id)
}

// Environment gives collision the DAT's Environments (the CellStructs of
// indoor cells); without a DAT there are none.
func (a assets) Environment(id uint32) (*dat.Environment, error) {
	if a.dat == nil {
		return nil, fmt.Errorf("no Environment 0x%08X without a DAT", id)
	}
	return a.dat.Environment(id)
}

// ParticleEmitterInfo gives emitters their DAT info (systems.EmitterInfoer);
// without a DAT every emitter is the default one.
func (a assets) ParticleEmitterInfo(id uint32) (*dat.ParticleEmitterInfo, error) {
	if a.dat == nil {
		return nil, fmt.Errorf("no ParticleEmitterInfo 0x%08X without a DAT", id)
	}
	return a.dat.ParticleEmitterInfo(id)
}
