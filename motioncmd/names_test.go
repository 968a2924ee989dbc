package motioncmd

import (
	"sort"
	"testing"
)

// TestCommandNames: every command name once, sorted, none empty.
func TestCommandNames(t *testing.T) {
	names := Names()
	if len(names) != len(commandsByName) || !sort.StringsAreSorted(names) {
		t.Fatalf("%d names (want %d), sorted %v", len(names), len(commandsByName), sort.StringsAreSorted(names))
	}
	for _, n := range names {
		if _, ok := commandsByName[n]; !ok || n == "" {
			t.Fatalf("name %q is not a command", n)
		}
	}
}
