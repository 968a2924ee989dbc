package scenes

import (
	"fmt"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/stream"
	"github.com/dereth/dereth/systems"
)

// ResidentAssets are the renderer's assets when landblocks stream: the
// renderer draws exactly the landblocks the streamer has published (the
// world's stream.Adapter), from their published builds — a Near block's
// terrain (its statics, buildings and scenery are the world objects the
// streamer spawned and tears down), a Far block's terrain alone — and
// nothing that is not resident. Meshes and surfaces come from the DATs.
type ResidentAssets struct {
	*view.DATAssets
	World *systems.World

	// cache holds the renderer's copy of each published build, rebuilt
	// when the block's published build changes.
	cache map[uint32]residentBlock
}

type residentBlock struct {
	build *stream.Build
	lb    *view.Landblock
}

// NewResidentAssets draws w's resident landblocks with a's meshes.
func NewResidentAssets(a *view.DATAssets, w *systems.World) *ResidentAssets {
	return &ResidentAssets{DATAssets: a, World: w, cache: map[uint32]residentBlock{}}
}

// adapter is the world's streamer (nil when it does not stream).
func (a *ResidentAssets) adapter() *stream.Adapter {
	s, _ := a.World.Stream.(*stream.Adapter)
	return s
}

// ResidentLandblock implements view.Residency: the published build's
// heights and terrain words, without statics; nil for a landblock that
// is not published (or without streaming, which the viewer starts before
// the spawn script).
func (a *ResidentAssets) ResidentLandblock(id uint32) *view.Landblock {
	block := id & 0xFFFF0000
	st := a.adapter()
	var sl *stream.Slot
	if st != nil {
		sl = st.Slot(block)
	}
	if sl == nil || sl.Published == stream.None || sl.Build == nil {
		delete(a.cache, block)
		return nil
	}
	if c, ok := a.cache[block]; ok && c.build == sl.Build {
		return c.lb
	}
	lb := &view.Landblock{ID: block | dat.BlockCellPart, Z: sl.Build.Heights, Terrain: sl.Build.Terrain}
	a.cache[block] = residentBlock{build: sl.Build, lb: lb}
	if len(a.cache) > 2*st.Len()+16 {
		for b := range a.cache {
			if s := st.Slot(b); s == nil || s.Build != a.cache[b].build {
				delete(a.cache, b)
			}
		}
	}
	return lb
}

// DrawRadius implements view.Residency: the Far ring's radius (a
// collapsed dungeon ring lies within it).
func (a *ResidentAssets) DrawRadius() int {
	if st := a.adapter(); st != nil {
		return st.Config().FarRadius
	}
	return 0
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
