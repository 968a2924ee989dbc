package testbed

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld"
)

// sampleDATs opens the embedded sample world's portal and cell DATs.
func sampleDATs(t testing.TB) (portal, cell *dat.Container) {
	t.Helper()
	portal, err := sampleworld.Portal()
	if err != nil {
		t.Fatal(err)
	}
	if cell, err = sampleworld.Cell(); err != nil {
		t.Fatal(err)
	}
	return portal, cell
}

// TestScenarios runs every example scenario on the sample world.
func TestScenarios(t *testing.T) {
	files, _ := filepath.Glob("scenarios/*.lua")
	if len(files) < 2 {
		t.Fatalf("scenarios: %v", files)
	}
	portal, cell := sampleDATs(t)
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".lua"), func(t *testing.T) {
			s, err := Run(f, Options{Portal: portal, Cell: cell})
			defer s.Close()
			if err == nil {
				err = s.Err
			}
			if err != nil {
				t.Fatal(err)
			}
			if passed, failed := s.Expectations(); failed != 0 || passed == 0 {
				t.Fatalf("expectations: %d passed, %d failed", passed, failed)
			}
		})
	}
}
