package testbed

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dereth/dereth/motioncmd"
)

// suggestion returns `; did you mean "X"?` naming the candidates closest
// to name (case-insensitive edit distance at most a third of its length,
// at least 2), up to three of them, or "" when none is close.
func suggestion(name string, candidates []string) string {
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

// keys returns a map's keys, sorted.
func keys[T any](m map[string]T) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// commandOrNil is a motion command's retail name for a query's answer, or
// nil (absent in Lua) for 0, no command.
func commandOrNil(c uint32) any {
	if c == 0 {
		return nil
	}
	return motioncmd.Name(c)
}
