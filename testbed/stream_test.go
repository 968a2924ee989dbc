package testbed

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/stream"
)

// The viewer's world: the default spawn script on the sample DATs with
// streaming on logs the player in behind the barrier, and the sample's
// portal pair takes the player into the dungeon (the ring collapses to its
// landblock) and back to the town, each arrival revealed only after its
// barrier opened.
func TestSamplePortalsRoundTrip(t *testing.T) {
	p, c := sampleDATs(t)
	s := New("", Options{Portal: p, Cell: c, Viewer: true, Stdout: io.Discard, TraceEvents: 1 << 14})
	defer s.Close()
	if err := s.StartStream(stream.DefaultConfig, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.RunSample(); err != nil {
		t.Fatal(err)
	}
	w := s.World
	settle := func(what string) {
		t.Helper()
		for range 300 {
			s.Stream().WaitBuilt(5 * time.Second)
			w.Step(1.0 / 30)
			if !w.SmartBox.InPortalSpace() {
				return
			}
		}
		t.Fatalf("%s: never revealed (%q)", what, w.SmartBox.TravelState())
	}
	settle("login")
	if err := s.UsePortal(0x60000010); err != nil {
		t.Fatal(err)
	}
	settle("portal out")
	if c := w.Object(w.PlayerGUID).Phys.Position.Cell; c != sampleworld.TownPortalDestCell {
		t.Fatalf("arrived in cell 0x%08X, want the dungeon's 0x%08X", c, uint32(sampleworld.TownPortalDestCell))
	}
	if !s.Stream().Collapsed() || s.Stream().Len() != 1 {
		t.Fatalf("the ring did not collapse to the dungeon: %d landblocks", s.Stream().Len())
	}
	if err := s.UsePortal(0x60000011); err != nil {
		t.Fatal(err)
	}
	settle("portal back")
	if c := w.Object(w.PlayerGUID).Phys.Position.Cell; c != sampleworld.DungeonPortalDestCell {
		t.Fatalf("back in cell 0x%08X, want 0x%08X", c, uint32(sampleworld.DungeonPortalDestCell))
	}
	scenery := 0
	for _, g := range s.Stream().Objects[w.Object(w.PlayerGUID).Phys.Position.Cell&0xFFFF0000] {
		if g>>28 == 0x8 {
			scenery++
		}
	}
	t.Logf("town landblock: %d streamed objects, %d of them scenery", len(s.Stream().Objects[0xA8B40000]), scenery)
	var steps []string
	for _, e := range s.Rec.Events {
		if e.Kind == "travel" && (e.Stage == "barrier_open" || e.Stage == "reveal") {
			steps = append(steps, e.Stage)
		}
	}
	want := []string{"barrier_open", "reveal", "barrier_open", "reveal", "barrier_open", "reveal"}
	if len(steps) != len(want) {
		t.Fatalf("travel steps %v", steps)
	}
	for i := range want {
		if steps[i] != want[i] {
			t.Fatalf("travel steps %v", steps)
		}
	}
	if err := s.Err; err != nil {
		t.Fatal(err)
	}
}

func TestStreamArgumentErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`world.stream{near = 2, far = 1, synthetic = {}}`, "0 ≤ near ≤ far ≤ 16"},
		{`world.stream{far = 40, synthetic = {}}`, "far 40"},
		{`world.stream{workers = 1000, synthetic = {}}`, "workers 1000"},
		{`world.stream_run()`, "streaming is off"},
		{`world.loaded(); world.reveal_ready({origin = {0, 0, 0}})`, "needs a cell"},
		{`world.teleport(1, {cell = 0x12340050, origin = {0, 0, 0}})`, "is not a landblock, outdoor cell or EnvCell"},
		{`world.stream{synthetic = {}}; world.stream_build{block = 0x64640000, tier = "middle"}`, `"near" or "far"`},
		{`world.use_portal(5)`, "not a portal"},
	} {
		s := New("", Options{})
		err := s.host.RunSource("t.lua", []byte(tc.src))
		s.Close()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error containing %q", tc.src, err, tc.want)
		}
	}
}
