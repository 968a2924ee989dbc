package testbed

import (
	"errors"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/testbed/luahost"
)

// TestStreamedAdvanceStopsWithinLimits is issue 25's first host hole: a
// ring of 33×33 synthetic landblocks of 4,096 scenery objects each,
// waited for, then world.advance(1) (again, until the ring is published). Publication spawns inside the
// frame, where no instruction is counted; it is now charged object by
// object, and stream_wait reads the heap while the workers build, so
// the run stops at its limits (here 2 s and 256 MiB; before, the 10 s
// limit was reported after 65 s at 2 GB) and the heap stays within 1.5×
// the memory limit of where it began.
func TestStreamedAdvanceStopsWithinLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a large streamed world (-short)")
	}
	p, err := sampleworld.Portal()
	if err != nil {
		t.Fatal(err)
	}
	c, err := sampleworld.Cell()
	if err != nil {
		t.Fatal(err)
	}
	const limit = 256 << 20
	s := New(t.TempDir(), Options{Portal: p, Cell: c, Timeout: 2, Memory: limit})
	defer s.Close()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	heap := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := heap()
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
				if h := heap(); h > peak.Load() {
					peak.Store(h)
				}
			}
		}
	}()
	start := time.Now()
	err = s.host.RunSource("big.lua", []byte(`
world.stream{near = 16, far = 16, workers = 64, synthetic = {min_x = 0, min_y = 0, max_x = 255, max_y = 255, scenery = 4096}}
local p = world.spawn{archetype = "player", guid = 0x50000100, setup = sample.HUMAN, cell = 0x80800001, origin = {96, 96, 0}, heading = 0}
world.set_player(p)
for _ = 1, 1000 do
  world.stream_wait(10)
  world.advance(1)
end
`))
	took := time.Since(start)
	close(stop)
	<-sampled
	if !errors.Is(err, luahost.ErrTimeout) && !errors.Is(err, luahost.ErrMemory) && !errors.Is(err, luahost.ErrBudget) {
		t.Fatalf("the run ended with %v, want a limit", err)
	}
	// The wall clock is 2 s; a loaded 2-core machine gets 4 s more to
	// notice it and unwind (the race detector, slack seconds more).
	if took > 6*time.Second+slack*time.Second {
		t.Errorf("stopped after %v (%v), limit 2 s", took, err)
	}
	if grown := int64(peak.Load()) - int64(base); grown > limit*3/2 {
		t.Errorf("the heap grew by %d MiB at its peak, more than 1.5× the %d MiB limit (%v)", grown>>20, limit>>20, err)
	}
	t.Logf("%v after %v; heap peak +%d MiB", err, took, (int64(peak.Load())-int64(base))>>20)
}
