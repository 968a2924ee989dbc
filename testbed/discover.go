package testbed

import (
	"fmt"
	"math"
	"slices"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/testbed/luahost"
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
		a.only("motion_table", "animated", "cycles", "min_parts", "max_parts", "limit")
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

// PlaceRadius is how far around a place find_place needs walkable ground:
// a figure spawned there can walk off in any direction without sliding.
const PlaceRadius = 10

// FindOptions are world.find_place's options.
type FindOptions struct {
	// Block is the landblock to search, 0 for the default (Holtburg when
	// the DAT has it, else the first landblock that is mostly land).
	Block uint32
	// MinNormalZ is the least terrain normal z accepted within PlaceRadius
	// of the place: collision.FloorZ (walkable) by default, cos(max_slope)
	// with max_slope=, and 0 (any land) with flat=false.
	MinNormalZ float32
}

// FindPlace returns a walkable place on land with the default options
// (FindPlaceWith).
func (s *Scenario) FindPlace(block uint32) (Place, error) {
	return s.FindPlaceWith(FindOptions{Block: block, MinNormalZ: collision.FloorZ})
}

// FindPlaceWith returns a place on land in a landblock of the cell DAT:
// o.Block when it is not 0, else Holtburg (0xA9B4) when the DAT has it,
// else the first landblock that is mostly land (at least half its terrain
// vertices are not water). The place is the land vertex nearest the block's
// middle whose ground within PlaceRadius is not water and nowhere steeper
// than o.MinNormalZ allows (every terrain triangle that reaches into the
// circle has normal z ≥ o.MinNormalZ); with MinNormalZ 0 the nearest land
// vertex. An error says when no vertex of the block qualifies.
func (s *Scenario) FindPlaceWith(o FindOptions) (Place, error) {
	if s.cell == nil || s.dataGround() == nil {
		return Place{}, fmt.Errorf("no cell and portal DAT loaded")
	}
	ground := s.dataGround()
	// place finds the qualifying vertex nearest the middle of block b;
	// mostly reports whether b is mostly land.
	place := func(b uint32) (p Place, found, mostly bool, err error) {
		lb, err := s.cell.LandBlock(dat.BlockID(b))
		if err != nil {
			return Place{}, false, false, err
		}
		const side = dat.VerticesPerSide
		var z collision.Heights
		if o.MinNormalZ > 0 {
			// the vertex heights, through the ground's own height lookup
			for i := range z {
				x, y := float32(i/side)*dat.CellLength, float32(i%side)*dat.CellLength
				h, ok := ground.GroundZ(dat.CellAt(b&0xFFFF0000, min(x, dat.BlockLength-1), min(y, dat.BlockLength-1)), x, y)
				if !ok {
					return Place{}, false, false, fmt.Errorf("no terrain in landblock 0x%08X", dat.BlockID(b))
				}
				z[i] = h
			}
		}
		land, best, bestD := 0, -1, side*side
		for i, w := range lb.Terrain {
			if waterTerrain(dat.TerrainWordType(w)) {
				continue
			}
			land++
			vi, vj := i/side, i%side
			dx, dy := vi-side/2, vj-side/2
			d := dx*dx + dy*dy
			if d >= bestD {
				continue
			}
			if o.MinNormalZ > 0 && !walkableAround(b, lb, &z, vi, vj, o.MinNormalZ) {
				continue
			}
			best, bestD = i, d
		}
		mostly = 2*land >= len(lb.Terrain)
		if best < 0 {
			return Place{}, false, mostly, nil
		}
		// Vertex i is at x = (i / 9)·24, y = (i % 9)·24, kept off the edge.
		x := min(max(float32(best/side)*dat.CellLength, 1), dat.BlockLength-1)
		y := min(max(float32(best%side)*dat.CellLength, 1), dat.BlockLength-1)
		cell := dat.CellAt(b&0xFFFF0000, x, y)
		gz, ok := ground.GroundZ(cell, x, y)
		if !ok {
			return Place{}, false, mostly, fmt.Errorf("no terrain in landblock 0x%08X", dat.BlockID(b))
		}
		return Place{Block: b & 0xFFFF0000, Cell: cell, Origin: [3]float32{x, y, gz}}, true, mostly, nil
	}
	what := func() string {
		if o.MinNormalZ > 0 {
			return fmt.Sprintf("land with ground no steeper than normal z %.3f (%.1f°) within %d m", o.MinNormalZ,
				math.Acos(float64(o.MinNormalZ))*180/math.Pi, PlaceRadius)
		}
		return "land"
	}
	if o.Block != 0 || func() bool { _, ok := s.cell.Lookup(holtburg); return ok }() {
		b := o.Block
		if b == 0 {
			b = holtburg
		}
		p, found, _, err := place(b)
		if err != nil {
			return Place{}, err
		}
		if !found {
			return Place{}, fmt.Errorf("landblock 0x%08X has no %s (flat=false or max_slope= accepts steeper ground)", b&0xFFFF0000, what())
		}
		return p, nil
	}
	for _, e := range s.cell.Entries() {
		if dat.TypeOf(e.ID, s.cell.Dataset()) != dat.TypeLandBlock {
			continue
		}
		if p, found, mostly, err := place(e.ID); err == nil && found && mostly {
			return p, nil
		}
	}
	return Place{}, fmt.Errorf("the cell DAT %s has no mostly-land landblock with %s", s.cell.Name(), what())
}

// walkableAround reports whether every terrain triangle of landblock b
// that reaches within PlaceRadius of vertex (vi, vj) has normal z ≥ minZ
// and no water vertex. Cells outside the landblock count as not walkable
// (their heights are another landblock's).
func walkableAround(b uint32, lb *dat.LandBlock, z *collision.Heights, vi, vj int, minZ float32) bool {
	// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
	px, py := float32(float32(vi)*dat.CellLength), float32(float32(vj)*dat.CellLength)
	if px < PlaceRadius || py < PlaceRadius || px > dat.BlockLength-PlaceRadius || py > dat.BlockLength-PlaceRadius {
		return false
	}
	const side = dat.VerticesPerSide
	for cx := max(int((px-PlaceRadius)/dat.CellLength), 0); cx <= min(int((px+PlaceRadius)/dat.CellLength), dat.CellsPerBlockSide-1); cx++ {
		for cy := max(int((py-PlaceRadius)/dat.CellLength), 0); cy <= min(int((py+PlaceRadius)/dat.CellLength), dat.CellsPerBlockSide-1); cy++ {
			for _, t := range dat.CellTriangles(b, cx, cy) {
				var v [3]physics.Vec3
				for k, idx := range t {
					v[k] = physics.Vec3{X: float32(idx/side) * dat.CellLength, Y: float32(idx%side) * dat.CellLength, Z: z[idx]}
				}
				if distToTriangle2D(px, py, v) > PlaceRadius {
					continue
				}
				for _, idx := range t {
					if waterTerrain(dat.TerrainWordType(lb.Terrain[idx])) {
						return false
					}
				}
				n := v[1].Sub(v[0]).Cross(v[2].Sub(v[0])).Normalize()
				if float32(math.Abs(float64(n.Z))) < minZ {
					return false
				}
			}
		}
	}
	return true
}

// distToTriangle2D is the distance in the xy plane from (px, py) to the
// triangle v (0 inside it).
func distToTriangle2D(px, py float32, v [3]physics.Vec3) float32 {
	side := func(a, b physics.Vec3) float32 { return float32((b.X-a.X)*(py-a.Y)) - float32((b.Y-a.Y)*(px-a.X)) }
	s0, s1, s2 := side(v[0], v[1]), side(v[1], v[2]), side(v[2], v[0])
	if (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0) {
		return 0
	}
	seg := func(a, b physics.Vec3) float32 {
		dx, dy := b.X-a.X, b.Y-a.Y
		t := (float32((px-a.X)*dx) + float32((py-a.Y)*dy)) / (float32(dx*dx) + float32(dy*dy))
		t = min(max(t, 0), 1)
		ex, ey := a.X+float32(t*dx)-px, a.Y+float32(t*dy)-py
		return float32(math.Sqrt(float64(float32(ex*ex) + float32(ey*ey))))
	}
	return min(seg(v[0], v[1]), seg(v[1], v[2]), seg(v[2], v[0]))
}

// world.find_place([{block=, flat=, max_slope=}]) → {block=, cell=,
// origin={x,y,z}}: walkable ground (normal z ≥ FloorZ) within 10 m unless
// flat=false (any land) or max_slope= (degrees from level) says otherwise.
func (s *Scenario) luaFindPlace(L *lua.LState) int {
	o := FindOptions{MinNormalZ: collision.FloorZ}
	if L.GetTop() >= 1 {
		a := tableArg(L, 1, "world.find_place")
		a.only("block", "flat", "max_slope")
		o.Block = a.u32("block", 0)
		if lo := o.Block & 0xFFFF; o.Block != 0 && lo != 0 && lo != 0xFFFF {
			hint := ""
			if o.Block <= 0xFFFF {
				hint = fmt.Sprintf(" (landblock 0x%04X is 0x%04X0000)", o.Block, o.Block)
			}
			L.RaiseError("world.find_place: block 0x%08X is not a landblock id: give 0xXXYY0000%s", o.Block, hint)
		}
		if a.has("max_slope") {
			deg := a.num("max_slope", 0)
			if !(deg >= 0 && deg <= 90) {
				L.RaiseError("world.find_place: max_slope must be degrees in [0, 90], got %v", deg)
			}
			o.MinNormalZ = float32(math.Cos(deg * math.Pi / 180))
			if deg == 90 {
				o.MinNormalZ = 0
			}
		}
		if a.has("flat") && !a.boolean("flat", true) {
			if a.has("max_slope") {
				L.RaiseError("world.find_place: give flat=false or max_slope=, not both")
			}
			o.MinNormalZ = 0
		}
	}
	p, err := s.FindPlaceWith(o)
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
		L.RaiseError("world.dat_ids: unknown DAT type %q%s", name, luahost.Suggestion(name, known))
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
