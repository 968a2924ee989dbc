package testbed

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/systems"
)

// crowdScript spawns 300 walking and running humans and leaves time to
// the test.
const crowdScript = `
local n = 0
for i = 0, 14 do
  for j = 0, 19 do
    world.spawn{archetype = "creature", guid = 0x60000000 + n, setup = 0x02000001,
      cell = 0xA9B40001, origin = {2 + i * 2, 2 + j * 2, 60},
      motion = {forward = (n % 2 == 0) and "WalkForward" or "RunForward"}}
    n = n + 1
  end
end
`

// TestRunHeapStaysBounded runs 300 creatures for six seconds headless and
// checks the live heap between second two and second six: flat with the
// in-memory trace off, and bounded by the ring with it on (the ring fills
// in the first second).
func TestRunHeapStaysBounded(t *testing.T) {
	portal, err := sampleworld.Portal()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "crowd.lua")
	if err := os.WriteFile(script, []byte(crowdScript), 0o644); err != nil {
		t.Fatal(err)
	}
	heap := func() int64 {
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return int64(ms.HeapAlloc)
	}
	for _, c := range []struct {
		name   string
		events int
		limit  int64
	}{
		{"trace off", -1, 1 << 20},
		{"trace ring", 0, 2 << 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Run(script, Options{Portal: portal, TraceEvents: c.events})
			defer s.Close()
			if err != nil {
				t.Fatal(err)
			}
			for range 40 {
				s.World.Step(0.05)
			}
			before := heap()
			for range 80 {
				s.World.Step(0.05)
			}
			growth := heap() - before
			if growth > c.limit {
				t.Fatalf("live heap grew %d KiB in four seconds (limit %d KiB)", growth>>10, c.limit>>10)
			}
			if c.events == 0 && (len(s.Rec.Events) > systems.DefaultRecorderLimit || s.Rec.Dropped == 0) {
				t.Fatalf("the ring holds %d events and dropped %d: it should be full and bounded", len(s.Rec.Events), s.Rec.Dropped)
			}
		})
	}
}
