package testbed

import (
	"fmt"
	"slices"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/dat"
)

// Discovery: queries over the DATs a script runs on, so one spawn script
// works on the sample world and on any retail DAT set (docs/scripting.md,
// "Discovering what the DATs hold").

// holtburg is the landblock world.find_place prefers: the sample world's
// south-west block, and a town on retail's map.
const holtburg = 0xA9B4FFFF

// installHelpers adds the calls that spare scripts hard-coded data to the
// world table: world.find_setups, world.find_place, world.dat_ids,
// world.status, world.set_default_place and world.move_to.
func (s *Scenario) installHelpers() {
	s.host.SetGlobalTable("world", map[string]lua.LGFunction{
		"find_setups": s.luaFindSetups,
		"find_place":  s.luaFindPlace,
		"status":      s.luaStatus,
		"dat_ids":     s.luaDatIDs,

		"set_default_place": s.luaSetDefaultPlace,
		"move_to":           s.luaMoveTo,
	})
}

// SetupQuery is what world.find_setups matches: a Setup with (or without)
// a default motion table holding every one of Cycles, a default animation
// (or none), and a part count in [MinParts, MaxParts].
type SetupQuery struct {
	// MotionTable: 1 requires a default motion table, -1 forbids one, 0
	// does not care.
	MotionTable int
	// Animated: 1 requires a default animation, -1 forbids one.
	Animated int
	// Cycles are motion commands the motion table must have a cycle for,
	// in any style.
	Cycles []uint32
	// MinParts and MaxParts bound the part count (MaxParts 0: no bound).
	MinParts, MaxParts int
	// Limit is how many ids to return at most (0: 10).
	Limit int
}

// FindSetups returns the ids of the Setups matching q, lowest first: the
// ones scripts defined inline, then the portal DAT's.
func (s *Scenario) FindSetups(q SetupQuery) ([]uint32, error) {
	if q.Limit <= 0 {
		q.Limit = 10
	}
	var ids []uint32
	for id := range s.Setups {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	if s.portal != nil {
		for _, e := range s.portal.Entries() {
			if dat.TypeOf(e.ID, s.portal.Dataset()) == dat.TypeSetup {
				if _, inline := s.Setups[e.ID]; !inline {
					ids = append(ids, e.ID)
				}
			}
		}
	}
	tables := map[uint32]bool{} // motion table id → has every cycle
	var out []uint32
	for _, id := range ids {
		st, err := s.World.Assets.Setup(id)
		if err != nil {
			return out, fmt.Errorf("setup 0x%08X: %w", id, err)
		}
		if ok, err := s.matchSetup(st, q, tables); err != nil {
			return out, err
		} else if ok {
			if out = append(out, id); len(out) == q.Limit {
				break
			}
		}
	}
	return out, nil
}

func (s *Scenario) matchSetup(st *dat.Setup, q SetupQuery, tables map[uint32]bool) (bool, error) {
	if !want(q.MotionTable, st.DefaultMotionTable != 0) || !want(q.Animated, st.DefaultAnimation != 0) {
		return false, nil
	}
	if n := len(st.Parts); n < q.MinParts || q.MaxParts > 0 && n > q.MaxParts {
		return false, nil
	}
	if len(q.Cycles) == 0 {
		return true, nil
	}
	if st.DefaultMotionTable == 0 {
		return false, nil
	}
	ok, seen := tables[st.DefaultMotionTable]
	if !seen {
		mt, err := s.World.Assets.MotionTable(st.DefaultMotionTable)
		if err != nil {
			return false, fmt.Errorf("setup 0x%08X: motion table 0x%08X: %w", st.ID, st.DefaultMotionTable, err)
		}
		ok = hasCycles(mt, q.Cycles)
		tables[st.DefaultMotionTable] = ok
	}
	return ok, nil
}

// want reports whether have satisfies a tri-state requirement (1 must, -1
// must not, 0 either).
func want(req int, have bool) bool { return req == 0 || (req > 0) == have }

// hasCycles reports whether mt has a cycle for every motion, in any style.
func hasCycles(mt *dat.MotionTable, motions []uint32) bool {
	for _, m := range motions {
		found := false
		for k := range mt.Cycles {
			if k&0xFFFF == m&0xFFFF {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// triState reads an optional boolean field as 1 (true), -1 (false) or 0
// (absent).
func (a args) triState(k string) int {
	if !a.has(k) {
		return 0
	}
	if a.boolean(k, false) {
		return 1
	}
	return -1
}

// world.find_setups{motion_table=, animated=, cycles={...}, min_parts=,
// max_parts=, limit=} → {id, ...}
func (s *Scenario) luaFindSetups(L *lua.LState) int {
	q := SetupQuery{}
	if L.GetTop() >= 1 {
		a := tableArg(L, 1, "world.find_setups")
		q.MotionTable, q.Animated = a.triState("motion_table"), a.triState("animated")
		q.MinParts, q.MaxParts, q.Limit = int(a.num("min_parts", 0)), int(a.num("max_parts", 0)), int(a.num("limit", 10))
		if t := a.table("cycles"); t != nil {
			for i := 1; i <= t.Len(); i++ {
				q.Cycles = append(q.Cycles, command(L, t.RawGetInt(i), "world.find_setups.cycles"))
			}
		}
	}
	ids, err := s.FindSetups(q)
	if err != nil {
		L.RaiseError("world.find_setups: %v", err)
	}
	list := make([]any, len(ids))
	for i, id := range ids {
		list[i] = id
	}
	return s.push(L, list)
}

// Place is a spot standing on the terrain: world.find_place's answer.
type Place struct {
	Block  uint32 // the landblock, 0xXXYY0000
	Cell   uint32
	Origin [3]float32 // landblock-local
}

// waterTerrain reports whether a terrain type is water (retail's
// WaterRunning .. WaterDeepSea).
func waterTerrain(t uint16) bool { return t >= 16 && t <= 20 }

// FindPlace returns a place on land in a landblock of the cell DAT: block
// when it is not 0, else Holtburg (0xA9B4) when the DAT has it, else the
// first landblock that is mostly land (at least half its terrain vertices
// are not water). The place is the land vertex nearest the block's middle.
func (s *Scenario) FindPlace(block uint32) (Place, error) {
	if s.cell == nil || s.dataGround() == nil {
		return Place{}, fmt.Errorf("no cell and portal DAT loaded")
	}
	middle := func(b uint32) (Place, bool, error) {
		lb, err := s.cell.LandBlock(dat.BlockID(b))
		if err != nil {
			return Place{}, false, err
		}
		const side = 9 // vertices per side, dat.BlockLength/8 apart
		land, best, bestD := 0, 40, side*side
		for i, w := range lb.Terrain {
			if waterTerrain(dat.TerrainWordType(w)) {
				continue
			}
			land++
			dx, dy := i/side-side/2, i%side-side/2
			if d := dx*dx + dy*dy; d < bestD {
				best, bestD = i, d
			}
		}
		// Vertex i is at x = (i / 9)·24, y = (i % 9)·24, kept off the edge.
		x := min(max(float32(best/side)*dat.BlockLength/8, 1), dat.BlockLength-1)
		y := min(max(float32(best%side)*dat.BlockLength/8, 1), dat.BlockLength-1)
		cell := dat.CellAt(b&0xFFFF0000, x, y)
		z, ok := s.dataGround().GroundZ(cell, x, y)
		if !ok {
			return Place{}, false, fmt.Errorf("no terrain in landblock 0x%08X", dat.BlockID(b))
		}
		return Place{Block: b & 0xFFFF0000, Cell: cell, Origin: [3]float32{x, y, z}}, 2*land >= len(lb.Terrain), nil
	}
	if block != 0 {
		p, _, err := middle(block)
		return p, err
	}
	if _, ok := s.cell.Lookup(holtburg); ok {
		p, _, err := middle(holtburg)
		return p, err
	}
	for _, e := range s.cell.Entries() {
		if dat.TypeOf(e.ID, s.cell.Dataset()) != dat.TypeLandBlock {
			continue
		}
		if p, land, err := middle(e.ID); err == nil && land {
			return p, nil
		}
	}
	return Place{}, fmt.Errorf("the cell DAT %s has no landblock on land", s.cell.Name())
}

// world.find_place([{block=}]) → {block=, cell=, origin={x,y,z}}
func (s *Scenario) luaFindPlace(L *lua.LState) int {
	var block uint32
	if L.GetTop() >= 1 {
		block = tableArg(L, 1, "world.find_place").u32("block", 0)
	}
	p, err := s.FindPlace(block)
	if err != nil {
		L.RaiseError("world.find_place: %v", err)
	}
	return s.push(L, map[string]any{"block": p.Block, "cell": p.Cell,
		"origin": []any{float64(p.Origin[0]), float64(p.Origin[1]), float64(p.Origin[2])}})
}

// world.status(text) sets the line the viewer's HUD shows for the script
// (what it found, what it is doing); `dereth run` prints the last one.
func (s *Scenario) luaStatus(L *lua.LState) int {
	s.Status = L.CheckString(1)
	return 0
}

// world.dat_ids(type [, limit]) → {id, ...}: the ids of one DAT object
// type ("Setup", "PhysicsScript", "LandBlock", …), lowest first, from the
// portal DAT or (for LandBlock, LandBlockInfo and EnvCell) the cell DAT;
// at most limit (default 100).
func (s *Scenario) luaDatIDs(L *lua.LState) int {
	name := L.CheckString(1)
	limit := L.OptInt(2, 100)
	var typ dat.Type
	for _, t := range dat.Types() {
		if t.String() == name {
			typ = t
		}
	}
	if typ == dat.TypeUnknown {
		var known []string
		for _, t := range dat.Types() {
			known = append(known, t.String())
		}
		L.RaiseError("world.dat_ids: unknown DAT type %q%s", name, suggestion(name, known))
	}
	var list []any
	for _, c := range []*dat.Container{s.portal, s.cell} {
		if c == nil {
			continue
		}
		for _, e := range c.Entries() {
			if len(list) == limit {
				break
			}
			if dat.TypeOf(e.ID, c.Dataset()) == typ {
				list = append(list, e.ID)
			}
		}
	}
	return s.push(L, list)
}
