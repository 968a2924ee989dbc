package systems

import (
	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
)

// testLand is a Land built in the test: every landblock level at z, or
// the landblock set for it (blocks), as package stream would build it.
type testLand struct {
	z      float32
	blocks map[uint32]*collision.Landblock
	flat   map[uint32]*collision.Landblock
}

// flatLand is level terrain at height z over every landblock.
func flatLand(z float32) *testLand {
	return &testLand{z: z, blocks: map[uint32]*collision.Landblock{}, flat: map[uint32]*collision.Landblock{}}
}

func (g *testLand) GroundZ(cell uint32, x, y float32) (float32, bool) {
	lb := g.Landblock(cell)
	return dat.TerrainHeight(cell, &lb.Heights, x, y), true
}

func (g *testLand) Landblock(block uint32) *collision.Landblock {
	block &= 0xFFFF0000
	if lb, ok := g.blocks[block]; ok {
		return lb
	}
	lb, ok := g.flat[block]
	if !ok {
		lb = g.level(block)
		g.flat[block] = lb
	}
	return lb
}

// level is a new level landblock without statics.
func (g *testLand) level(block uint32) *collision.Landblock {
	lb := &collision.Landblock{Block: block & 0xFFFF0000}
	for i := range lb.Heights {
		lb.Heights[i] = g.z
	}
	return lb
}

// set builds block anew (a new build, as a streamer publishing it again
// makes) with the statics and cells.
func (g *testLand) set(block uint32, statics []collision.Static, cells []*dat.EnvCell) *collision.Landblock {
	lb := g.level(block)
	lb.Statics, lb.Cells = statics, cells
	g.blocks[block&0xFFFF0000] = lb
	return lb
}

// datLandblock reads what package stream's DatSource builds of a Near
// landblock from a cell DAT built in a test (the LandBlockInfo's objects
// and buildings with their portals' cells, the EnvCells and their
// statics), for a test land; systems cannot import stream.
func datLandblock(cells *dat.Container, block uint32) ([]collision.Static, []*dat.EnvCell, error) {
	info, err := cells.LandBlockInfo(dat.BlockInfoID(block))
	if err != nil {
		return nil, nil, err
	}
	var st []collision.Static
	for _, o := range info.Objects {
		st = append(st, collision.Static{ID: o.ID, Cell: block | 1, Frame: o.Frame})
	}
	for _, b := range info.Buildings {
		s := collision.Static{ID: b.ModelID, Cell: block | 1, Frame: b.Frame}
		for _, p := range b.Portals {
			if p.OtherCellID != collision.OutsideCell {
				s.Cells = append(s.Cells, block|uint32(p.OtherCellID))
			}
		}
		st = append(st, s)
	}
	var ecs []*dat.EnvCell
	for k := range info.NumCells {
		ec, err := cells.EnvCell(block | (dat.FirstEnvCell + k))
		if err != nil {
			return nil, nil, err
		}
		ecs = append(ecs, ec)
		for _, o := range ec.StaticObjects {
			st = append(st, collision.Static{ID: o.ID, Cell: ec.ID, Frame: o.Frame})
		}
	}
	return st, ecs, nil
}

// datLand is the land of a cell DAT for systems' tests (package stream
// builds it for the program; systems cannot import stream): each
// landblock's heights and, where it has a LandBlockInfo, its statics and
// EnvCells (datLandblock), read on first use.
type datLand struct {
	cells  *dat.Container
	land   *dat.LandDefs
	blocks map[uint32]*collision.Landblock
}

func (g *datLand) Landblock(block uint32) *collision.Landblock {
	block &= 0xFFFF0000
	if lb, ok := g.blocks[block]; ok {
		return lb
	}
	var out *collision.Landblock
	if lb, err := g.cells.LandBlock(dat.BlockID(block)); err == nil {
		out = &collision.Landblock{Block: block, Heights: g.land.VertexHeights(lb)}
		if lb.HasObjects {
			out.Statics, out.Cells, _ = datLandblock(g.cells, block)
		}
	}
	g.blocks[block] = out
	return out
}

func (g *datLand) GroundZ(cell uint32, x, y float32) (float32, bool) {
	lb := g.Landblock(cell)
	if lb == nil {
		return 0, false
	}
	return dat.TerrainHeight(cell, &lb.Heights, x, y), true
}
