package testbed

import (
	"fmt"

	"dereth/dat"
	"dereth/managers"
)

// datSource resolves ids a script did not define inline from a portal DAT,
// caching what it decoded. Decode errors are kept and reported by the
// spawn that needed the object.
type datSource struct {
	c      *dat.Container
	anims  map[uint32]*dat.Animation
	errors []error
}

func newDatSource(c *dat.Container) *datSource {
	return &datSource{c: c, anims: map[uint32]*dat.Animation{}}
}

// Animation implements motion.AnimationSource over the DAT.
func (d *datSource) Animation(id uint32) *dat.Animation {
	if a, ok := d.anims[id]; ok {
		return a
	}
	a, err := d.c.Animation(id)
	if err != nil {
		d.errors = append(d.errors, err)
		a = nil
	}
	d.anims[id] = a
	return a
}

func (d *datSource) script(id uint32) (*managers.Script, error) {
	ps, err := d.c.PhysicsScript(id)
	if err != nil {
		return nil, fmt.Errorf("physics script 0x%08X: %w", id, err)
	}
	s := &managers.Script{ID: id}
	for _, e := range ps.Entries {
		s.Hooks = append(s.Hooks, managers.ScriptHook{Time: e.StartTime, Hook: e.Hook})
	}
	return s, nil
}

// anims layers a scenario's inline animations over the DAT's.
type anims struct {
	inline map[uint32]*dat.Animation
	dat    *datSource
}

func (a anims) Animation(id uint32) *dat.Animation {
	if x, ok := a.inline[id]; ok {
		return x
	}
	if a.dat != nil {
		return a.dat.Animation(id)
	}
	return nil
}
