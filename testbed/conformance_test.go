package testbed

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestConformance runs every testbed/conformance/cNN-*.lua scenario.
func TestConformance(t *testing.T) {
	files, err := filepath.Glob("conformance/c[0-9][0-9]-*.lua")
	if err != nil || len(files) < 12 {
		t.Fatalf("conformance scenarios: %v %v", files, err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".lua"), func(t *testing.T) {
			s, err := Run(f, Options{})
			defer s.Close()
			if err != nil {
				t.Fatal(err)
			}
			passed, failed := s.Expectations()
			if failed != 0 || passed == 0 {
				t.Fatalf("expectations: %d passed, %d failed", passed, failed)
			}
		})
	}
}
