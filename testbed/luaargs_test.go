package testbed

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandNames checks that a script may name any retail motion command
// (not only the ones the motion package has Go constants for) and that an
// unknown name fails with an error that names it.
func TestCommandNames(t *testing.T) {
	tests := []struct {
		name    string
		script  string
		wantErr []string // substrings of the run error; nil means the run passes
	}{
		{"Wave", `expect.eq(world.command("Wave"), 0x13000087)`, nil},
		{"PunchSlowHigh", `expect.eq(world.command("PunchSlowHigh"), 0x10000192)`, nil},
		{"HoldRun", `expect.eq(world.command("HoldRun"), 0x85000001)`, nil},
		{"constant name", `expect.eq(world.command("WalkForward"), 0x45000005)`, nil},
		{"number", `expect.eq(world.command(0x13000087), 0x13000087)`, nil},
		{"unknown", `world.command("Wavy")`, []string{"world.command", `unknown motion command "Wavy"`}},
		{"wrong case", `world.command("wave")`, []string{`unknown motion command "wave"`}},
		{"wrong type", `world.command(true)`, []string{"a motion command is a name or a number, got boolean"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := runSnippet(t, tt.script, Options{})
			if tt.wantErr == nil {
				if err != nil {
					t.Fatal(err)
				}
				if passed, failed := s.Expectations(); passed != 1 || failed != 0 {
					t.Fatalf("expectations: %d passed, %d failed", passed, failed)
				}
				return
			}
			if err == nil {
				t.Fatalf("script ran; want an error containing %q", tt.wantErr)
			}
			for _, w := range tt.wantErr {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

// runSnippet runs a script given as text, closing the scenario when the
// test ends.
func runSnippet(t *testing.T, script string, opts Options) (*Scenario, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "snippet.lua")
	if err := os.WriteFile(path, []byte(script+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Run(path, opts)
	t.Cleanup(s.Close)
	return s, err
}
