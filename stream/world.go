package stream

import (
	"fmt"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenery"
	"github.com/dereth/dereth/systems"
)

// Ground is the World.Ground of a streamed world: terrain heights of the
// published landblocks only (Near or Far), so nothing stands on, or
// collides with, terrain that is not resident.
type Ground struct {
	blocks map[uint32]*collision.Heights
	// cells are the EnvCells of the Near landblocks.
	cells map[uint32]*dat.EnvCell
}

// EnvCell is an EnvCell of a Near landblock (collision's indoor cells and
// their static objects); an error for any other.
func (g *Ground) EnvCell(id uint32) (*dat.EnvCell, error) {
	if c, ok := g.cells[id]; ok {
		return c, nil
	}
	return nil, fmt.Errorf("stream: EnvCell 0x%08X is not resident: %w", id, dat.ErrNotFound)
}

// GroundZ is the terrain height at (x, y) of cell's landblock
// (physobj.Ground); false where the landblock is not resident.
func (g *Ground) GroundZ(cell uint32, x, y float32) (float32, bool) {
	z, ok := g.blocks[cell&0xFFFF0000]
	if !ok {
		return 0, false
	}
	return dat.TerrainHeight(cell, z, x, y), true
}

// LandHeights is collision's terrain of a resident landblock.
func (g *Ground) LandHeights(block uint32) (*collision.Heights, bool) {
	z, ok := g.blocks[block&0xFFFF0000]
	return z, ok
}

// Adapter streams landblocks into a systems.World: it is the world's
// Residency and Ground, and the Sink that spawns a Near block's statics
// and scenery as world objects (so collision's broad phase follows them)
// and removes them again through the one teardown path.
type Adapter struct {
	*Streamer
	W      *systems.World
	Ground *Ground
	// Objects are the guids each Near landblock published.
	Objects map[uint32][]uint32
	// Errors counts statics that could not be spawned (traced).
	Errors int
	gfx    map[uint32]*dat.Setup
}

// Attach makes a streamer over src the world's Residency and Ground.
// The world's trace sees every streaming event.
func Attach(w *systems.World, cfg Config, src Source) (*Adapter, error) {
	a := &Adapter{W: w, Ground: &Ground{blocks: map[uint32]*collision.Heights{}, cells: map[uint32]*dat.EnvCell{}},
		Objects: map[uint32][]uint32{}, gfx: map[uint32]*dat.Setup{}}
	s, err := New(cfg, src, a)
	if err != nil {
		return nil, err
	}
	a.Streamer = s
	s.Observer = a.observe
	w.Stream = a
	w.Ground = a.Ground
	return a, nil
}

func (a *Adapter) observe(e Event) {
	if a.W.Trace == nil {
		return
	}
	d := fmt.Sprintf("0x%04X %s gen %d", e.Block>>16, e.Tier, e.Gen)
	switch e.Kind {
	case EventRequest:
		d = e.Op.String() + " " + d
	case EventGen:
		d = fmt.Sprintf("gen %d", e.Gen)
	}
	if e.Reason != "" {
		d += " " + e.Reason
	}
	a.W.TraceStream(e.Kind, d)
}

// FrameBoundary implements systems.Residency: a hard recenter or a
// follow, then publication.
func (a *Adapter) FrameBoundary(focus physics.Position, hard bool) {
	if hard {
		a.Recenter(focus)
	} else {
		a.Update(focus)
	}
	a.Publish()
}

// PublishTerrain implements Sink: the heights become the resident ground
// and collision drops its cached copy.
func (a *Adapter) PublishTerrain(b *Build) {
	z := b.Heights
	a.Ground.blocks[b.Block] = &z
	a.W.LandblockPublished(b.Block)
}

// TeardownTerrain implements Sink.
func (a *Adapter) TeardownTerrain(block uint32) {
	delete(a.Ground.blocks, block)
	a.W.LandblockTornDown(block)
}

// PublishNear implements Sink: every static and scenery object is spawned
// through the one spawn path (its default script plays, its lights and
// particles come with it), ethereal: the landblock's collision — its
// LandBlockInfo objects and buildings, its EnvCells and their statics, its
// scenery — is published once, by collision's AddLandblockCollision. An
// object that cannot be spawned is traced and counted, never fatal.
func (a *Adapter) PublishNear(b *Build) {
	for _, c := range b.Cells {
		a.Ground.cells[c.ID] = c
	}
	guids := a.Objects[b.Block][:0]
	for _, list := range [2][]Static{b.Statics, b.Scenery} {
		for _, st := range list {
			if err := a.spawn(st); err != nil {
				a.Errors++
				a.W.TraceStream(EventError, fmt.Sprintf("0x%04X static 0x%08X: %v", b.Block>>16, st.GUID, err))
				continue
			}
			guids = append(guids, st.GUID)
		}
	}
	a.Objects[b.Block] = guids
	a.W.AddLandblockCollision(b.Info, b.Placed)
}

// TeardownNear implements Sink: the block's objects leave the world (their
// scripts, particles and lights with them), its EnvCells leave the ground
// and its static collision is removed (RemoveLandblockCollision).
func (a *Adapter) TeardownNear(block uint32) {
	for _, g := range a.Objects[block] {
		a.W.Remove(g)
	}
	delete(a.Objects, block)
	for id := range a.Ground.cells {
		if id&0xFFFF0000 == block {
			delete(a.Ground.cells, id)
		}
	}
	a.W.RemoveLandblockCollision(block)
}

func (a *Adapter) spawn(st Static) error {
	if a.W.Assets == nil {
		return fmt.Errorf("no assets")
	}
	setup, err := a.setup(st.ID)
	if err != nil {
		return err
	}
	scale := st.Scale
	if scale <= 0 {
		scale = 1
	}
	arch := "landblock static"
	if st.GUID>>28 == scenery.IDClass {
		arch = "scenery"
	}
	d := archetypes.Desc{GUID: st.GUID, Archetype: arch, Cell: st.Cell, Frame: st.Frame,
		State: physics.StateStatic | physics.StateEthereal, Scale: scale, Setup: setup, Anims: a.W.Assets, Static: true,
		Managers: archetypes.WithParticle | archetypes.WithScript | archetypes.WithPhysicsHooks}
	if setup.DefaultAnimation != 0 {
		d.State |= physics.StateHasDefaultAnim
	}
	_, err = a.W.Spawn(d)
	return err
}

// setup resolves a static's Setup; a GfxObj static becomes a one-part
// Setup of that mesh (cached).
func (a *Adapter) setup(id uint32) (*dat.Setup, error) {
	if id>>24 != 0x01 {
		return a.W.Assets.Setup(id)
	}
	if s, ok := a.gfx[id]; ok {
		return s, nil
	}
	s := &dat.Setup{ID: id, Parts: []uint32{id},
		PlacementFrames: map[int32]dat.AnimFrame{0: {Frames: []physics.Frame{physics.IdentityFrame}}}}
	a.gfx[id] = s
	return s, nil
}
