package stream

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenery"
)

// sink records the publication owner's calls.
type sink struct {
	log     []string
	statics map[uint32]int // published statics per block
	terrain map[uint32]bool
}

func newSink() *sink { return &sink{statics: map[uint32]int{}, terrain: map[uint32]bool{}} }

func (k *sink) PublishTerrain(b *Build) {
	k.log = append(k.log, fmt.Sprintf("terrain 0x%04X", b.Block>>16))
	k.terrain[b.Block] = true
}
func (k *sink) PublishNear(b *Build) {
	k.log = append(k.log, fmt.Sprintf("near 0x%04X", b.Block>>16))
	k.statics[b.Block] += len(b.Statics)
}
func (k *sink) TeardownNear(block uint32) {
	k.log = append(k.log, fmt.Sprintf("teardown-near 0x%04X", block>>16))
	delete(k.statics, block)
}
func (k *sink) TeardownTerrain(block uint32) {
	k.log = append(k.log, fmt.Sprintf("teardown-terrain 0x%04X", block>>16))
	delete(k.terrain, block)
}

func blk(x, y int) uint32 { return uint32(x)<<24 | uint32(y)<<16 }

// at is a position in the middle of landblock (x, y).
func at(x, y int) physics.Position {
	b := blk(x, y)
	return physics.Position{Cell: dat.CellAt(b, 96, 96), Frame: physics.Frame{Origin: physics.Vec3{X: 96, Y: 96, Z: 20}, Orientation: physics.IdentityQuat}}
}

func manual(t *testing.T, near, far int) (*Streamer, *sink, *Synthetic, *[]Event) {
	t.Helper()
	src := &Synthetic{MinX: 0, MinY: 0, MaxX: 200, MaxY: 200, Statics: []uint32{0x02000001, 0x02000002}, DungeonBlock: blk(250, 250), DungeonCells: 3}
	src.MaxX, src.MaxY = 254, 254
	k := newSink()
	s, err := New(Config{NearRadius: near, FarRadius: far, RenderReadyOnPublish: true}, src, k)
	if err != nil {
		t.Fatal(err)
	}
	var ev []Event
	s.Observer = func(e Event) { ev = append(ev, e) }
	t.Cleanup(s.Close)
	return s, k, src, &ev
}

func drops(ev []Event, reason string) int {
	n := 0
	for _, e := range ev {
		if e.Kind == EventDrop && e.Reason == reason {
			n++
		}
	}
	return n
}

func TestRingTiersAndPublishOnlyAtBoundary(t *testing.T) {
	s, k, _, _ := manual(t, 1, 2)
	s.Update(at(100, 100))
	if got := len(s.Queued()); got != 25 {
		t.Fatalf("queued %d loads, want 25 (5×5)", got)
	}
	s.RunPending()
	if len(k.log) != 0 {
		t.Fatalf("builds published before the frame boundary: %v", k.log)
	}
	if n := s.Publish(); n != 25 {
		t.Fatalf("published %d, want 25", n)
	}
	for x := 98; x <= 102; x++ {
		for y := 98; y <= 102; y++ {
			want := Far
			if x >= 99 && x <= 101 && y >= 99 && y <= 101 {
				want = Near
			}
			if sl := s.Slot(blk(x, y)); sl == nil || sl.Published != want {
				t.Fatalf("block %d,%d: %+v, want %s", x, y, sl, want)
			}
		}
	}
	if k.statics[blk(100, 100)] != 2 || k.statics[blk(98, 98)] != 0 {
		t.Fatalf("statics %v", k.statics)
	}
}

// Seed 003 §2: a completion of an older generation is dropped even when
// its landblock id overlaps the replacement region.
func TestStaleGenerationDroppedAfterRecenter(t *testing.T) {
	s, k, _, ev := manual(t, 1, 1)
	s.Update(at(100, 100)) // gen 1: 99..101
	g1 := s.Gen()
	s.Recenter(at(101, 100)) // gen 2 overlaps 100..101
	if s.Gen() != g1+1 {
		t.Fatalf("recenter did not advance the generation: %d → %d", g1, s.Gen())
	}
	s.RunPending() // gen-1 and gen-2 builds complete, gen 1 first
	s.Publish()
	if n := drops(*ev, DropStaleGeneration); n != 9 {
		t.Fatalf("%d stale drops, want the 9 gen-1 builds", n)
	}
	for x := 100; x <= 102; x++ {
		for y := 99; y <= 101; y++ {
			sl := s.Slot(blk(x, y))
			if sl == nil || sl.Published != Near || sl.Gen != s.Gen() {
				t.Fatalf("block %d,%d: %+v", x, y, sl)
			}
			if k.statics[blk(x, y)] != 2 {
				t.Fatalf("block %d,%d has %d statics, want 2 (no doubling from the stale build)", x, y, k.statics[blk(x, y)])
			}
		}
	}
	if s.Slot(blk(99, 100)) != nil {
		t.Fatal("a gen-1 block outside the new ring is resident")
	}
}

// A Far completion never overwrites a pending or published Near.
func TestStaleFarNeverOverwritesNear(t *testing.T) {
	s, k, _, ev := manual(t, 0, 1)
	s.Update(at(100, 100))
	s.RunPending()
	s.Publish()
	b := blk(101, 100) // Far
	if s.Slot(b).Published != Far {
		t.Fatal("setup")
	}
	// Walk east: 101 becomes Near and is promoted; a Far build of it for
	// this generation arrives late.
	s.Update(at(101, 100))
	if sl := s.Slot(b); sl.Pending != Near {
		t.Fatalf("not promoted: %+v", sl)
	}
	far, _ := s.src.Build(Request{Op: OpLoad, Block: b, Tier: Far, Gen: s.Gen()})
	s.Deliver(Result{Req: Request{Op: OpLoad, Block: b, Tier: Far, Gen: s.Gen()}, Build: far})
	s.Publish()
	if drops(*ev, DropStaleFar) != 1 {
		t.Fatal("the Far completion for a pending Near was not dropped")
	}
	s.RunPending()
	s.Publish()
	if s.Slot(b).Published != Near || k.statics[b] != 2 {
		t.Fatalf("promotion: %+v statics %d", s.Slot(b), k.statics[b])
	}
	s.Deliver(Result{Req: Request{Op: OpLoad, Block: b, Tier: Far, Gen: s.Gen()}, Build: far})
	s.Publish()
	if drops(*ev, DropStaleFar) != 2 || s.Slot(b).Published != Near || k.statics[b] != 2 {
		t.Fatal("a Far completion overwrote a published Near")
	}
}

// A Near build finishing after its block was demoted publishes
// terrain-only.
func TestNearAfterDemotePublishesTerrainOnly(t *testing.T) {
	s, k, _, ev := manual(t, 1, 2)
	s.Update(at(100, 100))
	b := blk(101, 100)
	s.Update(at(99, 100)) // same generation: 101 falls to Far before its Near build ran
	if sl := s.Slot(b); sl.Want != Far || sl.Pending != Near {
		t.Fatalf("demotion of the pending Near: %+v", sl)
	}
	s.RunPending()
	s.Publish()
	sl := s.Slot(b)
	if sl.Published != Far || sl.Build == nil || len(sl.Build.Statics) != 0 || k.statics[b] != 0 || !k.terrain[b] {
		t.Fatalf("late Near after demotion: %+v statics %d", sl, k.statics[b])
	}
	found := false
	for _, e := range *ev {
		if e.Kind == EventPublish && e.Block == b && e.Reason == NearAfterDemote && e.Tier == Far {
			found = true
		}
	}
	if !found {
		t.Fatal("no terrain-only publication traced")
	}
	if want := TerrainHeight(b); sl.Build.Heights[0] != want {
		t.Fatalf("terrain-only heights %v, want %v", sl.Build.Heights[0], want)
	}
}

// TerrainHeight is the synthetic height of block's first vertex.
func TerrainHeight(b uint32) float32 {
	x, y := dat.BlockXY(b)
	return Height(x*8, y*8)
}

// Duplicate same-generation Near completions are ignored: no doubled
// statics.
func TestDuplicateNearIgnored(t *testing.T) {
	s, k, _, ev := manual(t, 0, 0)
	s.Update(at(100, 100))
	q := s.Queued()
	s.RunPending()
	nb, _ := s.src.Build(q[0])
	s.Deliver(Result{Req: q[0], Build: nb})
	s.Publish()
	if k.statics[blk(100, 100)] != 2 || drops(*ev, DropDuplicate) != 1 {
		t.Fatalf("statics %d, duplicates dropped %d", k.statics[blk(100, 100)], drops(*ev, DropDuplicate))
	}
	near := 0
	for _, l := range k.log {
		if strings.HasPrefix(l, "near ") {
			near++
		}
	}
	if near != 1 {
		t.Fatalf("PublishNear ran %d times: %v", near, k.log)
	}
}

// Demotion and unload go through one teardown path.
func TestDemoteAndUnloadShareTeardown(t *testing.T) {
	s, k, _, _ := manual(t, 0, 1)
	s.Update(at(100, 100))
	s.RunPending()
	s.Publish()
	k.log = nil
	s.Update(at(101, 100)) // 100 demotes to Far
	if l := strings.Join(k.log, ","); !strings.Contains(l, "teardown-near 0x6464") || strings.Contains(l, "teardown-terrain 0x6464") {
		t.Fatalf("demotion keeps the terrain and tears the rest down: %v", k.log)
	}
	s.RunPending()
	s.Publish()
	s.Update(at(103, 100)) // 101 (Near until now) is 2 away: unloaded
	var got []string
	for _, l := range k.log {
		if strings.Contains(l, "0x6564") {
			got = append(got, l)
		}
	}
	want := []string{"near 0x6564", "teardown-near 0x6564", "teardown-terrain 0x6564"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("block 101,100: %v, want %v", got, want)
	}
}

// Walking 50 landblocks in a line keeps the resident set at the ring size.
func TestWalk50KeepsRingSize(t *testing.T) {
	s, k, _, _ := manual(t, 1, 3)
	ring := 7 * 7
	for i := 0; i <= 50; i++ {
		s.Update(at(60+i, 100))
		s.RunPending()
		s.Publish()
		if s.Len() != ring {
			t.Fatalf("step %d: %d slots, want %d", i, s.Len(), ring)
		}
		if len(k.terrain) != ring || len(k.statics) != 9 {
			t.Fatalf("step %d: %d terrains, %d near blocks", i, len(k.terrain), len(k.statics))
		}
	}
}

func TestWorldRevealReady(t *testing.T) {
	s, _, src, _ := manual(t, 1, 2)
	dest := at(100, 100)
	if s.WorldRevealReady(dest) {
		t.Fatal("ready before the ring is centred on the destination")
	}
	s.Recenter(dest)
	s.RunPending()
	if s.WorldRevealReady(dest) {
		t.Fatal("ready before publication")
	}
	s.Publish()
	if !s.WorldRevealReady(dest) {
		t.Fatal("not ready with the near ring published")
	}
	s.Slot(blk(101, 101)).RenderReady = false
	if s.WorldRevealReady(dest) {
		t.Fatal("ready with a near-ring block not render-ready")
	}
	s.SetRenderReady(blk(101, 101), s.Gen())
	s.Slot(blk(99, 99)).Collision = false
	if s.WorldRevealReady(dest) {
		t.Fatal("ready with a near-ring block not collision-resident")
	}
	// Unhydratable destinations are ready (the loud placement path).
	if !s.WorldRevealReady(physics.Position{Cell: blk(100, 100) | 0x0150}) {
		t.Fatal("an unhydratable EnvCell is not ready")
	}
	// Indoor: the dungeon block Near with the EnvCell.
	in := physics.Position{Cell: src.DungeonBlock | 0x0101}
	s.Recenter(in)
	if !s.Collapsed() || s.Len() != 1 {
		t.Fatalf("entering a dungeon did not collapse the ring: %d slots", s.Len())
	}
	if s.WorldRevealReady(in) {
		t.Fatal("indoor ready before its landblock")
	}
	s.RunPending()
	s.Publish()
	if !s.WorldRevealReady(in) {
		t.Fatal("indoor not ready with its landblock Near and the cell built")
	}
}

func TestCollapseAndExpandAdvanceGeneration(t *testing.T) {
	s, _, src, ev := manual(t, 1, 2)
	s.Update(at(250, 249))
	g := s.Gen()
	s.Update(physics.Position{Cell: src.DungeonBlock | 0x0100})
	if s.Gen() != g+1 || !s.Collapsed() {
		t.Fatal("collapse did not advance the generation")
	}
	s.Update(at(250, 249))
	if s.Gen() != g+2 || s.Collapsed() {
		t.Fatal("expansion did not advance the generation")
	}
	reasons := ""
	for _, e := range *ev {
		if e.Kind == EventGen {
			reasons += e.Reason + " "
		}
	}
	if reasons != "first collapse expand " {
		t.Fatalf("generation reasons %q", reasons)
	}
}

func TestWorkersPublishAtBoundary(t *testing.T) {
	src := &Synthetic{MinX: 0, MinY: 0, MaxX: 254, MaxY: 254, Statics: []uint32{1}}
	k := newSink()
	s, err := New(Config{NearRadius: 1, FarRadius: 2, Workers: 2, RenderReadyOnPublish: true}, src, k)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	dest := at(50, 50)
	s.Recenter(dest)
	deadline := time.Now().Add(10 * time.Second)
	for !s.WorldRevealReady(dest) {
		if time.Now().After(deadline) {
			t.Fatal("the workers never completed the ring")
		}
		time.Sleep(time.Millisecond)
		s.Publish()
	}
	if len(k.terrain) == 0 || k.statics[blk(50, 50)] != 1 {
		t.Fatalf("published %v", k.statics)
	}
}

func TestStaticGUIDLayoutAndOverflow(t *testing.T) {
	g, err := StaticGUID(8, blk(0xA9, 0xB4), 0xABC)
	if err != nil || g != 0x8A9B4ABC {
		t.Fatalf("0x%08X %v", g, err)
	}
	if _, err := StaticGUID(8, blk(0xA9, 0xB4), 4095); err != nil {
		t.Fatal(err)
	}
	_, err = StaticGUID(8, blk(0xA9, 0xB4), 4096)
	if err == nil || !strings.Contains(err.Error(), "0xA9B4") {
		t.Fatalf("overflow: %v", err)
	}
}

func TestBadConfig(t *testing.T) {
	if _, err := New(Config{NearRadius: 2, FarRadius: 1}, &Synthetic{}, newSink()); err == nil {
		t.Fatal("far < near accepted")
	}
}

// Recentring every frame without building cannot grow the queue past its
// bound, and injected completions are refused past theirs.
func TestQueuesBounded(t *testing.T) {
	s, _, _, _ := manual(t, 1, 3)
	for i := range 500 {
		s.Recenter(at(20+i%100, 100))
	}
	if n := len(s.Queued()); n > MaxQueued+49 {
		t.Fatalf("%d queued after 500 recentres", n)
	}
	s.RunPending()
	for range MaxQueued {
		if err := s.Deliver(Result{Req: Request{Block: blk(1, 1)}}); err != nil {
			break
		}
	}
	if err := s.Deliver(Result{Req: Request{Block: blk(1, 1)}}); err == nil {
		t.Fatal("an unbounded number of completions accepted")
	}
	s.Publish()
	if err := s.Deliver(Result{Req: Request{Block: blk(1, 1)}}); err != nil {
		t.Fatalf("the boundary did not drain: %v", err)
	}
}

// The scenery counter's boundary through a build: 4096 objects fit
// (0x8XXYY000..FFF), the 4097th fails before aliasing the next landblock.
func TestSyntheticSceneryBoundary(t *testing.T) {
	src := &Synthetic{MaxX: 254, MaxY: 254, Scenery: 4096}
	b, err := src.Build(Request{Block: blk(0x64, 0x64), Tier: Near})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(b.Scenery); n != 4096 || b.Scenery[0].GUID != 0x86464000 || b.Scenery[4095].GUID != 0x86464FFF {
		t.Fatalf("%d objects, first 0x%08X last 0x%08X", n, b.Scenery[0].GUID, b.Scenery[n-1].GUID)
	}
	src.Scenery = 4097
	_, err = src.Build(Request{Block: blk(0x64, 0x64), Tier: Near})
	if !errors.Is(err, scenery.ErrIDOverflow) || !strings.Contains(err.Error(), "0x6464") {
		t.Fatalf("overflow: %v", err)
	}
}

func physicsCell(cell uint32) physics.Position { return physics.Position{Cell: cell} }
