package plugin

import (
	"math"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/testbed/luahost"
)

// maxResults bounds what objects{} returns.
const maxResults = 1000

// view resolves an object of the world read-only (nothing is woken), or
// returns false.
func (m *Manager) view(guid uint32, v *components.View) bool {
	if m.world == nil || guid == 0 {
		return false
	}
	e, ok := m.world.Entity(guid)
	return ok && v.Resolve(m.world.ECS, e)
}

// globalXY is a position's place on the map in metres: landblock x/y
// times 192 plus the origin in the block.
func globalXY(p physics.Position) (x, y float64) {
	// float64(x*y) rounds the product before the sum: never fused (physics.Vec3).
	return float64(float64(p.Cell>>24)*192) + float64(p.Frame.Origin.X), float64(float64(p.Cell>>16&0xFF)*192) + float64(p.Frame.Origin.Y)
}

// distance is the distance in metres between two positions (3D; the
// landblock grid for outdoor and indoor cells alike).
func distance(a, b physics.Position) float64 {
	ax, ay := globalXY(a)
	bx, by := globalXY(b)
	dz := float64(a.Frame.Origin.Z - b.Frame.Origin.Z)
	return math.Sqrt(float64((ax-bx)*(ax-bx)) + float64((ay-by)*(ay-by)) + float64(dz*dz))
}

// objectTable is object(guid)'s table: a copy, so the plugin may keep or
// change it without touching the world.
func (p *Plugin) objectTable(L *lua.LState, guid uint32, v *components.View) *lua.LTable {
	t := L.CreateTable(0, 10)
	t.RawSetString("guid", lua.LNumber(guid))
	info := p.m.objs[guid]
	if info == nil && v.Name != "" {
		t.RawSetString("name", lua.LString(v.Name)) // an offline world's archetype
	}
	if info != nil {
		t.RawSetString("name", lua.LString(info.name))
		t.RawSetString("setup", lua.LNumber(info.setup))
		t.RawSetString("item_type", lua.LNumber(info.itemType))
		t.RawSetString("weenie_class_id", lua.LNumber(info.wcid))
	}
	if ph := v.Phys; ph != nil {
		pos := ph.Position
		t.RawSetString("cell", lua.LNumber(pos.Cell))
		o := L.CreateTable(0, 3)
		o.RawSetString("x", lua.LNumber(pos.Frame.Origin.X))
		o.RawSetString("y", lua.LNumber(pos.Frame.Origin.Y))
		o.RawSetString("z", lua.LNumber(pos.Frame.Origin.Z))
		t.RawSetString("position", o)
		t.RawSetString("state", lua.LNumber(ph.State))
		if ph.Parent != 0 {
			t.RawSetString("parent", lua.LNumber(ph.Parent))
		}
	}
	if mm := v.Movement; mm != nil && mm.Interp != nil {
		s := mm.Interp.Interpreted
		mt := L.CreateTable(0, 6)
		mt.RawSetString("style", lua.LNumber(s.CurrentStyle))
		mt.RawSetString("forward", lua.LNumber(s.ForwardCommand))
		mt.RawSetString("forward_speed", lua.LNumber(s.ForwardSpeed))
		mt.RawSetString("sidestep", lua.LNumber(s.SideStepCommand))
		mt.RawSetString("turn", lua.LNumber(s.TurnCommand))
		t.RawSetString("motion", mt)
	}
	if w := p.m.world; w != nil && guid == w.PlayerGUID {
		t.RawSetString("is_player", lua.LTrue)
	}
	return t
}

// luaObject is object(guid): the object's table, or nil when the world
// has no such object.
func (p *Plugin) luaObject(L *lua.LState) int {
	guid := uint32(L.CheckNumber(1))
	var v components.View
	if !p.m.view(guid, &v) {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(p.objectTable(L, guid, &v))
	return 1
}

// luaPlayer is player(): the local player's table, or nil before the
// world is entered.
func (p *Plugin) luaPlayer(L *lua.LState) int {
	if p.m.world == nil {
		L.Push(lua.LNil)
		return 1
	}
	var v components.View
	guid := p.m.world.PlayerGUID
	if !p.m.view(guid, &v) {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(p.objectTable(L, guid, &v))
	return 1
}

// luaObjects is objects{near=, name=, within=}: the world's objects the
// messages named, nearest first (guid order without near): name keeps
// those whose name contains it (case-insensitive), near is a guid (the
// player by default when within is given) and within a distance in
// metres from it. Each table has distance when near applies. At most
// 1,000 are returned.
func (p *Plugin) luaObjects(L *lua.LState) int {
	var name string
	var near uint32
	within := math.Inf(1)
	hasNear := false
	if L.GetTop() >= 1 && L.Get(1) != lua.LNil {
		q := L.CheckTable(1)
		luahost.Fields(L, q, "objects", "name", "near", "within")
		if v, ok := q.RawGetString("name").(lua.LString); ok {
			name = strings.ToLower(string(v))
		}
		if v, ok := q.RawGetString("near").(lua.LNumber); ok {
			near, hasNear = uint32(v), true
		}
		switch v := q.RawGetString("within").(type) {
		case lua.LNumber:
			within = float64(v)
			if !hasNear && p.m.world != nil {
				near, hasNear = p.m.world.PlayerGUID, true
			}
		case *lua.LNilType:
		default:
			L.ArgError(1, "within is a distance in metres")
		}
	}
	var from components.View
	if hasNear && !p.m.view(near, &from) {
		L.Push(L.NewTable())
		return 1
	}
	type hit struct {
		guid uint32
		d    float64
	}
	hits := make([]hit, 0, 16)
	var v components.View
	// The objects the messages named, and (an offline world, or a
	// scenario's) the world's other ordinary objects by archetype name.
	guids := make([]uint32, 0, len(p.m.objs))
	for guid := range p.m.objs {
		guids = append(guids, guid)
	}
	if w := p.m.world; w != nil {
		for _, e := range w.Objects {
			if v.Resolve(w.ECS, e) && v.Phys != nil && p.m.objs[v.Phys.GUID] == nil {
				guids = append(guids, v.Phys.GUID)
			}
		}
	}
	p.host.Check(L, int64(len(guids)))
	for _, guid := range guids {
		if !p.m.view(guid, &v) {
			continue
		}
		objName := v.Name
		if info := p.m.objs[guid]; info != nil {
			objName = info.name
		}
		if name != "" && !strings.Contains(strings.ToLower(objName), name) {
			continue
		}
		d := 0.0
		if hasNear {
			if v.Phys == nil || from.Phys == nil || v.Phys.Position.Cell == 0 {
				continue
			}
			d = distance(from.Phys.Position, v.Phys.Position)
			if d > within {
				continue
			}
		}
		hits = append(hits, hit{guid, d})
	}
	slices.SortFunc(hits, func(a, b hit) int {
		switch {
		case a.d < b.d:
			return -1
		case a.d > b.d:
			return 1
		}
		return int(int64(a.guid) - int64(b.guid))
	})
	out := L.CreateTable(min(len(hits), maxResults), 0)
	for i, h := range hits {
		if i == maxResults {
			break
		}
		p.m.view(h.guid, &v)
		t := p.objectTable(L, h.guid, &v)
		if hasNear {
			t.RawSetString("distance", lua.LNumber(h.d))
		}
		out.Append(t)
	}
	L.Push(out)
	return 1
}
