package stream

import (
	"fmt"
	"slices"
	"time"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenery"
	"github.com/dereth/dereth/systems"
)

// Ground is the World.Ground of a streamed world: the published
// landblocks' builds (Near or Far) only, so nothing stands on, collides
// with, or enters what is not resident.
type Ground struct{ s *Streamer }

// Build is the published build of block, nil where it is not resident.
func (g *Ground) Build(block uint32) *Build {
	sl := g.s.Slot(block)
	if sl == nil || sl.Published == None {
		return nil
	}
	return sl.Build
}

// Landblock is the published build of block (systems.Land); nil where it
// is not resident.
func (g *Ground) Landblock(block uint32) *collision.Landblock {
	if b := g.Build(block); b != nil {
		return &b.Landblock
	}
	return nil
}

// GroundZ is the terrain height at (x, y) of cell's landblock
// (physobj.Ground); false where the landblock is not resident.
func (g *Ground) GroundZ(cell uint32, x, y float32) (float32, bool) {
	b := g.Build(cell)
	if b == nil {
		return 0, false
	}
	return dat.TerrainHeight(cell, &b.Heights, x, y), true
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
	// SpawnPerFrame bounds the Near objects spawned at one frame boundary
	// while the world is shown (no login or portal travel under way):
	// the rest of a published block's statics and scenery wait in order
	// for the next boundaries, so crossing into a wooded landblock does
	// not spend one frame spawning hundreds of objects. During travel,
	// behind the reveal barrier, everything spawns at once. 0: unbounded.
	// Attach sets DefaultSpawnPerFrame.
	SpawnPerFrame int
	// pending are the published Near objects not spawned yet, in order.
	pending []pendingStatic
	// Charge, when set, is asked before each static or scenery object is
	// spawned (publication runs inside the host's frame, outside any
	// script instruction count): a script host charges the work to its
	// limits. Once it returns an error, kept in Stopped, no more objects
	// are spawned and no more landblocks published (the world is then
	// left part-published: the host's script has failed); the host
	// reports the tripped limit after the frame.
	Charge  func(objects int) error
	Stopped error
	// Lockstep makes each frame boundary wait for every build issued
	// so far (WaitBuilt, at most LockstepWait) before it publishes: what
	// a frame shows then depends on the frame number, not on how fast the
	// workers built. A screenshot run steps so, to save the same picture
	// every run.
	Lockstep bool
	gfx      map[uint32]*dat.Setup
}

// LockstepWait bounds a Lockstep frame boundary's wait for the workers;
// past it the boundary publishes what has been built.
const LockstepWait = time.Minute

// pendingStatic is a published block's static or scenery object waiting
// to be spawned.
type pendingStatic struct {
	block uint32
	st    Static
}

// DefaultSpawnPerFrame is the viewer's and dereth run's SpawnPerFrame:
// 64 objects, about 1 ms of spawning on this project's loaded machine
// (docs/performance.md, "Streaming"); a wooded block's 262 objects take
// five frames.
const DefaultSpawnPerFrame = 64

// Attach makes a streamer over src the world's Residency and Ground.
// The world's trace sees every streaming event.
func Attach(w *systems.World, cfg Config, src Source) (*Adapter, error) {
	a := &Adapter{W: w, Ground: &Ground{}, SpawnPerFrame: DefaultSpawnPerFrame,
		Objects: map[uint32][]uint32{}, gfx: map[uint32]*dat.Setup{}}
	s, err := New(cfg, src, a)
	if err != nil {
		return nil, err
	}
	a.Streamer = s
	a.Ground.s = s
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

// DrawRadius implements systems.Residency: the Far ring's radius (a
// collapsed dungeon ring lies within it).
func (a *Adapter) DrawRadius() int { return a.Config().FarRadius }

// FrameBoundary implements systems.Residency: a hard recenter or a
// follow, then publication, then the frame's share of the published
// blocks' objects (SpawnPerFrame).
func (a *Adapter) FrameBoundary(focus physics.Position, hard bool) {
	if hard {
		a.Recenter(focus)
	} else {
		a.Update(focus)
	}
	if a.Lockstep {
		a.WaitBuilt(LockstepWait)
	}
	a.Publish()
	a.spawnPending(a.spawnBudget())
}

// spawnBudget is how many pending objects this boundary spawns: all of
// them during travel (nothing is shown) or when unbounded.
func (a *Adapter) spawnBudget() int {
	if a.SpawnPerFrame <= 0 || a.W.SmartBox.TravelState() != "" {
		return len(a.pending)
	}
	return a.SpawnPerFrame
}

// Pending is how many published Near objects wait to be spawned.
func (a *Adapter) Pending() int { return len(a.pending) }

// spawnPending spawns up to n pending objects, in publication order,
// each charged to the host (Charge) first: once the host's limits trip,
// nothing more spawns.
func (a *Adapter) spawnPending(n int) {
	n = min(n, len(a.pending))
	for i, p := range a.pending[:n] {
		if !a.charge(1) {
			n = i
			break
		}
		if err := a.spawn(p.st); err != nil {
			a.Errors++
			a.W.TraceStream(EventError, fmt.Sprintf("0x%04X static 0x%08X: %v", p.block>>16, p.st.GUID, err))
			continue
		}
		a.Objects[p.block] = append(a.Objects[p.block], p.st.GUID)
	}
	rest := copy(a.pending, a.pending[n:])
	clear(a.pending[rest:])
	a.pending = a.pending[:rest]
}

// dropPending forgets block's pending objects.
func (a *Adapter) dropPending(block uint32) {
	a.pending = slices.DeleteFunc(a.pending, func(p pendingStatic) bool { return p.block == block })
}

// PublishTerrain implements Sink: the build becomes the resident ground
// (and what collision takes of the landblock).
func (a *Adapter) PublishTerrain(b *Build) {
	if a.charge(1) {
		a.W.ForgetLandblock(b.Block)
	}
}

// charge asks Charge for n objects' work and reports whether publication
// may go on (always, without a Charge).
func (a *Adapter) charge(n int) bool {
	if a.Charge != nil && a.Stopped == nil {
		a.Stopped = a.Charge(n)
	}
	return a.Stopped == nil
}

// TeardownTerrain implements Sink.
func (a *Adapter) TeardownTerrain(block uint32) { a.W.ForgetLandblock(block) }

// PublishNear implements Sink: the Near build becomes the resident one —
// collision takes its statics, buildings, EnvCells and scenery from it
// (World.Ground) — and every static and scenery object is spawned through
// the one spawn path (its default script plays, its lights and particles
// come with it), ethereal, so it is drawn and animated but collides once,
// as the build's static. An object that cannot be spawned is traced and
// counted, never fatal. Collision has the block's statics at once (from
// the build); the objects are spawned within the frame boundary's
// SpawnPerFrame, in order.
func (a *Adapter) PublishNear(b *Build) {
	// The block's collision is built from all its statics and scenery.
	if !a.charge(1 + len(b.Statics) + len(b.Scenery)) {
		return // the host's limits tripped: publish no more
	}
	a.W.ForgetLandblock(b.Block)
	a.dropPending(b.Block)
	a.Objects[b.Block] = a.Objects[b.Block][:0]
	for _, list := range [2][]Static{b.Statics, b.Scenery} {
		for _, st := range list {
			a.pending = append(a.pending, pendingStatic{b.Block, st})
		}
	}
	if a.SpawnPerFrame <= 0 || a.W.SmartBox.TravelState() != "" {
		a.spawnPending(len(a.pending))
	}
}

// TeardownNear implements Sink: the block's objects leave the world (their
// scripts, particles and lights with them) and collision forgets the
// block: it falls back to its terrain alone (the terrain-only build the
// streamer keeps), without statics or EnvCells.
func (a *Adapter) TeardownNear(block uint32) {
	for _, g := range a.Objects[block] {
		a.W.Remove(g)
	}
	delete(a.Objects, block)
	a.dropPending(block)
	a.W.ForgetLandblock(block)
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
