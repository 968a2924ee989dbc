package view

import (
	"fmt"
	"math"
	"runtime"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/callgrind"
	"github.com/dereth/dereth/internal/cputime"

	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/systems"
)

// BenchmarkDrawWorld is the CPU side of one frame — culling, projection,
// triangle building, clipping and the back-to-front sort — for 500 and
// 2000 animated humans on the sample terrain, the camera over the crowd's
// middle. The world steps between iterations with the timer stopped, so
// every frame projects new poses.
func BenchmarkDrawWorld(b *testing.B) {
	for _, n := range []int{500, 2000} {
		b.Run(fmt.Sprintf("creatures=%d", n), func(b *testing.B) {
			f := openSample(b)
			w, err := f.Crowd(n)
			if err != nil {
				b.Fatal(err)
			}
			at := physics.Position{Cell: 0xA9B40025, Frame: physics.Frame{Origin: physics.Vec3{X: 96, Y: 96, Z: 110}, Orientation: physics.IdentityQuat}}
			cam := NewCamera(1280, 720, at)
			cam.Distance, cam.Pitch = 60, 0.7
			cam.Update()
			r := NewRenderer(f.assets)
			r.Detail, r.Depth = true, true // as the window draws
			benchFrames(b, w, r, cam)
			b.ReportMetric(float64(len(r.Drawn)), "drawn")
			if len(r.Drawn) == 0 {
				b.Fatal("nothing drawn")
			}
		})
	}
}

// BenchmarkDrawWorldAway is BenchmarkDrawWorld's 2000 creatures with the
// camera turned round: the crowd is behind it, so the frame is the
// terrain and sky plus resolving and culling every creature — what a
// frame costs for objects it does not draw.
func BenchmarkDrawWorldAway(b *testing.B) {
	f := openSample(b)
	w, err := f.Crowd(2000)
	if err != nil {
		b.Fatal(err)
	}
	// The target south of the crowd (y 60–132), the camera north of it
	// looking south.
	at := physics.Position{Cell: 0xA9B40025, Frame: physics.Frame{Origin: physics.Vec3{X: 96, Y: 10, Z: 110}, Orientation: physics.IdentityQuat}}
	cam := NewCamera(1280, 720, at)
	cam.Distance, cam.Pitch = 60, 0.7
	cam.Yaw += math.Pi
	cam.Update()
	r := NewRenderer(f.assets)
	r.Detail, r.Depth = true, true // as the window draws
	benchFrames(b, w, r, cam)
	b.ReportMetric(float64(len(r.Drawn)), "drawn")
}

// BenchmarkDrawDefaultView is the CPU side of the viewer's first frame
// (the testworld's five objects, the camera behind the player at the
// window's default 1280×720): textured terrain with its detail textures,
// lit meshes, the sky.
func BenchmarkDrawDefaultView(b *testing.B) {
	w, a := testWorld(b)
	cam := testCamera(w, 1280, 720)
	r := NewRenderer(a)
	r.Detail, r.Depth = true, true // as the window draws
	benchFrames(b, w, r, cam)
}

// benchFrames measures r.Build on cam, the world stepped between frames
// with the timer stopped so every frame projects new poses: 30 warm-up
// frames fill the mesh and landblock caches and the buffers first. It
// reports the thread CPU a frame, triangles and draw calls a frame.
func benchFrames(b *testing.B, w *systems.World, r *Renderer, cam *Camera) {
	for i := 0; i < 30; i++ {
		w.Step(1.0 / 60)
		r.Build(w, cam)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var cpu cpuMeter
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		w.Step(1.0 / 60)
		b.StartTimer()
		cpu.start()
		r.Build(w, cam)
		cpu.stop()
	}
	b.StopTimer()
	cpu.report(b)
	b.ReportMetric(float64(len(r.Indices)/3), "tris/frame")
	b.ReportMetric(float64(r.DrawCalls()), "drawcalls/frame")
}

// cpuMeter sums the thread CPU time of the measured calls (cputime.Thread),
// the goroutine locked to its thread while it runs.
type cpuMeter struct {
	t0, sum time.Duration
	n       int
	ok      bool
}

func (c *cpuMeter) start() {
	if c.n == 0 {
		runtime.LockOSThread()
	}
	c.t0, c.ok = cputime.Thread()
	callgrind.On()
}

func (c *cpuMeter) stop() {
	callgrind.Off()
	t1, ok := cputime.Thread()
	c.ok = c.ok && ok
	c.sum += t1 - c.t0
	c.n++
}

// report adds the mean CPU milliseconds a frame as cpu-ms/frame.
func (c *cpuMeter) report(b *testing.B) {
	if c.n > 0 {
		callgrind.Dump(cputime.Describe(b.Name(), c.n, "ms/frame"))
		runtime.UnlockOSThread()
	}
	if c.ok && c.n > 0 {
		b.ReportMetric(c.sum.Seconds()*1000/float64(c.n), "cpu-ms/frame")
	}
}

// TestDrawWorldDoesNotAllocate pins the benchmark's allocation goal: once
// the buffers have grown, a frame allocates nothing.
func TestDrawWorldDoesNotAllocate(t *testing.T) {
	f := openSample(t)
	w, err := f.Crowd(100)
	if err != nil {
		t.Fatal(err)
	}
	cam := testCameraAt(1280, 720)
	r := NewRenderer(f.assets)
	for i := 0; i < 3; i++ {
		w.Step(1.0 / 60)
		r.Build(w, cam)
	}
	var allocs float64
	for i := 0; i < 20; i++ {
		w.Step(1.0 / 60)
		allocs += testing.AllocsPerRun(1, func() { r.Build(w, cam) })
	}
	if allocs != 0 {
		t.Fatalf("Build allocated %.0f times over 20 animated frames", allocs)
	}
}

func testCameraAt(width, height int) *Camera {
	at := physics.Position{Cell: 0xA9B40025, Frame: physics.Frame{Origin: physics.Vec3{X: 96, Y: 96, Z: 110}, Orientation: physics.IdentityQuat}}
	c := NewCamera(width, height, at)
	c.Distance = 40
	c.Update()
	return c
}
