package luahost

import lua "github.com/yuin/gopher-lua"

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
