package view

import (
	"os"
	"testing"

	"github.com/dereth/dereth/internal/bodycheck"
)

// TestMain switches the body-sync check on for the tests (not for the
// benchmarks): every sync of a colliding world's bodies is followed by
// the full walk in check-only form, which panics on an object whose
// change was not marked (bodycheck).
func TestMain(m *testing.M) {
	bodycheck.Tests()
	os.Exit(m.Run())
}
