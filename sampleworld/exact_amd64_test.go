package sampleworld

import (
	"bytes"
	"testing"

	"github.com/dereth/dereth/sampleworld/world"
)

// TestEmbeddedBytesExact checks the committed DATs are byte-for-byte what
// the generator builds. It is limited to amd64, where the committed files
// are generated; other architectures may fuse float operations differently.
func TestEmbeddedBytesExact(t *testing.T) {
	portal, cell, err := world.Build()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(portal, PortalBytes()) || !bytes.Equal(cell, CellBytes()) {
		t.Fatal("embedded sample DATs are stale: run go generate ./sampleworld")
	}
}
