package view

import (
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/stream"
)

// TestLandblockIsTheLandsBuild: the renderer draws a landblock from the
// land's one build (what collides is what is drawn): handed the world's
// land, it draws each scenery object and each building of the build, as
// its Setup's parts, and a landblock built again is drawn again from the
// new build.
func TestLandblockIsTheLandsBuild(t *testing.T) {
	f := openSample(t)
	a, err := NewDATAssets(f.Portal, f.Cell)
	if err != nil {
		t.Fatal(err)
	}
	src, err := stream.DatSourceOf(f.Portal, f.Cell)
	if err != nil {
		t.Fatal(err)
	}
	land := stream.NewSync(src)
	a.Land = land
	const block = 0xA9B40000
	b := land.Build(block)
	if len(b.Scenery) == 0 {
		t.Fatal("the sample landblock has no scenery")
	}
	parts := func(id uint32) int {
		if id>>24 == 0x01 {
			return 1
		}
		s, err := f.Portal.Setup(id)
		if err != nil {
			t.Fatal(err)
		}
		return len(s.Parts)
	}
	want := 0
	for _, s := range b.Statics {
		if dat.IsOutdoorCell(s.Cell) && (s.Building || s.ID>>24 == 0x01) {
			want += parts(s.ID)
		}
	}
	for _, s := range b.Scenery {
		want += parts(s.ID)
	}
	lb, err := a.Landblock(block | dat.BlockCellPart)
	if err != nil {
		t.Fatal(err)
	}
	if len(lb.Statics) != want || lb.Z != b.Heights || lb.Terrain != b.Terrain {
		t.Fatalf("drew %d statics, want the build's %d (and its heights and terrain)", len(lb.Statics), want)
	}
	again, _ := a.Landblock(block | dat.BlockCellPart)
	if again != lb {
		t.Fatal("the same build was drawn anew")
	}
	a.Land = stream.NewSync(src)
	if other, _ := a.Landblock(block | dat.BlockCellPart); other == lb {
		t.Fatal("a new build was not drawn anew")
	}
}
