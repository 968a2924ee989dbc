package stream_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/stream"
	"github.com/dereth/dereth/stream/streamtest"
	"github.com/dereth/dereth/systems"
)

func datSource(tb testing.TB) (*stream.DatSource, *systems.DatAssets) {
	tb.Helper()
	portal, cell, err := streamtest.Open()
	if err != nil {
		tb.Fatal(err)
	}
	r, err := portal.Region(dat.RegionID)
	if err != nil {
		tb.Fatal(err)
	}
	return stream.NewDatSource(cell, &r.LandDefs), systems.NewDatAssets(portal)
}

// BenchmarkLandblockBuild is one Near landblock's build on a worker:
// LandBlock, heights, LandBlockInfo statics (scenery: none until the
// scenery package lands).
func BenchmarkLandblockBuild(b *testing.B) {
	src, _ := datSource(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		x := streamtest.MinX + i%(streamtest.MaxX-streamtest.MinX+1)
		i++
		if _, err := src.Build(stream.Request{Block: streamtest.Block(x, streamtest.MinY+1), Tier: stream.Near}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLandblockBuildFar is a Far (terrain-only) build.
func BenchmarkLandblockBuildFar(b *testing.B) {
	src, _ := datSource(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := src.Build(stream.Request{Block: streamtest.Block(streamtest.MinX, streamtest.MinY), Tier: stream.Far}); err != nil {
			b.Fatal(err)
		}
	}
}

// streamingWorld is a world streaming the streamtest strip with two
// workers and a player at the west end.
func streamingWorld(tb testing.TB) (*systems.World, *stream.Adapter, uint32) {
	tb.Helper()
	src, assets := datSource(tb)
	at := physics.Position{Cell: dat.CellAt(streamtest.Block(streamtest.MinX+3, streamtest.MinY+1), 20, 96),
		Frame: physics.Frame{Origin: physics.Vec3{X: 20, Y: 96, Z: 20}, Orientation: physics.IdentityQuat}}
	return streamingWorldOn(tb, src, assets, at)
}

// streamingWorldOn is a world streaming src with two workers and a player
// at at.
func streamingWorldOn(tb testing.TB, src stream.Source, assets *systems.DatAssets, at physics.Position) (*systems.World, *stream.Adapter, uint32) {
	tb.Helper()
	w := systems.NewWorld()
	w.Assets = assets
	a, err := stream.Attach(w, stream.DefaultConfig, src)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(a.Close)
	setup, err := assets.Setup(0x02000001)
	if err != nil {
		tb.Fatal(err)
	}
	d, _ := archetypes.FromTemplate("player")
	d.GUID, d.Setup = 0x50000000, setup
	d.Cell, d.Frame = at.Cell, at.Frame
	if _, err := w.Spawn(d); err != nil {
		tb.Fatal(err)
	}
	w.PlayerGUID = d.GUID
	return w, a, d.GUID
}

// BenchmarkFrameWhileStreaming is one World.Step while the player moves
// east 12 m a frame (a landblock every 16 frames): the frame publishes
// what the workers finished and never waits for a build.
func BenchmarkFrameWhileStreaming(b *testing.B) {
	w, a, g := streamingWorld(b)
	o := w.Object(g)
	start := o.Phys.Position
	x := float32(20)
	blocks := 0
	b.ReportAllocs()
	for b.Loop() {
		x += 12
		p := start
		p.Frame.Origin.X = x
		if cell, ok := dat.AdjustToOutside(p.Cell, &p.Frame.Origin); ok {
			p.Cell = cell
		}
		if bx, _ := dat.BlockXY(p.Cell); bx >= streamtest.MaxX-3 {
			x, p = 20, start // wrap before the strip's east end
			blocks++
		}
		w.SetPositionInternal(w.Object(g), p)
		w.Step(1.0 / 30)
	}
	b.ReportMetric(float64(a.Len()), "resident")
}

// TestFrameNeverWaitsOnBuild: with every build stuck on a worker, frames
// still run and return; the barrier stays closed until the builds land.
func TestFrameNeverWaitsOnBuild(t *testing.T) {
	src, assets := datSource(t)
	gate := make(chan struct{})
	w := systems.NewWorld()
	w.Assets = assets
	a, err := stream.Attach(w, stream.DefaultConfig, blocking{src, gate})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	dest := physics.Position{Cell: dat.CellAt(streamtest.Block(0x28, 0x41), 96, 96), Frame: physics.IdentityFrame}
	setup, _ := assets.Setup(0x02000001)
	d, _ := archetypes.FromTemplate("player")
	d.GUID, d.Setup, d.Cell, d.Frame = 0x50000000, setup, dest.Cell, dest.Frame
	if _, err := w.Spawn(d); err != nil {
		t.Fatal(err)
	}
	w.PlayerGUID = d.GUID
	if err := w.SmartBox.BeginLogin(dest); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		for range 30 {
			w.Step(1.0 / 30)
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a frame waited on a stuck build")
	}
	if w.SmartBox.TravelState() != "loading" || a.WorldRevealReady(dest) {
		t.Fatalf("revealed with every build stuck: %q", w.SmartBox.TravelState())
	}
	close(gate)
	if !a.WaitBuilt(10 * time.Second) {
		t.Fatal("builds never finished")
	}
	for range 5 {
		w.Step(1.0 / 30)
	}
	if w.SmartBox.TravelState() != "" {
		t.Fatalf("not revealed once the builds landed: %q", w.SmartBox.TravelState())
	}
}

// blocking holds every build until gate closes.
type blocking struct {
	*stream.DatSource
	gate chan struct{}
}

func (b blocking) Build(r stream.Request) (*stream.Build, error) {
	<-b.gate
	return b.DatSource.Build(r)
}

// BenchmarkResidentMemory reports the heap held per resident landblock
// (a 7×7 ring, 3×3 of it Near with its statics as world objects).
func BenchmarkResidentMemory(b *testing.B) {
	residentMemory(b, func() (*systems.World, *stream.Adapter, uint32) { return streamingWorld(b) })
}

// residentMemory logs in on each world open makes, steps until the reveal
// and reports the heap held per resident landblock, the resident count and
// the world's objects.
func residentMemory(b *testing.B, open func() (*systems.World, *stream.Adapter, uint32)) {
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		w, a, g := open()
		if err := w.SmartBox.BeginLogin(w.Object(g).Phys.Position); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for w.SmartBox.TravelState() != "" {
			a.WaitBuilt(10 * time.Second)
			w.Step(1.0 / 30)
		}
		b.StopTimer()
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(a.Len()), "heap-B/landblock")
		b.ReportMetric(float64(a.Len()), "resident")
		b.ReportMetric(float64(w.Len()), "objects")
		runtime.KeepAlive(w)
		a.Close()
		b.StartTimer()
	}
}

// sampleSource is the sample world's cell DAT with its scenery.
func sampleSource(tb testing.TB) *stream.DatSource {
	tb.Helper()
	p, err := sampleworld.Portal()
	if err != nil {
		tb.Fatal(err)
	}
	c, err := sampleworld.Cell()
	if err != nil {
		tb.Fatal(err)
	}
	src, err := stream.DatSourceOf(p, c)
	if err != nil {
		tb.Fatal(err)
	}
	if src.Scenery == nil {
		tb.Fatal("the sample portal DAT has no scenery generator")
	}
	return src
}

// BenchmarkLandblockBuildSample is a Near build of every landblock of the
// sample world in turn: terrain, LandBlockInfo statics and buildings,
// EnvCells and procedural scenery.
func BenchmarkLandblockBuildSample(b *testing.B) {
	src := sampleSource(b)
	blocks := sampleworld.Blocks
	objects := 0
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		bl, err := src.Build(stream.Request{Block: blocks[i%len(blocks)] & 0xFFFF0000, Tier: stream.Near})
		if err != nil {
			b.Fatal(err)
		}
		objects += len(bl.Statics) + len(bl.Scenery)
		i++
	}
	b.ReportMetric(float64(objects)/float64(i), "objects/landblock")
}

// BenchmarkResidentMemorySample is BenchmarkResidentMemory on the sample
// world around its spawn: its statics, town houses and scenery.
func BenchmarkResidentMemorySample(b *testing.B) {
	p, err := sampleworld.Portal()
	if err != nil {
		b.Fatal(err)
	}
	assets := systems.NewDatAssets(p)
	residentMemory(b, func() (*systems.World, *stream.Adapter, uint32) {
		return streamingWorldOn(b, sampleSource(b), assets, sampleworld.SpawnPosition())
	})
}

// BenchmarkFrameSample is one World.Step on the sample world around its
// spawn once the ring is resident: the frame's cost with the Near ring's
// statics and scenery in the static workset.
func BenchmarkFrameSample(b *testing.B) {
	p, err := sampleworld.Portal()
	if err != nil {
		b.Fatal(err)
	}
	w, a, g := streamingWorldOn(b, sampleSource(b), systems.NewDatAssets(p), sampleworld.SpawnPosition())
	if err := w.SmartBox.BeginLogin(w.Object(g).Phys.Position); err != nil {
		b.Fatal(err)
	}
	for w.SmartBox.TravelState() != "" {
		a.WaitBuilt(10 * time.Second)
		w.Step(1.0 / 30)
	}
	b.ReportAllocs()
	for b.Loop() {
		w.Step(1.0 / 30)
	}
	b.ReportMetric(float64(w.Len()), "objects")
}
