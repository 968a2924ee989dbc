package testbed

import (
	"math"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/systems"
	"github.com/dereth/dereth/testbed/luahost"
)

// args reads fields of a Lua table, raising a script error (with the
// script's file:line) on a wrong type.
type args struct {
	L   *lua.LState
	t   *lua.LTable
	ctx string
}

func (a args) has(k string) bool { return a.t.RawGetString(k) != lua.LNil }

// only raises a script error naming the first field of the table that is
// not one of known (luahost.Fields).
func (a args) only(known ...string) { luahost.Fields(a.L, a.t, a.ctx, known...) }

func (a args) num(k string, def float64) float64 {
	switch v := a.t.RawGetString(k).(type) {
	case *lua.LNilType:
		return def
	case lua.LNumber:
		if !finite(float64(v)) {
			a.L.RaiseError("%s: field %s must be a finite number, got %v", a.ctx, k, float64(v))
		}
		return float64(v)
	default:
		a.L.RaiseError("%s: field %s must be a number, got %s", a.ctx, k, v.Type())
		return 0
	}
}

// speed reads a speed multiplier (default 1), bounded like the wire's.
func (a args) speed(k string) float64 {
	f := a.num(k, 1)
	if math.Abs(f) > systems.MaxSpeed {
		a.L.RaiseError("%s: field %s = %v is out of range (at most %v in magnitude)", a.ctx, k, f, systems.MaxSpeed)
	}
	return f
}

func (a args) u32(k string, def uint32) uint32 {
	f := a.num(k, float64(def))
	if f < 0 || f > math.MaxUint32 || f != math.Trunc(f) {
		a.L.RaiseError("%s: field %s must be an unsigned 32-bit integer, got %v", a.ctx, k, f)
	}
	return uint32(f)
}

func (a args) str(k, def string) string {
	switch v := a.t.RawGetString(k).(type) {
	case *lua.LNilType:
		return def
	case lua.LString:
		return string(v)
	default:
		a.L.RaiseError("%s: field %s must be a string, got %s", a.ctx, k, v.Type())
		return ""
	}
}

func (a args) boolean(k string, def bool) bool {
	switch v := a.t.RawGetString(k).(type) {
	case *lua.LNilType:
		return def
	case lua.LBool:
		return bool(v)
	default:
		a.L.RaiseError("%s: field %s must be a boolean, got %s", a.ctx, k, v.Type())
		return false
	}
}

func (a args) table(k string) *lua.LTable {
	switch v := a.t.RawGetString(k).(type) {
	case *lua.LNilType:
		return nil
	case *lua.LTable:
		return v
	default:
		a.L.RaiseError("%s: field %s must be a table, got %s", a.ctx, k, v.Type())
		return nil
	}
}

func (a args) sub(k string) (args, bool) {
	t := a.table(k)
	return args{a.L, t, a.ctx + "." + k}, t != nil
}

// list calls fn for each array element of field k that is a table.
func (a args) list(k string, fn func(i int, e args)) {
	t := a.table(k)
	if t == nil {
		return
	}
	for i := 1; i <= t.Len(); i++ {
		e, ok := t.RawGetInt(i).(*lua.LTable)
		if !ok {
			a.L.RaiseError("%s: %s[%d] must be a table", a.ctx, k, i)
		}
		fn(i, args{a.L, e, a.ctx + "." + k})
	}
}

// strings returns field k as a list of strings.
func (a args) strings(k string) []string {
	t := a.table(k)
	if t == nil {
		return nil
	}
	var out []string
	for i := 1; i <= t.Len(); i++ {
		s, ok := t.RawGetInt(i).(lua.LString)
		if !ok {
			a.L.RaiseError("%s: %s[%d] must be a string", a.ctx, k, i)
		}
		out = append(out, string(s))
	}
	return out
}

func (a args) vec(k string) physics.Vec3 {
	t := a.table(k)
	if t == nil {
		return physics.Vec3{}
	}
	return vecOf(a.L, t, a.ctx+"."+k)
}

func vecOf(L *lua.LState, t *lua.LTable, ctx string) physics.Vec3 {
	var v [3]float32
	for i := range v {
		n, ok := t.RawGetInt(i + 1).(lua.LNumber)
		if !ok {
			L.RaiseError("%s must be {x, y, z}", ctx)
		}
		if !finite(float64(n)) || math.Abs(float64(n)) > maxVector {
			L.RaiseError("%s: component %d = %v must be finite and at most %g in magnitude", ctx, i+1, float64(n), maxVector)
		}
		v[i] = float32(n)
	}
	return physics.Vec3{X: v[0], Y: v[1], Z: v[2]}
}

func (a args) quat(k string) physics.Quat {
	t := a.table(k)
	if t == nil {
		return physics.IdentityQuat
	}
	var q [4]float32
	for i := range q {
		n, ok := t.RawGetInt(i + 1).(lua.LNumber)
		if !ok {
			a.L.RaiseError("%s.%s must be {w, x, y, z}", a.ctx, k)
		}
		q[i] = float32(n)
	}
	return physics.Quat{W: q[0], X: q[1], Y: q[2], Z: q[3]}.Normalize()
}

// command reads a motion command given by retail name or number.
func command(L *lua.LState, v lua.LValue, ctx string) uint32 {
	switch x := v.(type) {
	case lua.LNumber:
		return uint32(x)
	case lua.LString:
		if c, ok := motioncmd.ByName(string(x)); ok {
			return c
		}
		L.RaiseError("%s: unknown motion command %q%s", ctx, string(x), luahost.Suggestion(string(x), motioncmd.Names()))
	case *lua.LNilType:
		return 0
	default:
		L.RaiseError("%s: a motion command is a name or a number, got %s", ctx, v.Type())
	}
	return 0
}

func (a args) command(k string) uint32 { return command(a.L, a.t.RawGetString(k), a.ctx+"."+k) }

func (a args) state(k string) physics.State {
	return bitsOf(a.L, a.table(k), stateNames, a.ctx+"."+k, "state bit")
}

func (a args) transient(k string) physics.Transient {
	return bitsOf(a.L, a.table(k), transientNames, a.ctx+"."+k, "transient bit")
}

// bitsOf ORs together the named bits of a Lua list of names (nil: none).
func bitsOf[T ~uint32](L *lua.LState, list *lua.LTable, named map[string]T, ctx, what string) T {
	var bits T
	if list == nil {
		return bits
	}
	for i := 1; i <= list.Len(); i++ {
		n, ok := list.RawGetInt(i).(lua.LString)
		if !ok {
			L.RaiseError("%s[%d] must be a string", ctx, i)
		}
		b, ok := named[string(n)]
		if !ok {
			L.RaiseError("%s: unknown %s %q%s (known: %s)", ctx, what, string(n), luahost.Suggestion(string(n), keys(named)), names(named))
		}
		bits |= b
	}
	return bits
}

// hook reads an animation hook {type=, dir=, id=, part=, emitter=, ...}.
func (a args) hook() dat.AnimHook {
	name := a.str("type", "")
	t, ok := hookNames[name]
	if !ok {
		a.L.RaiseError("%s: unknown hook type %q%s", a.ctx, name, luahost.Suggestion(name, keys(hookNames)))
	}
	h := dat.AnimHook{Type: t, ID: a.u32("id", 0), Part: a.u32("part", 0), EmitterID: a.u32("emitter", 0),
		Start: float32(a.num("start", 0)), End: float32(a.num("end", 0)), Time: float32(a.num("time", 0)),
		On: a.boolean("on", false), Vector: a.vec("vector"), Offset: physics.IdentityFrame}
	switch a.str("dir", "both") {
	case "both":
		h.Direction = dat.HookBoth
	case "forward":
		h.Direction = dat.HookForward
	case "backward":
		h.Direction = dat.HookBackward
	default:
		a.L.RaiseError("%s: dir must be both, forward or backward", a.ctx)
	}
	return h
}

// animData reads {anim=, low=, high=, fps=}.
func (a args) animData() dat.AnimData {
	return dat.AnimData{AnimID: a.u32("anim", 0), LowFrame: int32(a.num("low", 0)),
		HighFrame: int32(a.num("high", -1)), Framerate: float32(a.num("fps", 30))}
}

// motionData reads {anims={...}, velocity=, omega=, bitfield=}.
func (a args) motionData() *dat.MotionData {
	md := &dat.MotionData{Bitfield: uint8(a.num("bitfield", 0)), Velocity: a.vec("velocity"), Omega: a.vec("omega")}
	if a.has("velocity") {
		md.Flags |= dat.MotionHasVelocity
	}
	if a.has("omega") {
		md.Flags |= dat.MotionHasOmega
	}
	a.list("anims", func(_ int, e args) { md.Anims = append(md.Anims, e.animData()) })
	return md
}
