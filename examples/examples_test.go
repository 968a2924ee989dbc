// Package examples holds commented spawn scripts a modder can copy; this
// test runs each one.
package examples

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/internal/testworld"
	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/testbed"
)

// TestExamples runs every example: headless on the sample world, where its
// expectations must pass, and on DATs holding the same things under other
// ids; and as the viewer runs it (world.headless false, the window
// stepping the world), where its timers must run ten seconds without an
// error.
func TestExamples(t *testing.T) {
	files, err := filepath.Glob("*.lua")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"chase.lua", "crowd.lua", "door.lua", "patrol.lua", "travel.lua", "wire.lua"}
	if strings.Join(files, " ") != strings.Join(want, " ") {
		t.Fatalf("examples %v, want %v", files, want)
	}
	runExamples(t, files)
}

// frozenDir holds the examples as they were when the scripting surface was
// frozen (API version 1): scripts written against an earlier surface must
// keep running. A frozen copy changes only with a CHANGELOG entry naming
// its new hash (TestFrozenExamplesInChangelog).
const frozenDir = "testdata/frozen"

// TestFrozenExamples runs the frozen copies exactly as TestExamples runs
// the current ones, so a change that breaks a script written against the
// frozen surface fails here even when the current examples were updated
// along with it.
func TestFrozenExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(frozenDir, "*.lua"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no frozen examples in %s", frozenDir)
	}
	runExamples(t, files)
}

func runExamples(t *testing.T, files []string) {
	otherPortal, otherCell, err := testworld.OtherDATs(false)
	if err != nil {
		t.Fatal(err)
	}
	dats := []struct {
		name         string
		portal, cell []byte
	}{
		{"sample", sampleworld.PortalBytes(), sampleworld.CellBytes()},
		{"other ids", otherPortal, otherCell},
	}
	for _, f := range files {
		for _, d := range dats {
			for _, viewer := range []bool{false, true} {
				mode := "headless"
				if viewer {
					mode = "viewer"
				}
				t.Run(strings.TrimSuffix(filepath.Base(f), ".lua")+"/"+d.name+"/"+mode, func(t *testing.T) {
					p, err := dat.OpenBytes(d.portal, "client_portal.dat")
					if err != nil {
						t.Fatal(err)
					}
					c, err := dat.OpenBytes(d.cell, "client_cell_1.dat")
					if err != nil {
						t.Fatal(err)
					}
					s, err := testbed.Run(f, testbed.Options{Portal: p, Cell: c, Viewer: viewer, Stdout: io.Discard})
					defer s.Close()
					if err != nil {
						t.Fatal(err)
					}
					if viewer {
						for i := 0; i < 600; i++ {
							s.World.Step(1.0 / 60)
						}
					} else if passed, failed := s.Expectations(); passed == 0 || failed != 0 {
						t.Fatalf("expectations: %d passed, %d failed", passed, failed)
					}
					if s.Err != nil {
						t.Fatal(s.Err)
					}
					if len(s.World.Objects)+len(s.World.Static) == 0 && filepath.Base(f) != "wire.lua" {
						t.Fatal("the example left no object")
					}
				})
			}
		}
	}
}
