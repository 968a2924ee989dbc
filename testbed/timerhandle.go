package testbed

import lua "github.com/yuin/gopher-lua"

// timerHandle pushes what world.every and world.after return: a table
// whose cancel() (or :cancel()) stops the timer before its next call and
// returns whether it was still pending, and whose pending() says whether
// it will still run.
func (s *Scenario) timerHandle(L *lua.LState, t *timer) int {
	h := L.NewTable()
	pending := func() bool {
		if t.cancelled {
			return false
		}
		for _, x := range s.timers {
			if x == t {
				return true
			}
		}
		return false // a world.after that ran, or a Reset
	}
	h.RawSetString("cancel", L.NewFunction(func(L *lua.LState) int {
		was := pending()
		t.cancelled = true
		L.Push(lua.LBool(was))
		return 1
	}))
	h.RawSetString("pending", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LBool(pending()))
		return 1
	}))
	L.Push(h)
	return 1
}
