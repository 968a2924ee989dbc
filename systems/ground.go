package systems

import "github.com/dereth/dereth/dat"

// Terrain is the ground of a cell DAT's landblocks under the Region's
// height table; it caches each landblock it reads, and a landblock that is
// missing or corrupt has no ground.
type Terrain struct {
	cells  *dat.Container
	region *dat.Region
	blocks map[uint32]*dat.LandBlock
}

// TerrainGround returns the World.Ground over a cell DAT and a Region.
func TerrainGround(cells *dat.Container, region *dat.Region) *Terrain {
	return &Terrain{cells: cells, region: region, blocks: map[uint32]*dat.LandBlock{}}
}

// GroundZ is the terrain height at (x, y) in the landblock of cell
// (physobj.Ground).
func (t *Terrain) GroundZ(cell uint32, x, y float32) (float32, bool) {
	id := dat.BlockID(cell & 0xFFFF0000)
	lb, seen := t.blocks[id]
	if !seen {
		lb, _ = t.cells.LandBlock(id)
		t.blocks[id] = lb
	}
	if lb == nil {
		return 0, false
	}
	return t.region.LandDefs.TerrainZ(lb, x, y), true
}
