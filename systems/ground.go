package systems

import "github.com/dereth/dereth/dat"

// TerrainGround returns a World.Ground over a cell DAT's landblocks and the
// Region's height table, caching each landblock it reads; a landblock that
// is missing or corrupt has no ground.
func TerrainGround(cells *dat.Container, region *dat.Region) func(cell uint32, x, y float32) (float32, bool) {
	blocks := map[uint32]*dat.LandBlock{}
	return func(cell uint32, x, y float32) (float32, bool) {
		id := dat.BlockID(cell & 0xFFFF0000)
		lb, seen := blocks[id]
		if !seen {
			lb, _ = cells.LandBlock(id)
			blocks[id] = lb
		}
		if lb == nil {
			return 0, false
		}
		return region.LandDefs.TerrainZ(lb, x, y), true
	}
}
