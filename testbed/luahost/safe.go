package luahost

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// luaUnpack is unpack(t [, i [, j]]) with a cap on the number of results:
// gopher-lua's pushes every value and panics out of the host when the
// registry fills.
func luaUnpack(L *lua.LState) int {
	t := L.CheckTable(1)
	i := float64(L.OptNumber(2, 1))
	j := float64(L.OptNumber(3, lua.LNumber(t.Len())))
	if i > j {
		return 0
	}
	if n := j - i + 1; n > maxResults {
		L.RaiseError("unpack: too many results (%.0f, at most %d)", n, maxResults)
	}
	first := int(i)
	n := int(j) - first + 1
	for k := range n {
		L.Push(t.RawGetInt(first + k))
	}
	return n
}

// luaTableConcat is table.concat(t [, sep [, i [, j]]]) built in Go:
// gopher-lua's pushes every element on the Lua stack, so a long list
// overflows the registry and panics out of the host.
func luaTableConcat(L *lua.LState) int {
	t := L.CheckTable(1)
	sep := L.OptString(2, "")
	i := L.OptInt(3, 1)
	j := L.OptInt(4, t.Len())
	var b strings.Builder
	for k := i; k <= j; k++ {
		v := t.RawGetInt(k)
		switch v.(type) {
		case lua.LString, lua.LNumber:
		default:
			L.RaiseError("invalid value (%s) at index %d in table for concat", v.Type(), k)
		}
		b.WriteString(lua.LVAsString(v))
		if k != j {
			b.WriteString(sep)
		}
	}
	L.Push(lua.LString(b.String()))
	return 1
}
