package testbed

import (
	lua "github.com/yuin/gopher-lua"
	"math"

	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// defaultPlace is where world.spawn puts an object given no cell: set by
// world.set_default_place, unset until then.
type defaultPlace struct {
	set    bool
	cell   uint32
	origin physics.Vec3
}

// world.set_default_place{cell=, origin={x,y,z}} (world.find_place's
// answer fits): world.spawn without a cell spawns there, at origin
// unless the spawn gives its own.
func (s *Scenario) luaSetDefaultPlace(L *lua.LState) int {
	a := tableArg(L, 1, "world.set_default_place")
	if !a.has("cell") {
		L.RaiseError("world.set_default_place: needs a cell")
	}
	s.place = defaultPlace{set: true, cell: a.u32("cell", 0), origin: a.vec("origin")}
	return 0
}

// spawnPlace is world.spawn's cell and origin: the fields when a cell is
// given, else the default place (its origin unless origin is given), else
// an error naming the fix.
func (s *Scenario) spawnPlace(a args) (uint32, physics.Vec3) {
	if a.has("cell") {
		return a.u32("cell", 0), a.vec("origin")
	}
	if !s.place.set {
		a.L.RaiseError("world.spawn: no cell given and no default place; pass cell= (world.ground(block, x, y).cell) " +
			"or call world.set_default_place{cell=, origin=} first (world.find_place() finds one)")
	}
	if a.has("origin") {
		return s.place.cell, a.vec("origin")
	}
	return s.place.cell, s.place.origin
}

// headingFrame is an upright orientation facing heading degrees clockwise
// from north (+y): 0 north, 90 east (+x), 180 south, 270 west, as retail's
// AFrame::set_heading and MoveTo's headings count.
func headingFrame(heading float64) physics.Quat {
	var f physics.Frame
	// reduced in float64 first: a heading past float32's range is still a
	// direction, never ±Inf and a NaN orientation
	motion.SetFrameHeading(&f, float32(math.Mod(heading, 360)))
	return f.Orientation
}

// firstFreeGUID is where world.spawn starts looking for a guid when a
// spawn gives none.
const firstFreeGUID = 0x80000001

// freeGUID returns the lowest guid from firstFreeGUID up that no object
// has.
func (s *Scenario) freeGUID() uint32 {
	g := uint32(firstFreeGUID)
	for {
		if _, taken := s.World.Entity(g); !taken {
			return g
		}
		g++
	}
}
