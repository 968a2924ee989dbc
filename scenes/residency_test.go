package scenes

import (
	"io"
	"testing"
	"time"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/stream"
	"github.com/dereth/dereth/testbed"
)

// The renderer follows residency: on the sample world as the viewer runs
// it (default spawn script, streaming on), it draws terrain for exactly
// the published landblocks — Near and Far, from their published builds —
// and nothing else the DATs hold; through the town portal the town's
// terrain goes and only the dungeon's landblock is drawn.
func TestRendererDrawsResidentLandblocks(t *testing.T) {
	s, da := residentSample(t)
	w := s.World
	ra := NewResidentAssets(da, w)
	r := view.NewRenderer(ra)
	frame := func() *view.Camera {
		cam := view.NewCamera(640, 480, w.Object(w.PlayerGUID).Phys.Position)
		cam.Update()
		r.Build(w, cam)
		return cam
	}
	// drawn reports whether the renderer has terrain for landblock
	// (bx, by) and checks its height against the published build.
	drawn := func(cam *view.Camera, bx, by int) bool {
		t.Helper()
		off := cam.BlockOffset(bx, by)
		z, ok := r.GroundZ(cam, off.X+100, off.Y+100)
		block := uint32(bx)<<24 | uint32(by)<<16
		sl := s.Stream().Slot(block)
		published := sl != nil && sl.Published != stream.None
		if ok != published {
			t.Errorf("landblock 0x%04X: drawn %v, published %v", block>>16, ok, published)
		}
		if ok && z != dat.TerrainHeight(block, &sl.Build.Heights, 100, 100) {
			t.Errorf("landblock 0x%04X: drawn at z %v, not its published build's", block>>16, z)
		}
		return ok
	}
	cam := frame()
	if r.TerrainBounds.Empty() {
		t.Fatal("no terrain drawn around the spawn")
	}
	near, far := 0, 0
	for bx := 0xA4; bx <= 0xAF; bx++ {
		for by := 0xAF; by <= 0xBA; by++ {
			if !drawn(cam, bx, by) {
				continue
			}
			if s.Stream().Slot(uint32(bx)<<24|uint32(by)<<16).Published == stream.Near {
				near++
			} else {
				far++
			}
		}
	}
	// The 7×7 ring around 0xA9B4 lies inside the 12×12 sample world.
	if near != 9 || far != 40 {
		t.Fatalf("drew %d Near and %d Far landblocks, want the 3×3 and 7×7 rings (9, 40)", near, far)
	}
	if _, err := ra.Landblock(0xADB4FFFF); err == nil {
		t.Fatal("landblock 0xADB4, outside the ring, is drawable")
	}

	if err := s.UsePortal(0x60000010); err != nil {
		t.Fatal(err)
	}
	settle(t, s)
	cam = frame()
	if drawn(cam, 0xA8, 0xB4) || drawn(cam, 0xA9, 0xB4) {
		t.Fatal("the town is still drawn in the dungeon")
	}
	if !drawn(cam, 0x02, 0x02) {
		t.Fatal("the dungeon's landblock is not drawn")
	}
}

// BenchmarkBuildResident is one renderer Build of the viewer's sample
// world around the spawn, objects included, with the resident ring (7×7
// landblocks, 9 Near) drawn through ResidentAssets: steady state, no
// allocation.
func BenchmarkBuildResident(b *testing.B) {
	s, da := residentSample(b)
	w := s.World
	b.Run("resident", func(b *testing.B) {
		r := view.NewRenderer(NewResidentAssets(da, w))
		cam := view.NewCamera(1280, 720, w.Object(w.PlayerGUID).Phys.Position)
		cam.Update()
		r.Build(w, cam)
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			r.Build(w, cam)
		}
		b.ReportMetric(float64(len(r.Indices)/3), "tris")
	})
}

// residentSample is the sample world as the viewer runs it (default spawn
// script, streaming on), stepped until the login's reveal (settle), and
// its DAT assets. The scenario closes when tb ends.
func residentSample(tb testing.TB) (*testbed.Scenario, *view.DATAssets) {
	tb.Helper()
	p, err := sampleworld.Portal()
	if err != nil {
		tb.Fatal(err)
	}
	c, err := sampleworld.Cell()
	if err != nil {
		tb.Fatal(err)
	}
	s := testbed.New("", testbed.Options{Portal: p, Cell: c, Viewer: true, Stdout: io.Discard})
	tb.Cleanup(s.Close)
	if err := s.StartStream(stream.DefaultConfig, nil); err != nil {
		tb.Fatal(err)
	}
	if err := s.RunSample(); err != nil {
		tb.Fatal(err)
	}
	settle(tb, s)
	da, err := NewDATAssets(p, c)
	if err != nil {
		tb.Fatal(err)
	}
	return s, da
}

// settle steps s's world, each step after the streamer's builds, until it
// leaves portal space; it fails tb if that takes more than 300 steps.
func settle(tb testing.TB, s *testbed.Scenario) {
	tb.Helper()
	w := s.World
	for range 300 {
		s.Stream().WaitBuilt(5 * time.Second)
		w.Step(1.0 / 30)
		if !w.SmartBox.InPortalSpace() {
			return
		}
	}
	tb.Fatalf("never revealed (%q)", w.SmartBox.TravelState())
}
