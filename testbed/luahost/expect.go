package luahost

import (
	"fmt"
	"math"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// openExpect installs the global expect table.
func (h *Host) openExpect() {
	h.SetGlobalTable("expect", map[string]lua.LGFunction{
		"eq":          h.expectEq,
		"ne":          h.expectNe,
		"near":        h.expectNear,
		"truthy":      h.expectTruthy,
		"falsy":       h.expectFalsy,
		"error":       h.expectError,
		"subsequence": h.expectSubsequence,
	})
}

// note returns " (msg)" for an optional message argument at idx.
func note(L *lua.LState, idx int) string {
	if L.GetTop() < idx || L.Get(idx) == lua.LNil {
		return ""
	}
	v := L.Get(idx)
	if s, ok := v.(lua.LString); ok {
		return " (" + string(s) + ")"
	}
	return " (" + display(v) + ")"
}

func needArgs(L *lua.LState, n int, usage string) {
	if L.GetTop() < n {
		L.RaiseError("%s: usage %s, got %d argument(s)", strings.SplitN(usage, "(", 2)[0], usage, L.GetTop())
	}
}

// fail raises "file:line: expect.NAME failed: DETAIL" at the calling script
// line.
func (h *Host) fail(L *lua.LState, name, detail string) {
	h.failed++
	h.raise(L, ErrExpectation, "expect.%s failed: %s", name, detail)
}

func (h *Host) expectEq(L *lua.LState) int {
	needArgs(L, 2, "expect.eq(got, want [, msg])")
	got, want := L.Get(1), L.Get(2)
	path, g, w, diff := firstDiff(got, want, "", map[[2]*lua.LTable]bool{})
	if diff {
		detail := fmt.Sprintf("got %s, want %s%s", display(got), display(want), note(L, 3))
		if path != "" {
			detail += fmt.Sprintf("\n\tfirst difference at %s: got %s, want %s", path, display(g), display(w))
		}
		h.fail(L, "eq", detail)
	}
	h.passed++
	return 0
}

func (h *Host) expectNe(L *lua.LState) int {
	needArgs(L, 2, "expect.ne(got, unwanted [, msg])")
	got, other := L.Get(1), L.Get(2)
	if deepEqual(got, other) {
		h.fail(L, "ne", fmt.Sprintf("got %s, want anything else%s", display(got), note(L, 3)))
	}
	h.passed++
	return 0
}

func (h *Host) expectNear(L *lua.LState) int {
	needArgs(L, 3, "expect.near(got, want, eps [, msg])")
	got, want := L.Get(1), L.Get(2)
	eps := float64(L.CheckNumber(3))
	if eps < 0 || math.IsNaN(eps) {
		L.ArgError(3, "eps must be a non-negative number")
	}
	for i, v := range []lua.LValue{got, want} {
		switch v.(type) {
		case lua.LNumber, *lua.LTable:
		default:
			L.ArgError(i+1, "number or table of numbers expected, got "+v.Type().String())
		}
	}
	if path, g, w, d, bad := nearDiff(got, want, eps, "", 0); bad {
		detail := fmt.Sprintf("got %s, want %s ± %v", display(got), display(want), lua.LNumber(eps))
		if path == "" {
			detail += fmt.Sprintf(" (off by %v)", lua.LNumber(d))
		}
		detail += note(L, 4)
		if path != "" {
			detail += fmt.Sprintf("\n\tfirst difference at %s: got %s, want %s", path, display(g), display(w))
			if !math.IsNaN(d) {
				detail += fmt.Sprintf(" (off by %v)", lua.LNumber(d))
			}
		}
		h.fail(L, "near", detail)
	}
	h.passed++
	return 0
}

func (h *Host) expectTruthy(L *lua.LState) int {
	needArgs(L, 1, "expect.truthy(v [, msg])")
	if !lua.LVAsBool(L.Get(1)) {
		h.fail(L, "truthy", fmt.Sprintf("got %s%s", display(L.Get(1)), note(L, 2)))
	}
	h.passed++
	return 0
}

func (h *Host) expectFalsy(L *lua.LState) int {
	needArgs(L, 1, "expect.falsy(v [, msg])")
	if lua.LVAsBool(L.Get(1)) {
		h.fail(L, "falsy", fmt.Sprintf("got %s%s", display(L.Get(1)), note(L, 2)))
	}
	h.passed++
	return 0
}

// expectError calls fn, which must raise; with a pattern, the error message
// must match it (string.find semantics). It returns the error value.
func (h *Host) expectError(L *lua.LState) int {
	fn := L.CheckFunction(1)
	pattern, hasPattern := "", false
	if L.GetTop() >= 2 && L.Get(2) != lua.LNil {
		pattern, hasPattern = L.CheckString(2), true
	}
	L.Push(fn)
	err := L.PCall(0, 0, nil)
	if err == nil {
		h.fail(L, "error", "function did not raise an error"+note(L, 3))
	}
	obj := lua.LValue(lua.LString(err.Error()))
	if ae, ok := err.(*lua.ApiError); ok {
		obj = ae.Object
	}
	if h.lim.tripped() != nil {
		// A tripped limit is not the error under test; let it stop the script.
		L.Error(obj, 0)
	}
	if hasPattern {
		msg, ok := obj.(lua.LString)
		if !ok {
			h.fail(L, "error", fmt.Sprintf("error value %s is not a string, cannot match pattern %q%s", display(obj), pattern, note(L, 3)))
		}
		L.Push(h.findFn)
		L.Push(msg)
		L.Push(lua.LString(pattern))
		L.Call(2, 1)
		found := L.Get(-1)
		L.Pop(1)
		if found == lua.LNil {
			h.fail(L, "error", fmt.Sprintf("error %s does not match pattern %q%s", display(msg), pattern, note(L, 3)))
		}
	}
	h.passed++
	L.Push(obj)
	return 1
}

// expectSubsequence checks that the elements of pattern occur in list in
// order, not necessarily adjacent; table elements match by partialMatch.
// It returns the list indices of the matches.
func (h *Host) expectSubsequence(L *lua.LState) int {
	list := L.CheckTable(1)
	pattern := L.CheckTable(2)
	n, m := list.Len(), pattern.Len()
	at := make([]int, 0, m)
	j := 1
	for i := 1; i <= n && j <= m; i++ {
		if partialMatch(pattern.RawGetInt(j), list.RawGetInt(i), 0) {
			at = append(at, i)
			j++
		}
	}
	if j <= m {
		want := pattern.RawGetInt(j)
		var detail string
		if j == 1 {
			detail = fmt.Sprintf("pattern[1] %s not found in list (%d elements)", display(want), n)
		} else {
			last := at[len(at)-1]
			detail = fmt.Sprintf("pattern[%d] %s not found after list[%d] (pattern[%d] matched there; %d of %d pattern elements matched, list has %d elements)",
				j, display(want), last, j-1, j-1, m, n)
			for i := 1; i <= last; i++ {
				if partialMatch(want, list.RawGetInt(i), 0) {
					detail += fmt.Sprintf("; it occurs earlier, at list[%d] — out of order", i)
					break
				}
			}
		}
		h.fail(L, "subsequence", detail+note(L, 3))
	}
	h.passed++
	idx := L.CreateTable(len(at), 0)
	for _, i := range at {
		idx.Append(lua.LNumber(i))
	}
	L.Push(idx)
	return 1
}
