// Package captures finds the shared AC session captures for tests: they
// live in ../shared/captures beside the repository (third-party data, never
// committed). A test that needs them skips, naming the path, when the
// folder is absent; .ci/run refuses to run without it, so CI never skips.
package captures

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Session is the one captured ACE session, in order: login, then entering
// the world.
var Session = []string{"login.pcap", "entergameworld.pcap"}

// Dir returns the captures folder, or skips tb when it is absent.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(moduleRoot(), "..", "shared", "captures")
	if _, err := os.Stat(filepath.Join(dir, Session[0])); err != nil {
		tb.Skipf("captures not found at %s (the shared folder beside the repository): %v", dir, err)
	}
	return dir
}

// Paths returns the session's capture files, or skips tb.
func Paths(tb testing.TB) []string {
	tb.Helper()
	dir := Dir(tb)
	out := make([]string, len(Session))
	for i, name := range Session {
		out[i] = filepath.Join(dir, name)
	}
	return out
}

// moduleRoot is the directory holding go.mod above this file.
func moduleRoot() string {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Dir(file)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "."
		}
		dir = parent
	}
}
