package luahost

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Display limits keep failure messages readable for large trace tables.
const (
	displayDepth   = 4   // nested tables deeper than this print as {...}
	displayEntries = 24  // entries per table before "... (N more)"
	displayString  = 200 // string bytes before truncation
)

var identRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// display renders a Lua value for messages: strings quoted, tables with
// their array part first and the other keys sorted, cycles as <cycle>.
// It never calls metamethods.
func display(v lua.LValue) string {
	var b strings.Builder
	writeValue(&b, v, 0, map[*lua.LTable]bool{})
	return b.String()
}

func writeValue(b *strings.Builder, v lua.LValue, depth int, open map[*lua.LTable]bool) {
	switch x := v.(type) {
	case lua.LString:
		s := string(x)
		if len(s) > displayString {
			b.WriteString(strconv.Quote(s[:displayString]))
			fmt.Fprintf(b, "...(%d bytes)", len(s))
			return
		}
		b.WriteString(strconv.Quote(s))
	case *lua.LTable:
		if open[x] {
			b.WriteString("<cycle>")
			return
		}
		if depth >= displayDepth {
			b.WriteString("{...}")
			return
		}
		open[x] = true
		defer delete(open, x)
		keys := sortedKeys(x)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			if i == displayEntries {
				fmt.Fprintf(b, "... (%d more)", len(keys)-i)
				break
			}
			if n, ok := k.(lua.LNumber); !ok || float64(n) != float64(i+1) {
				writeKey(b, k)
				b.WriteByte('=')
			}
			writeValue(b, x.RawGet(k), depth+1, open)
		}
		b.WriteByte('}')
	default:
		b.WriteString(v.String())
	}
}

func writeKey(b *strings.Builder, k lua.LValue) {
	if s, ok := k.(lua.LString); ok && identRe.MatchString(string(s)) {
		b.WriteString(string(s))
		return
	}
	b.WriteByte('[')
	writeValue(b, k, displayDepth, nil)
	b.WriteByte(']')
}

// pathElem renders one step of a difference path: .name or [key].
func pathElem(k lua.LValue) string {
	if s, ok := k.(lua.LString); ok && identRe.MatchString(string(s)) {
		return "." + string(s)
	}
	var b strings.Builder
	b.WriteByte('[')
	writeValue(&b, k, displayDepth, nil)
	b.WriteByte(']')
	return b.String()
}

// keyRank orders key types: numbers, strings, booleans, everything else.
func keyRank(k lua.LValue) int {
	switch k.(type) {
	case lua.LNumber:
		return 0
	case lua.LString:
		return 1
	case lua.LBool:
		return 2
	}
	return 3
}

// sortedKeys returns the keys of t in a stable, readable order.
func sortedKeys(t *lua.LTable) []lua.LValue {
	var keys []lua.LValue
	t.ForEach(func(k, _ lua.LValue) { keys = append(keys, k) })
	sort.SliceStable(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		ra, rb := keyRank(a), keyRank(b)
		if ra != rb {
			return ra < rb
		}
		switch x := a.(type) {
		case lua.LNumber:
			return x < b.(lua.LNumber)
		case lua.LString:
			return x < b.(lua.LString)
		case lua.LBool:
			return !bool(x) && bool(b.(lua.LBool))
		}
		return a.String() < b.String()
	})
	return keys
}

// firstDiff compares a and b deeply (tables by contents, ignoring
// metatables) and describes the first difference: its path below the
// compared values ("" at the top) and the two values there.
func firstDiff(a, b lua.LValue, path string, seen map[[2]*lua.LTable]bool) (string, lua.LValue, lua.LValue, bool) {
	ta, okA := a.(*lua.LTable)
	tb, okB := b.(*lua.LTable)
	if !okA || !okB {
		if primitiveEqual(a, b) {
			return "", nil, nil, false
		}
		return path, a, b, true
	}
	if ta == tb || seen[[2]*lua.LTable{ta, tb}] {
		return "", nil, nil, false
	}
	seen[[2]*lua.LTable{ta, tb}] = true
	for _, k := range sortedKeys(ta) {
		if p, x, y, ok := firstDiff(ta.RawGet(k), tb.RawGet(k), path+pathElem(k), seen); ok {
			return p, x, y, true
		}
	}
	for _, k := range sortedKeys(tb) {
		if ta.RawGet(k) == lua.LNil {
			return path + pathElem(k), lua.LNil, tb.RawGet(k), true
		}
	}
	return "", nil, nil, false
}

func deepEqual(a, b lua.LValue) bool {
	_, _, _, diff := firstDiff(a, b, "", map[[2]*lua.LTable]bool{})
	return !diff
}

func primitiveEqual(a, b lua.LValue) bool {
	if x, ok := a.(lua.LNumber); ok {
		y, ok := b.(lua.LNumber)
		return ok && x == y
	}
	return a == b
}

// partialMatch reports whether v matches pattern: a table pattern matches a
// table value when every key of the pattern matches (recursively) the
// value's field, extra fields of v are ignored; anything else compares by
// value.
func partialMatch(pattern, v lua.LValue, depth int) bool {
	tp, ok := pattern.(*lua.LTable)
	if !ok {
		return primitiveEqual(pattern, v)
	}
	tv, ok := v.(*lua.LTable)
	if !ok {
		return false
	}
	if tp == tv {
		return true
	}
	if depth > 64 {
		return false
	}
	match := true
	tp.ForEach(func(k, pv lua.LValue) {
		if match && !partialMatch(pv, tv.RawGet(k), depth+1) {
			match = false
		}
	})
	return match
}

// nearDiff compares numbers, or tables of numbers with the same keys, within
// eps; it returns the path, values and distance of the first pair that is not
// within eps.
func nearDiff(a, b lua.LValue, eps float64, path string, depth int) (string, lua.LValue, lua.LValue, float64, bool) {
	x, okX := a.(lua.LNumber)
	y, okY := b.(lua.LNumber)
	if okX && okY {
		d := math.Abs(float64(x) - float64(y))
		if d <= eps {
			return "", nil, nil, 0, false
		}
		return path, a, b, d, true
	}
	ta, okA := a.(*lua.LTable)
	tb, okB := b.(*lua.LTable)
	if !okA || !okB || depth > 64 {
		return path, a, b, math.NaN(), true
	}
	for _, k := range sortedKeys(tb) {
		if p, u, v, d, bad := nearDiff(ta.RawGet(k), tb.RawGet(k), eps, path+pathElem(k), depth+1); bad {
			return p, u, v, d, true
		}
	}
	for _, k := range sortedKeys(ta) {
		if tb.RawGet(k) == lua.LNil {
			return path + pathElem(k), ta.RawGet(k), lua.LNil, math.NaN(), true
		}
	}
	return "", nil, nil, 0, false
}
