package testbed

import (
	"sort"

	"github.com/dereth/dereth/motioncmd"
)

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
