// Package captures finds the shared AC session captures for tests: they
// live in ../shared/captures beside the repository (third-party data, never
// committed). A test that needs them skips, naming the path, when the
// folder is absent; .ci/run refuses to run without it, so CI never skips.
package captures

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// missingOnce says once per test binary that the captures are missing.
var missingOnce sync.Once

// Session is the one captured ACE session, in order: login, then entering
// the world.
var Session = []string{"login.pcap", "entergameworld.pcap"}

// Dir returns the captures folder, or skips tb when it is absent. The
// first skip in a test binary names the path; later ones refer to it
// (`go tool task test` says it once for the whole run).
func Dir(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(moduleRoot(), "..", "shared", "captures")
	if _, err := os.Stat(filepath.Join(dir, Session[0])); err != nil {
		first := false
		missingOnce.Do(func() { first = true })
		if first {
			tb.Skip(Missing(dir, err))
		}
		tb.Skip("captures missing (named above)")
	}
	return dir
}

// Missing is the message for a missing captures folder: the path and what
// skips.
func Missing(dir string, err error) string {
	return fmt.Sprintf("captures not found at %s (the shared folder beside the repository; %v): the tests that replay the captured session skip", dir, err)
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
