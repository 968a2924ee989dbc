package luahost

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Suggestion returns `; did you mean "X"?` naming the candidates closest
// to name (case-insensitive edit distance at most a third of its length,
// at least 2), up to three of them, or "" when none is close.
func Suggestion(name string, candidates []string) string {
	best := closest(name, candidates)
	if len(best) == 0 {
		return ""
	}
	q := make([]string, len(best))
	for i, b := range best {
		q[i] = fmt.Sprintf("%q", b)
	}
	return "; did you mean " + strings.Join(q, " or ") + "?"
}

// closest returns up to three candidates nearest to name, nearest first
// (ties in candidate order).
func closest(name string, candidates []string) []string {
	limit := max(2, len([]rune(name))/3)
	type scored struct {
		s string
		d int
	}
	var hits []scored
	lname := strings.ToLower(name)
	seen := map[string]bool{}
	for _, c := range candidates {
		if seen[c] {
			continue
		}
		seen[c] = true
		d := editDistance(lname, strings.ToLower(c))
		if d <= limit {
			hits = append(hits, scored{c, d})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].d < hits[j].d })
	var out []string
	for _, h := range hits[:min(len(hits), 3)] {
		out = append(out, h.s)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b (in runes).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// Fields raises a script error naming the first (in sorted order) string
// key of t that is not one of known, with the closest known names
// suggested: a misspelled option is an error, not silently the default.
// Array entries are not fields and are not checked.
func Fields(L *lua.LState, t *lua.LTable, ctx string, known ...string) {
	var bad []string
	t.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); ok && !slices.Contains(known, string(s)) {
			bad = append(bad, string(s))
		}
	})
	if len(bad) == 0 {
		return
	}
	slices.Sort(bad) // the table's order is not the script's
	L.RaiseError("%s: unknown field %q%s (known: %s)", ctx, bad[0], Suggestion(bad[0], known), strings.Join(known, ", "))
}
