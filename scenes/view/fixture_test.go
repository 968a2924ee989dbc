package view

import (
	"testing"

	"github.com/dereth/dereth/internal/testworld"
	"github.com/dereth/dereth/systems"
)

// Guids of the test world.
const (
	guidPlayer   = testworld.Player
	guidWalker   = testworld.Walker
	guidCorpse   = testworld.Corpse
	guidDoor     = testworld.Door
	guidWindmill = testworld.Windmill
)

type sampleFixture struct {
	*testworld.Sample
	assets *DATAssets
}

var fixture *sampleFixture

func openSample(t testing.TB) *sampleFixture {
	t.Helper()
	if fixture != nil {
		return fixture
	}
	s, err := testworld.Open()
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewDATAssets(s.Portal, s.Cell)
	if err != nil {
		t.Fatal(err)
	}
	fixture = &sampleFixture{Sample: s, assets: a}
	return fixture
}

// testWorld is testworld's five objects over the sample assets.
func testWorld(t testing.TB) (*systems.World, *DATAssets) {
	t.Helper()
	f := openSample(t)
	w, err := f.World()
	if err != nil {
		t.Fatal(err)
	}
	return w, f.assets
}

// testCamera looks at the player from behind and above, the viewer's
// default.
func testCamera(w *systems.World, width, height int) *Camera {
	pl := w.Object(guidPlayer)
	c := NewCamera(width, height, pl.Phys.Position)
	c.Follow(pl.Phys.Position, 1)
	return c
}
