package view

import (
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld/world"
)

// TestDegradeFarFigures: a figure seen from beyond DegradeDistance plus
// its parts' first IdealDist is drawn from its parts' low-detail levels —
// fewer triangles than the same figure, from the same camera, exempt as
// the player (retail never degrades the player) — and from nearby both
// draw the full parts.
func TestDegradeFarFigures(t *testing.T) {
	w, a := testWorld(t)
	r := NewRenderer(a)
	cam := testCamera(w, 960, 540)
	count := func(player uint32) int {
		r.Highlight = player
		r.Build(w, cam)
		if len(r.Errors) > 0 {
			t.Fatal(r.Errors)
		}
		n, _ := drawnPlayer(t, r)
		return n
	}
	pl := w.Object(guidPlayer)
	near := cam.ToCamera(cam.ToRender(pl.Pres.Root)).Len()
	if near >= dat.DegradeDistance {
		t.Fatalf("the default camera is %v from the player; the test wants it near", near)
	}
	nearFull, nearOther := count(guidPlayer), count(0)
	if a, b := nearFull, nearOther; a != b || a == 0 {
		t.Errorf("near (%.1f units): %d triangles as the player, %d as another figure; want the same, full detail", near, a, b)
	}
	cam.Distance = 90
	cam.Update()
	far := cam.ToCamera(cam.ToRender(pl.Pres.Root)).Len()
	full, low := count(guidPlayer), count(0)
	if low == 0 || low >= full {
		t.Errorf("far (%.1f units): %d triangles as the player, %d as another figure; want fewer, from the low levels", far, full, low)
	}
	// The low levels' meshes hold at most this many triangles: every
	// drawn one must come from them.
	max := 0
	s, _ := a.Portal.Setup(world.HumanSetup)
	for _, id := range s.Parts {
		g, _ := a.Portal.GfxObj(id)
		d, err := a.Portal.GfxObjDegradeInfo(g.DIDDegrade)
		if err != nil {
			t.Fatal(err)
		}
		lg, _ := a.Portal.GfxObj(d.Degrades[d.Level(far)].ID)
		for _, p := range lg.Polygons {
			max += len(p.VertexIDs) - 2
		}
	}
	if low > max {
		t.Errorf("far: %d triangles drawn, the low levels have %d", low, max)
	}
	t.Logf("player at %.1f units: %d triangles; at %.1f: %d full, %d degraded (low levels %d)", near, nearFull, far, full, low, max)
}
