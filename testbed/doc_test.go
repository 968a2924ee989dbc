package testbed

import (
	"os"
	"testing"
)

// readDoc returns docs/scripting.md.
func readDoc(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../docs/scripting.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
