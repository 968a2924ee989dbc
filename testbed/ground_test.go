package testbed

import (
	"strings"
	"testing"
)

// TestGroundArguments checks world.ground's range check against
// dat.BlockLength and its answer inside the sample world.
func TestGroundArguments(t *testing.T) {
	portal, cell := sampleDATs(t)
	tests := []struct {
		name, script string
		wantErr      string // "" means the script passes
	}{
		{"inside", `local g = world.ground(0xA9B40000, 191.5, 0)
expect.eq(g.cell, 0xA9B40039)
expect.truthy(g.z > 0)`, ""},
		{"x at the east edge", `world.ground(0xA9B40000, 192, 10)`, "(192, 10) is outside the landblock's [0, 192)"},
		{"negative y", `world.ground(0xA9B40000, 10, -1)`, "(10, -1) is outside the landblock's [0, 192)"},
		{"no such landblock", `world.ground(0x01010000, 10, 10)`, "no landblock 0x0101FFFF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := runSnippet(t, tt.script, Options{Portal: portal, Cell: cell})
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if passed, failed := s.Expectations(); passed == 0 || failed != 0 {
					t.Fatalf("expectations: %d passed, %d failed", passed, failed)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}
