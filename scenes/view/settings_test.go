package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/physics"
)

func TestSettingsRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "viewer.json")
	s, err := LoadSettings(path)
	if err != nil || s != DefaultSettings() {
		t.Fatalf("missing file: %+v, %v; want the defaults", s, err)
	}
	s.InvertWheel, s.InvertMouseY, s.MouseSpeed, s.DayFraction, s.FrameGraph, s.HUD, s.Width, s.Height = true, true, 2.5, 0.8, true, false, 1600, 900
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := LoadSettings(path)
	if err != nil || got != s {
		t.Fatalf("loaded %+v, %v; saved %+v", got, err, s)
	}
	if _, err := os.Stat(path + ".tmp"); err == nil {
		t.Error("the temporary file was left behind")
	}
}

func TestSettingsBadFile(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, body string
		ok         bool
		check      func(Settings) bool
	}{
		{"not json", "{", false, func(s Settings) bool { return s == DefaultSettings() }},
		{"wrong type", `{"width": "wide"}`, false, func(s Settings) bool { return s == DefaultSettings() }},
		{"partial", `{"invert_wheel": true}`, true, func(s Settings) bool { return s.InvertWheel && s.MouseSpeed == 1 && s.HUD }},
		{"out of range", `{"mouse_speed": 1e9, "day_fraction": 7, "width": 5, "height": 5}`, true,
			func(s Settings) bool {
				d := DefaultSettings()
				return s.MouseSpeed == d.MouseSpeed && s.DayFraction == d.DayFraction && s.Width == d.Width
			}},
		{"huge", `{"x": "` + strings.Repeat("a", maxSettingsSize) + `"}`, false, func(s Settings) bool { return s == DefaultSettings() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".json")
			if err := os.WriteFile(path, []byte(tc.body), 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := LoadSettings(path)
			if (err == nil) != tc.ok {
				t.Fatalf("error %v, want ok=%v", err, tc.ok)
			}
			if err != nil && !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name the file", err)
			}
			if !tc.check(s) {
				t.Errorf("settings %+v", s)
			}
		})
	}
}

func TestFrameGraph(t *testing.T) {
	var g FrameGraph
	if g.Len() != 0 || g.Max() != 0 {
		t.Fatal("empty graph not empty")
	}
	for i := range FrameGraphLen + 20 {
		g.Add(time.Duration(i) * time.Millisecond / 10)
	}
	if g.Len() != FrameGraphLen {
		t.Fatalf("Len %d, want %d", g.Len(), FrameGraphLen)
	}
	// Oldest first: the first 20 frames were overwritten.
	if !approx(g.At(0), 2) || !approx(g.At(FrameGraphLen-1), float32(FrameGraphLen+19)/10) {
		t.Errorf("At(0) %v, At(last) %v", g.At(0), g.At(FrameGraphLen-1))
	}
	var h FrameGraph
	h.Add(time.Second / 120) // within budget
	h.Add(time.Second / 30)  // 33.3 ms: over budget, the scale's top
	bars, budget := h.Bars(nil, 10, 20, FrameGraphLen*2, 100)
	if len(bars) != 2 || bars[0].Slow || !bars[1].Slow {
		t.Fatalf("bars %+v", bars)
	}
	if bars[1].H != 100 || bars[1].Y != 20 || bars[0].H != 25 || bars[1].X != 12 || bars[1].W != 2 {
		t.Errorf("bars %+v: want the slow frame full height, the fast a quarter", bars)
	}
	if budget != 70 {
		t.Errorf("budget line at %d, want half way down (70)", budget)
	}
}

// TestFlyCamera: free flight moves along the view and turns about the
// eye, which stays put while it looks around.
func TestFlyCamera(t *testing.T) {
	c := NewCamera(640, 480, physics.Position{Cell: 0xA9B40001, Frame: physics.IdentityFrame})
	c.Fly = true
	c.Pitch = 0
	c.Update()
	eye := c.Eye()
	c.Look(50, 20, 1, false)
	if d := c.Eye().Sub(eye).Len(); d > 1e-3 {
		t.Errorf("looking around moved the eye by %v", d)
	}
	if !approx(c.Pitch, 0.2) {
		t.Errorf("pitch %v after a 20 px drag down, want 0.2", c.Pitch)
	}
	c.Look(0, 20, 1, true)
	if !approx(c.Pitch, 0) {
		t.Errorf("inverted drag: pitch %v, want back to 0", c.Pitch)
	}
	v := c.View()
	fwd := physics.Vec3{X: v[0][2], Y: v[1][2], Z: v[2][2]}
	eye = c.Eye()
	c.FlyMove(1, 0, 0, 0.5, FlySpeed)
	if d := c.Eye().Sub(eye.Add(fwd.Scale(FlySpeed * 0.5))).Len(); d > 1e-3 {
		t.Errorf("half a second forward moved the eye to %v, want %v ahead", c.Eye(), FlySpeed*0.5)
	}
	eye = c.Eye()
	c.FlyMove(0, 0, 1, 1, FlySpeed)
	if d := c.Eye().Sub(eye.Add(physics.Vec3{Z: FlySpeed})).Len(); d > 1e-3 {
		t.Errorf("a second up moved the eye to %v", c.Eye())
	}
}

// FuzzLoadSettings: any file gives settings within range or an error
// naming the file, never a panic.
func FuzzLoadSettings(f *testing.F) {
	f.Add([]byte(`{"invert_wheel": true, "mouse_speed": 2, "width": 800, "height": 600}`))
	f.Add([]byte(`{"day_fraction": -1}`))
	f.Add([]byte(`[]`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "viewer.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := LoadSettings(path)
		if err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if s.MouseSpeed < 0.1 || s.MouseSpeed > 10 || s.DayFraction < 0 || s.DayFraction >= 1 || s.Width < 320 || s.Height < 200 {
			t.Fatalf("settings out of range: %+v", s)
		}
	})
}
