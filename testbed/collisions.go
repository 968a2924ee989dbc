package testbed

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/collision"
)

// luaCollisions is world.collisions(guid): the object's contacts in its
// last transition, in order, each {kind=, guid= (an object), model= (a
// static of the DATs: its Setup or GfxObj id), cell= (an indoor cell),
// normal={x,y,z}, polygon={{x,y,z}, …}, block=} with the
// polygon local to landblock block; an empty list when it touched
// nothing (resting on the ground is no contact) or collision is off.
func (s *Scenario) luaCollisions(L *lua.LState) int {
	o := s.peek(L, 1)
	c := s.World.Collisions(o.Phys.GUID)
	out := L.CreateTable(0, 0)
	if c != nil {
		for _, h := range c.Hits {
			t := L.CreateTable(0, 6)
			t.RawSetString("kind", lua.LString(h.Kind.String()))
			switch h.Kind {
			case collision.HitObject:
				if h.GUID != 0 {
					t.RawSetString("guid", lua.LNumber(h.GUID))
				} else {
					t.RawSetString("model", lua.LNumber(h.Model))
				}
			case collision.HitCell:
				t.RawSetString("cell", lua.LNumber(h.Cell))
			}
			t.RawSetString("normal", vecTable(L, h.Normal))
			poly := L.CreateTable(int(h.NVerts), 0)
			for i := range h.NVerts {
				poly.RawSetInt(int(i)+1, vecTable(L, h.Poly[i]))
			}
			t.RawSetString("polygon", poly)
			t.RawSetString("block", lua.LNumber(c.Block))
			out.Append(t)
		}
	}
	L.Push(out)
	return 1
}
