package view

import (
	"io"
	"math"
	"testing"

	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/testbed"
)

// TestDefaultCameraShowsTheSample: the viewer's first camera over the
// default spawn script's world (NewCamera on the player, following it at
// head height, kept above the ground) is behind and above the player,
// looks along the ground (not steeply down), and has the player and every
// other thing the script spawned on screen, away from the edges.
func TestDefaultCameraShowsTheSample(t *testing.T) {
	p, err := sampleworld.Portal()
	if err != nil {
		t.Fatal(err)
	}
	c, err := sampleworld.Cell()
	if err != nil {
		t.Fatal(err)
	}
	s := testbed.New("", testbed.Options{Portal: p, Cell: c, Viewer: true, Stdout: io.Discard})
	defer s.Close()
	if err := s.RunSample(); err != nil {
		t.Fatal(err)
	}
	w := s.World
	a, err := NewDATAssets(p, c)
	if err != nil {
		t.Fatal(err)
	}
	r := NewRenderer(a)
	const W, H = 1280, 720
	player := w.Object(w.PlayerGUID).Phys.Position
	cam := NewCamera(W, H, player)
	cam.Follow(player, FollowHeight)
	cam.KeepAbove(func(x, y float32) (float32, bool) { return r.GroundZ(cam, x, y) }, 1.5)

	// Behind the player (the eye-to-target line along its forward) and above it.
	eye, target := cam.Eye(), cam.Target
	fwd := player.Frame.Orientation.Rotate(physics.Vec3{Y: 1})
	if d := target.Sub(eye); float32(d.X*fwd.X)+float32(d.Y*fwd.Y) < 0.9*float32(math.Hypot(float64(d.X), float64(d.Y))) || eye.Z <= target.Z {
		t.Errorf("eye %v is not behind and above the target %v", eye, target)
	}
	// Looking along the ground: the view direction at most 20° below the horizon.
	f := target.Sub(eye).Normalize()
	if down := -math.Asin(float64(f.Z)) * 180 / math.Pi; down > 20 || down < 0 {
		t.Errorf("the camera looks %.1f° down, want 0..20", down)
	}
	for _, g := range Entities(w) {
		o := w.Object(g)
		pt := cam.ToRender(o.Phys.Position).Add(physics.Vec3{Z: 1})
		x, y, _, ok := cam.Project(pt)
		if !ok || x < 0.05*W || x > 0.95*W || y < 0.05*H || y > 0.95*H {
			t.Errorf("0x%08X %s projects to (%.0f, %.0f) ok=%v, want well inside %dx%d", g, o.Name, x, y, ok, W, H)
		}
	}
}
