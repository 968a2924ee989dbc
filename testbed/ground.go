package testbed

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physobj"
)

// regionID is the Region every portal DAT carries.
const regionID = dat.RegionID

// world.ground(block, x, y) → {cell=, z=}: the outdoor cell containing
// (x, y) in the landblock (any cell id of it) and the terrain height there.
func (s *Scenario) luaGround(L *lua.LState) int {
	block := uint32(L.CheckNumber(1)) & 0xFFFF0000
	x := float32(numberArg(L, 2, 0, false, "world.ground", "x"))
	y := float32(numberArg(L, 3, 0, false, "world.ground", "y"))
	ground := s.dataGround()
	if ground == nil {
		L.RaiseError("world.ground: no cell and portal DAT loaded")
	}
	if x < 0 || y < 0 || x >= dat.BlockLength || y >= dat.BlockLength {
		L.RaiseError("world.ground: (%v, %v) is outside the landblock's [0, %v)", x, y, dat.BlockLength)
	}
	cell := dat.CellAt(block, x, y)
	z, ok := ground.GroundZ(cell, x, y)
	if !ok {
		L.RaiseError("world.ground: no landblock 0x%08X", dat.BlockID(block))
	}
	return s.push(L, map[string]any{"cell": cell, "z": float64(z)})
}

// dataGround is the terrain of the data, resident or not: the cell DAT's
// when the scenario has one, else the world's.
func (s *Scenario) dataGround() physobj.Ground {
	if s.terrain != nil {
		return s.terrain
	}
	return s.World.Ground
}
