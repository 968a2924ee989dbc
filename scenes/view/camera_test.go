package view

import (
	"math"
	"testing"

	"github.com/dereth/dereth/physics"
)

func near(a, b, eps float32) bool { return a-b <= eps && b-a <= eps }

func TestCameraProjectsTargetToCentre(t *testing.T) {
	at := physics.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 50, Y: 60, Z: 20}, Orientation: physics.IdentityQuat}}
	for _, mapMode := range []bool{false, true} {
		c := NewCamera(800, 600, at)
		c.Map = mapMode
		c.Update()
		x, y, depth, ok := c.Project(c.Target)
		if !ok || !near(x, 400, 0.01) || !near(y, 300, 0.01) {
			t.Errorf("map=%v: target at (%v, %v) ok=%v, want the centre", mapMode, x, y, ok)
		}
		if !mapMode && !near(depth, c.Distance, 0.001) {
			t.Errorf("depth %v, want the distance %v", depth, c.Distance)
		}
	}
}

func TestCameraRenderSpace(t *testing.T) {
	c := &Camera{BaseX: 0xA9, BaseY: 0xB4}
	tests := []struct {
		cell   uint32
		origin physics.Vec3
		render physics.Vec3
	}{
		{0xA9B40001, physics.Vec3{X: 1, Y: 2, Z: 3}, physics.Vec3{X: 1, Y: 2, Z: 3}},
		{0xAAB50001, physics.Vec3{X: 1, Y: 2, Z: 3}, physics.Vec3{X: 193, Y: 194, Z: 3}},
		{0xA8B40040, physics.Vec3{X: 191, Y: 191}, physics.Vec3{X: -1, Y: 191}},
		{0xA9B30008, physics.Vec3{X: 10, Y: 190}, physics.Vec3{X: 10, Y: -2}},
	}
	for _, tt := range tests {
		p := physics.Position{Cell: tt.cell, Frame: physics.Frame{Origin: tt.origin}}
		got := c.ToRender(p)
		if got != tt.render {
			t.Errorf("ToRender(0x%08X %v) = %v, want %v", tt.cell, tt.origin, got, tt.render)
		}
		// blockAt inverts it: the landblock and the local point.
		id, lx, ly, ok := c.blockAt(got.X, got.Y)
		if !ok || id != tt.cell|0xFFFF || lx != tt.origin.X || ly != tt.origin.Y {
			t.Errorf("blockAt(%v, %v) = 0x%08X (%v, %v) %v, want 0x%08X %v", got.X, got.Y, id, lx, ly, ok, tt.cell|0xFFFF, tt.origin)
		}
	}
	// Off the world's landblocks 0..0xFE.
	edge := &Camera{BaseX: 0, BaseY: 0xFE}
	for _, p := range [][2]float32{{-0.5, 10}, {10, 192}} {
		if _, _, _, ok := edge.blockAt(p[0], p[1]); ok {
			t.Errorf("blockAt%v from landblock (0, 0xFE) is on the world", p)
		}
	}
}

// TestCameraAxes: +x (east) is to the right, +z up is up on screen, and a
// point nearer the eye projects with a smaller depth.
func TestCameraAxes(t *testing.T) {
	c := &Camera{W: 800, H: 600, Yaw: -math.Pi / 2, Pitch: 0.3, Distance: 20, FOV: 1}
	c.Update() // eye south of the origin, looking north
	x0, y0, d0, _ := c.Project(physics.Vec3{})
	xe, _, _, _ := c.Project(physics.Vec3{X: 1})
	_, yu, _, _ := c.Project(physics.Vec3{Z: 1})
	_, _, dn, _ := c.Project(physics.Vec3{Y: -5})
	if xe <= x0 {
		t.Errorf("east projects left: %v <= %v", xe, x0)
	}
	if yu >= y0 {
		t.Errorf("up projects down: %v >= %v", yu, y0)
	}
	if dn >= d0 {
		t.Errorf("a nearer point is deeper: %v >= %v", dn, d0)
	}
	if _, _, _, ok := c.Project(c.Eye().Add(physics.Vec3{Y: -1})); ok {
		t.Error("a point behind the eye projected")
	}
}

func TestCameraOrbitZoomClamp(t *testing.T) {
	c := &Camera{W: 100, H: 100, Pitch: 0.5, Distance: 20, FOV: 1, MapScale: 2}
	c.Update()
	c.Orbit(100, 0)
	if !near(c.Yaw, -1, 1e-5) {
		t.Errorf("yaw %v after a 100 px drag, want -1", c.Yaw)
	}
	c.Orbit(0, 10000)
	if c.Pitch != MaxPitch {
		t.Errorf("pitch %v, want clamped to %v", c.Pitch, MaxPitch)
	}
	c.Zoom(1)
	if !near(c.Distance, 20/1.15, 1e-4) {
		t.Errorf("distance %v after one wheel step", c.Distance)
	}
	c.Zoom(-1000)
	if c.Distance != MaxDistance {
		t.Errorf("distance %v, want clamped to %v", c.Distance, MaxDistance)
	}
	c.ToggleMap()
	before := c.Target
	c.Orbit(10, 0)
	if !near(c.Target.X, before.X-5, 1e-4) {
		t.Errorf("map drag moved the target to %v from %v", c.Target, before)
	}
	c.Zoom(1)
	if !near(c.MapScale, 2*1.15, 1e-4) {
		t.Errorf("map scale %v", c.MapScale)
	}
}

func TestMapIsTopDownNorthUp(t *testing.T) {
	c := &Camera{W: 200, H: 200, Map: true, MapScale: 2}
	c.Update()
	_, yn, _, _ := c.Project(physics.Vec3{Y: 10})
	xe, _, _, _ := c.Project(physics.Vec3{X: 10})
	if !near(yn, 80, 1e-3) || !near(xe, 120, 1e-3) {
		t.Fatalf("north at y=%v (want 80), east at x=%v (want 120)", yn, xe)
	}
	_, _, dlo, _ := c.Project(physics.Vec3{Z: 0})
	_, _, dhi, _ := c.Project(physics.Vec3{Z: 50})
	if dhi >= dlo {
		t.Fatal("higher ground is not nearer in map mode")
	}
}

func TestNewCameraStartsBehind(t *testing.T) {
	for _, h := range []float64{0, math.Pi / 2, 3 * math.Pi / 4, -2} {
		at := physics.Position{Cell: 0xA9B40001, Frame: physics.Frame{Origin: physics.Vec3{X: 10, Y: 10}, Orientation: physics.Heading(h)}}
		c := NewCamera(100, 100, at)
		fwd := at.Frame.Orientation.Rotate(physics.Vec3{Y: 1})
		d := c.Eye().Sub(c.Target)
		d.Z = 0
		if d.Normalize().Dot(fwd) > -0.999 {
			t.Errorf("heading %v: eye offset %v is not behind forward %v", h, d, fwd)
		}
	}
}

func TestHeadingOf(t *testing.T) {
	for _, h := range []float64{0, 0.5, math.Pi / 2, -2, 3} {
		if got := HeadingOf(physics.Heading(h)); !near(got, float32(h), 1e-5) {
			t.Errorf("HeadingOf(Heading(%v)) = %v", h, got)
		}
	}
}

// TestCameraOrbitStopsShortOfVertical: dragging as far as it goes either
// way leaves the view at most 80° from the horizon, its matrix finite.
func TestCameraOrbitStopsShortOfVertical(t *testing.T) {
	for _, tt := range []struct {
		name string
		dy   float32
		want float32
	}{
		{"down", 1e6, MaxPitch},
		{"up", -1e6, MinPitch},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := &Camera{W: 100, H: 100, Pitch: DefaultPitch, Distance: 20, FOV: 1}
			c.Update()
			c.Orbit(0, tt.dy)
			if c.Pitch != tt.want {
				t.Fatalf("pitch %v, want %v", c.Pitch, tt.want)
			}
			f := c.Target.Sub(c.Eye()).Normalize()
			if deg := math.Asin(math.Abs(float64(f.Z))) * 180 / math.Pi; deg > 80.01 {
				t.Errorf("the view is %.2f° from the horizon, want at most 80", deg)
			}
			for _, row := range c.View() {
				for _, v := range row {
					if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
						t.Fatalf("view matrix %v", c.View())
					}
				}
			}
		})
	}
}
