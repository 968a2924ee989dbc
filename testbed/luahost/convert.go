package luahost

import (
	"reflect"

	lua "github.com/yuin/gopher-lua"
)

// ToLua converts a Go value to a Lua value:
//
//   - nil and nil pointers/maps/slices → nil
//   - lua.LValue → itself
//   - bool → boolean; string and []byte → string
//   - all int, uint and float kinds → number (float64: integers beyond
//     2^53 lose precision)
//   - lua.LGFunction or func(*lua.LState) int → function
//   - slices and arrays (e.g. []any, []map[string]any) → array table 1..n
//   - maps with string, bool or numeric keys (e.g. map[string]any) → table
//   - pointers → the converted value they point to
//
// Anything else (structs, channels, other funcs) becomes a userdata whose
// Value is v, which FromLua hands back unchanged. Named types convert by
// their underlying kind.
func ToLua(L *lua.LState, v any) lua.LValue {
	switch x := v.(type) {
	case nil:
		return lua.LNil
	case lua.LValue:
		return x
	case bool:
		return lua.LBool(x)
	case string:
		return lua.LString(x)
	case int:
		return lua.LNumber(x)
	case int64:
		return lua.LNumber(x)
	case uint32:
		return lua.LNumber(x)
	case float64:
		return lua.LNumber(x)
	case float32:
		return lua.LNumber(x)
	case []byte:
		return lua.LString(x)
	case lua.LGFunction:
		return L.NewFunction(x)
	case func(*lua.LState) int:
		return L.NewFunction(x)
	case []any:
		t := L.CreateTable(len(x), 0)
		for _, e := range x {
			t.Append(ToLua(L, e))
		}
		return t
	case map[string]any:
		t := L.CreateTable(0, len(x))
		for k, e := range x {
			t.RawSetString(k, ToLua(L, e))
		}
		return t
	}
	return reflectToLua(L, reflect.ValueOf(v), v)
}

func reflectToLua(L *lua.LState, rv reflect.Value, orig any) lua.LValue {
	switch rv.Kind() {
	case reflect.Bool:
		return lua.LBool(rv.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return lua.LNumber(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return lua.LNumber(rv.Uint())
	case reflect.Float32, reflect.Float64:
		return lua.LNumber(rv.Float())
	case reflect.String:
		return lua.LString(rv.String())
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return lua.LNil
		}
		return ToLua(L, rv.Elem().Interface())
	case reflect.Slice:
		if rv.IsNil() {
			return lua.LNil
		}
		if rv.Type().Elem().Kind() == reflect.Uint8 {
			return lua.LString(rv.Bytes())
		}
		fallthrough
	case reflect.Array:
		t := L.CreateTable(rv.Len(), 0)
		for i := 0; i < rv.Len(); i++ {
			t.Append(ToLua(L, rv.Index(i).Interface()))
		}
		return t
	case reflect.Map:
		if rv.IsNil() {
			return lua.LNil
		}
		switch rv.Type().Key().Kind() {
		case reflect.String, reflect.Bool,
			reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
			reflect.Float32, reflect.Float64:
			t := L.CreateTable(0, rv.Len())
			it := rv.MapRange()
			for it.Next() {
				t.RawSet(ToLua(L, it.Key().Interface()), ToLua(L, it.Value().Interface()))
			}
			return t
		}
	}
	ud := L.NewUserData()
	ud.Value = orig
	return ud
}

// FromLua converts a Lua value to Go:
//
//   - nil → nil; boolean → bool; number → float64; string → string
//   - a table whose keys are exactly 1..n (n ≥ 1) → []any
//   - any other table → map[string]any, keys rendered as by tostring
//     (2 → "2", true → "true"); an empty table → map[string]any{}
//   - userdata → its Value
//   - functions, threads and channels → the lua.LValue itself
//
// A table that contains itself converts the inner reference to nil.
func FromLua(v lua.LValue) any {
	return fromLua(v, map[*lua.LTable]bool{})
}

func fromLua(v lua.LValue, open map[*lua.LTable]bool) any {
	switch x := v.(type) {
	case *lua.LNilType:
		return nil
	case lua.LBool:
		return bool(x)
	case lua.LNumber:
		return float64(x)
	case lua.LString:
		return string(x)
	case *lua.LUserData:
		return x.Value
	case *lua.LTable:
		if open[x] {
			return nil
		}
		open[x] = true
		defer delete(open, x)
		if n := x.Len(); n > 0 && isSequence(x, n) {
			out := make([]any, n)
			for i := range n {
				out[i] = fromLua(x.RawGetInt(i+1), open)
			}
			return out
		}
		out := map[string]any{}
		x.ForEach(func(k, e lua.LValue) {
			out[k.String()] = fromLua(e, open)
		})
		return out
	}
	return v
}

// isSequence reports whether the keys of t are exactly 1..n.
func isSequence(t *lua.LTable, n int) bool {
	for i := 1; i <= n; i++ {
		if t.RawGetInt(i) == lua.LNil {
			return false
		}
	}
	count := 0
	t.ForEach(func(_, _ lua.LValue) { count++ })
	return count == n
}
