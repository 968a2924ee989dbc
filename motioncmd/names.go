package motioncmd

import "sort"

// Names returns the retail name of every command, sorted (the
// names ByName takes), for listing and for suggesting a name close
// to a misspelt one.
func Names() []string {
	out := make([]string, 0, len(commandsByName))
	for n := range commandsByName {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
