package stream_test

import (
	"testing"
	"time"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/stream"
	"github.com/dereth/dereth/stream/streamtest"
)

// Through the real adapter: walking the strip east and back keeps the
// world's objects at the player plus the Near ring's statics, and the
// collision broad phase follows publication and teardown — a static of a
// torn-down landblock is no obstacle, one of a Near landblock is.
func TestAdapterWalkKeepsWorldAndCollisionInStep(t *testing.T) {
	w, a, g := streamingWorld(t)
	start := w.Object(g).Phys.Position
	step := func(bx int) {
		t.Helper()
		p := start
		p.Cell = dat.CellAt(streamtest.Block(bx, streamtest.MinY+1), 20, 96)
		w.SetPositionInternal(w.Object(g), p)
		w.Step(1.0 / 30)
		if !a.WaitBuilt(10 * time.Second) {
			t.Fatal("builds never finished")
		}
		w.Step(1.0 / 30)
	}
	want := 1 + 9*streamtest.StaticsPerBlock
	var route []int
	for x := streamtest.MinX + 1; x <= streamtest.MaxX-1; x++ {
		route = append(route, x)
	}
	for x := streamtest.MaxX - 2; x >= streamtest.MinX+1; x-- {
		route = append(route, x)
	}
	for i, bx := range route {
		step(bx)
		if w.Len() != want {
			t.Fatalf("step %d (block 0x%02X): %d objects, want %d", i, bx, w.Len(), want)
		}
		if err := w.Verify(); err != nil {
			t.Fatal(err)
		}
	}
	// The towers stand at (40, 30) of every landblock. The player is back
	// at the west end: the tower of its block is an obstacle, the tower of
	// a block far east (torn down) is not.
	tower := func(bx int) int {
		block := streamtest.Block(bx, streamtest.MinY+1)
		lo, hi := physics.Vec3{X: 38, Y: 28, Z: 0}, physics.Vec3{X: 42, Y: 32, Z: 60}
		return len(w.Broadphase().Obstacles(block, lo, hi, g, []collision.Obstacle(nil)))
	}
	if tower(streamtest.MinX+1) == 0 {
		t.Fatal("a Near landblock's static is not in the broad phase")
	}
	if n := tower(streamtest.MaxX - 2); n != 0 {
		t.Fatalf("a torn-down landblock's static still collides (%d obstacles)", n)
	}
}

// A frame with streaming on and nothing to publish allocates nothing.
func TestSteadyStreamingFrameDoesNotAllocate(t *testing.T) {
	w, a, _ := streamingWorld(t)
	for range 3 {
		a.WaitBuilt(10 * time.Second)
		w.Step(1.0 / 30)
	}
	if n := testing.AllocsPerRun(100, func() { w.Step(1.0 / 30) }); n != 0 {
		t.Fatalf("%v allocations per steady frame", n)
	}
}

// slowSource builds as src does, each build taking a while longer.
type slowSource struct {
	stream.Source
	delay time.Duration
}

func (s slowSource) Build(req stream.Request) (*stream.Build, error) {
	time.Sleep(s.delay)
	return s.Source.Build(req)
}

// With Lockstep, a frame boundary publishes every build it issued, however
// slow the workers: after the first frame the whole ring is in and
// nothing is still building.
func TestLockstepPublishesEveryIssuedBuild(t *testing.T) {
	src, assets := datSource(t)
	at := physics.Position{Cell: dat.CellAt(streamtest.Block(streamtest.MinX+3, streamtest.MinY+1), 20, 96),
		Frame: physics.Frame{Origin: physics.Vec3{X: 20, Y: 96, Z: 20}, Orientation: physics.IdentityQuat}}
	w, a, _ := streamingWorldOn(t, slowSource{src, 5 * time.Millisecond}, assets, at)
	a.Lockstep = true
	w.Step(1.0 / 30)
	if sl := a.Slot(at.Cell); sl == nil || sl.Published != stream.Near {
		t.Fatalf("the player's landblock is not published Near after the first frame: %+v", sl)
	}
	for _, sl := range a.Resident() {
		if sl.Pending != stream.None {
			t.Errorf("landblock 0x%08X still building after a lockstep frame", sl.Block)
		}
	}
}
