package stream

import (
	"errors"
	"fmt"
	"sync"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenery"
)

// StaticClass is the class nibble of the stable guids of a landblock's
// DAT statics (LandBlockInfo objects and buildings, EnvCell statics):
// 0x7XXYYIII, a 12-bit per-landblock counter as for scenery's 0x8XXYYIII.
const StaticClass = 0x7

// MaxPerBlock is the per-landblock counter's range (12 bits).
const MaxPerBlock = 0x1000

// StaticGUID is the stable guid of the i-th static of block: class,
// landblock X and Y, counter. i past 4095 fails before it aliases the
// next landblock.
func StaticGUID(class, block uint32, i int) (uint32, error) {
	if i < 0 || i >= MaxPerBlock {
		return 0, fmt.Errorf("stream: landblock 0x%04X: static %d overflows the 12-bit counter (max %d)", block>>16, i, MaxPerBlock-1)
	}
	return class<<28 | (block>>16&0xFFFF)<<12 | uint32(i), nil
}

// SceneryFunc places a landblock's procedural scenery (SceneryOf: the
// scenery package's generator) from its LandBlock and LandBlockInfo (nil
// when it has none); nil: none.
type SceneryFunc func(lb *dat.LandBlock, info *dat.LandBlockInfo) ([]scenery.Object, error)

// SceneryOf is the SceneryFunc of a scenery generator.
func SceneryOf(g *scenery.Generator) SceneryFunc {
	return func(lb *dat.LandBlock, info *dat.LandBlockInfo) ([]scenery.Object, error) {
		return g.Generate(lb, info, nil)
	}
}

// DatSource builds landblocks from a cell DAT and the Region's height
// table. It is safe for concurrent use (the containers are read-only).
type DatSource struct {
	Cell    *dat.Container
	Land    *dat.LandDefs
	Scenery SceneryFunc

	mu      sync.Mutex
	dungeon map[uint32]bool
}

// NewDatSource returns a source over a cell DAT and the Region's LandDefs.
func NewDatSource(cell *dat.Container, land *dat.LandDefs) *DatSource {
	return &DatSource{Cell: cell, Land: land, dungeon: map[uint32]bool{}}
}

// DatSourceOf returns a source over a cell DAT with the portal DAT's
// Region heights and, when the portal DAT holds what the scenery generator
// needs, its procedural scenery (otherwise none).
func DatSourceOf(portal, cell *dat.Container) (*DatSource, error) {
	r, err := portal.Region(dat.RegionID)
	if err != nil {
		return nil, fmt.Errorf("streaming: %w", err)
	}
	src := NewDatSource(cell, &r.LandDefs)
	if g, err := scenery.FromPortal(portal); err == nil {
		src.Scenery = SceneryOf(g)
	}
	return src, nil
}

// Build reads the LandBlock (terrain, both tiers) and, for Near, the
// LandBlockInfo's objects and buildings (each building with the EnvCells
// its portals open into), its EnvCells with their static objects, and the
// scenery — placed whether or not the landblock has a LandBlockInfo. This
// is the one place a landblock of the cell DAT is read.
func (d *DatSource) Build(req Request) (*Build, error) {
	id := dat.BlockID(req.Block)
	lb, err := d.Cell.LandBlock(id)
	if err != nil {
		return nil, fmt.Errorf("stream: landblock 0x%08X: %w", id, err)
	}
	b := newBuild(req.Block, req.Tier)
	b.Heights, b.Terrain = d.Land.VertexHeights(lb), lb.Terrain
	if req.Tier != Near {
		return b, nil
	}
	n := 0
	add := func(st Static) error {
		g, err := StaticGUID(StaticClass, b.Block, n)
		if err != nil {
			return err
		}
		n++
		st.GUID = g
		b.Statics = append(b.Statics, st)
		return nil
	}
	var info *dat.LandBlockInfo
	if lb.HasObjects {
		info, err = d.Cell.LandBlockInfo(dat.BlockInfoID(id))
		if err != nil && !errors.Is(err, dat.ErrNotFound) {
			return nil, fmt.Errorf("stream: landblock info 0x%08X: %w", dat.BlockInfoID(id), err)
		}
	}
	if info != nil {
		outside := func(f physics.Frame) uint32 { return dat.CellAt(b.Block, f.Origin.X, f.Origin.Y) }
		for _, s := range info.Objects {
			if err := add(Static{ID: s.ID, Cell: outside(s.Frame), Frame: s.Frame}); err != nil {
				return nil, err
			}
		}
		for _, bl := range info.Buildings {
			var cells []uint32
			for _, p := range bl.Portals {
				if p.OtherCellID != collision.OutsideCell {
					cells = append(cells, b.Block|uint32(p.OtherCellID))
				}
			}
			if err := add(Static{ID: bl.ModelID, Cell: outside(bl.Frame), Frame: bl.Frame, Cells: cells, Building: true}); err != nil {
				return nil, err
			}
		}
		for i := uint32(0); i < info.NumCells && i < MaxPerBlock; i++ {
			cid := b.Block | (dat.FirstEnvCell + i)
			c, err := d.Cell.EnvCell(cid)
			if err != nil {
				return nil, fmt.Errorf("stream: EnvCell 0x%08X of landblock info 0x%08X: %w", cid, info.ID, err)
			}
			b.Cells = append(b.Cells, c)
			for _, s := range c.StaticObjects {
				if err := add(Static{ID: s.ID, Cell: cid, Frame: s.Frame}); err != nil {
					return nil, err
				}
			}
		}
	}
	if d.Scenery != nil {
		placed, err := d.Scenery(lb, info)
		if err != nil {
			return nil, fmt.Errorf("stream: scenery of landblock 0x%04X: %w", b.Block>>16, err)
		}
		b.Scenery = make([]Static, len(placed))
		for i, o := range placed {
			// each object keeps its stable 0x8XXYYIII id as its guid
			b.Scenery[i] = Static{GUID: o.ID, ID: o.ObjID, Cell: o.Cell, Frame: o.Frame, Scale: o.Scale}
		}
	}
	return b, nil
}

// Hydratable reports whether the cell's data exists.
func (d *DatSource) Hydratable(cell uint32) bool {
	if dat.IsOutdoorCell(cell) {
		_, err := d.Cell.LandBlock(dat.BlockID(cell))
		return err == nil
	}
	_, err := d.Cell.EnvCell(cell)
	return err == nil
}

// Dungeon reports whether indoor cell id is an EnvCell not seen from
// outside (remembered per cell).
func (d *DatSource) Dungeon(cell uint32) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if v, ok := d.dungeon[cell]; ok {
		return v
	}
	c, err := d.Cell.EnvCell(cell)
	v := err == nil && c.Flags&dat.EnvCellSeenOutside == 0
	d.dungeon[cell] = v
	return v
}
