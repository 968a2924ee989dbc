package stream

import (
	"errors"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
)

// Sync is the land of a world that does not stream: a streamer of radius
// 0 around every landblock asked for, built synchronously. The first
// question about a landblock (its ground, its collision, its drawing)
// builds it Near from the Source — the same build a streamed world
// publishes — and keeps it; a landblock the source cannot build (absent
// or corrupt) is remembered as absent. It implements systems.Land.
// Sync is for one goroutine (the simulation's), as a World is.
type Sync struct {
	src    Source
	blocks map[uint32]*Build
	// Err is the last build error other than an absent landblock.
	Err error
}

// NewSync returns the radius-0 land over src.
func NewSync(src Source) *Sync { return &Sync{src: src, blocks: map[uint32]*Build{}} }

// Build returns block's Near build, building it on first use; nil when
// the source has none.
func (s *Sync) Build(block uint32) *Build {
	block &= 0xFFFF0000
	if b, ok := s.blocks[block]; ok {
		return b
	}
	b, err := s.src.Build(Request{Op: OpLoad, Block: block, Tier: Near})
	if err != nil {
		b = nil
		if !errors.Is(err, dat.ErrNotFound) {
			s.Err = err
		}
	}
	s.blocks[block] = b
	return b
}

// Landblock implements systems.Land.
func (s *Sync) Landblock(block uint32) *collision.Landblock {
	if b := s.Build(block); b != nil {
		return &b.Landblock
	}
	return nil
}

// GroundZ implements physobj.Ground: the terrain height at (x, y) of
// cell's landblock.
func (s *Sync) GroundZ(cell uint32, x, y float32) (float32, bool) {
	b := s.Build(cell)
	if b == nil {
		return 0, false
	}
	return dat.TerrainHeight(cell, &b.Heights, x, y), true
}

// Source is the source the landblocks are built from.
func (s *Sync) Source() Source { return s.src }
