package scenes

import (
	"fmt"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/systems"
)

// ResidentAssets are the renderer's assets when landblocks stream: the
// renderer draws exactly the landblocks resident in the world's Land (a
// streamer's published builds), from those builds — a Near block's
// terrain (its statics, buildings and scenery are the world objects the
// streamer spawned and tears down), a Far block's terrain alone — and
// nothing that is not resident. Meshes and surfaces come from the DATs.
type ResidentAssets struct {
	*view.DATAssets
	World *systems.World

	// cache holds the renderer's copy of each resident build, made again
	// when the block's build changes.
	cache map[uint32]residentBlock
}

type residentBlock struct {
	from *collision.Landblock
	lb   *view.Landblock
}

// NewResidentAssets draws w's resident landblocks (w.Ground, as its
// Residency w.Stream publishes them) with a's meshes.
func NewResidentAssets(a *view.DATAssets, w *systems.World) *ResidentAssets {
	return &ResidentAssets{DATAssets: a, World: w, cache: map[uint32]residentBlock{}}
}

// ResidentLandblock implements view.Residency: the resident build's
// heights and terrain words, without statics; nil for a landblock that is
// not resident.
func (a *ResidentAssets) ResidentLandblock(id uint32) *view.Landblock {
	if a.World.Ground == nil {
		return nil
	}
	block := id & 0xFFFF0000
	from := a.World.Ground.Landblock(block)
	if from == nil {
		delete(a.cache, block)
		return nil
	}
	if c, ok := a.cache[block]; ok && c.from == from {
		return c.lb
	}
	lb := a.TerrainOf(from)
	a.cache[block] = residentBlock{from: from, lb: lb}
	return lb
}

// DrawRadius implements view.Residency: the Residency's (the Far ring's
// radius; a collapsed dungeon ring lies within it), 0 without one.
func (a *ResidentAssets) DrawRadius() int {
	if a.World.Stream == nil {
		return 0
	}
	return a.World.Stream.DrawRadius()
}

// CellStatics implements view.CellStaticser: none, since an EnvCell's
// statics are world objects the streamer spawned too (Near only).
func (a *ResidentAssets) CellStatics(*dat.EnvCell) []view.Static { return nil }

// Landblock implements view.Assets: the resident landblock, an error
// wrapping dat.ErrNotFound for any other.
func (a *ResidentAssets) Landblock(id uint32) (*view.Landblock, error) {
	if b := a.ResidentLandblock(id); b != nil {
		return b, nil
	}
	return nil, fmt.Errorf("scenes: landblock 0x%08X is not resident: %w", id|dat.BlockCellPart, dat.ErrNotFound)
}
