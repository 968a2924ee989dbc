package testbed

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/sampleworld/world"
)

// lookFrom reads world.spawn's look table — what a CreateObject's ObjDesc
// carries: palette= (the base palette id), subpalettes={{palette=,
// offset=, count=}} (colours offset×8 … (offset+count)×8−1 replaced by
// the same entries of palette; count 0 means 256), textures={{part=,
// old=, new=}} (SurfaceTexture swaps on one part) and parts={{part=,
// gfx=}} (part GfxObj replacements).
func lookFrom(a args) *components.AppearanceData {
	a.only("palette", "subpalettes", "textures", "parts")
	l := &components.AppearanceData{Palette: a.u32("palette", 0), PartGfx: map[int]uint32{}}
	byte8 := func(e args, k string) uint32 {
		v := e.num(k, 0)
		if v < 0 || v > 255 || v != float64(int(v)) {
			a.L.RaiseError("%s.subpalettes: %s must be an integer 0–255, got %v", a.ctx, k, v)
		}
		return uint32(v)
	}
	a.list("subpalettes", func(_ int, e args) {
		id := e.u32("palette", 0)
		if id == 0 {
			a.L.RaiseError("%s.subpalettes: each needs a palette id", a.ctx)
		}
		l.SubPalettes = append(l.SubPalettes, [3]uint32{id, byte8(e, "offset"), byte8(e, "count")})
	})
	part := func(e args) int {
		v := e.num("part", -1)
		if v < 0 || v > 255 || v != float64(int(v)) {
			a.L.RaiseError("%s: part must be an integer 0–255, got %v", a.ctx, v)
		}
		return int(v)
	}
	a.list("textures", func(_ int, e args) {
		l.Textures = append(l.Textures, [3]uint32{uint32(part(e)), e.u32("old", 0), e.u32("new", 0)})
	})
	a.list("parts", func(_ int, e args) {
		l.PartGfx[part(e)] = e.u32("gfx", 0)
	})
	return l
}

// world.sample_outfits() lists the sample humanoid's outfits — {name=,
// look={subpalettes={{palette=, offset=, count=}, …}}}, each ready for
// world.spawn's look — when the DATs are the sample's (they hold its
// figure palette), else an empty list.
func (s *Scenario) luaSampleOutfits(L *lua.LState) int {
	t := L.NewTable()
	if s.portal == nil {
		L.Push(t)
		return 1
	}
	if _, err := s.portal.Palette(world.PaletteFigure); err != nil {
		L.Push(t)
		return 1
	}
	for i, o := range world.Outfits {
		subs := L.CreateTable(len(o.SubPalettes), 0)
		for j, sp := range o.SubPalettes {
			e := L.CreateTable(0, 3)
			e.RawSetString("palette", lua.LNumber(sp.Palette))
			e.RawSetString("offset", lua.LNumber(sp.Offset))
			e.RawSetString("count", lua.LNumber(sp.Count))
			subs.RawSetInt(j+1, e)
		}
		look := L.CreateTable(0, 1)
		look.RawSetString("subpalettes", subs)
		e := L.CreateTable(0, 2)
		e.RawSetString("name", lua.LString(o.Name))
		e.RawSetString("look", look)
		t.RawSetInt(i+1, e)
	}
	L.Push(t)
	return 1
}
