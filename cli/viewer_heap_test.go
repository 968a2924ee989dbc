package cli

import (
	"io"
	"runtime"
	"testing"

	"github.com/dereth/dereth/control"
	"github.com/dereth/dereth/scenes/view"
)

// TestViewerHeapFlatOverTenMinutes runs what the viewer's world scene runs
// each frame — keys into the controller, World.Step at 60 Hz, the HUD's
// trace tail on a selected object, and (every second) the renderer's frame
// build and the HUD text — for ten minutes of sample world, and requires
// the live heap to grow by less than 5 MiB after the first minute.
func TestViewerHeapFlatOverTenMinutes(t *testing.T) {
	vw, w, err := LoadViewer(ViewOptions{}, io.Discard, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := view.NewDATAssets(vw.Portal, vw.Cell)
	if err != nil {
		t.Fatal(err)
	}
	r := view.NewRenderer(a)
	cam := view.NewCamera(1280, 720, w.Object(w.PlayerGUID).Phys.Position)
	var ctrl control.Controller
	var tail view.TraceTail
	sel := view.NextSelection(w, w.PlayerGUID) // the HUD watching an object
	tail.Reset(sel)
	w.Trace = &tail
	const fps = 60
	frame := func(i int) {
		k := control.Keys{}
		switch (i / (4 * fps)) % 4 { // walk, turn, run, stand: four seconds each
		case 0:
			k.Forward = true
		case 1:
			k.TurnLeft = true
		case 2:
			k.Forward, k.Run = true, true
		}
		ctrl.Update(w, k)
		w.Step(1.0 / fps)
		if i%fps == 0 {
			if pl := w.Object(w.PlayerGUID); pl != nil {
				cam.Follow(pl.Phys.Position, 1)
			}
			r.Build(w, cam)
			_ = view.EntityList(w, sel) + view.EntityText(w.Object(sel), tail.Tail(2))
		}
	}
	var ms runtime.MemStats
	heap := func() uint64 {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	i := 0
	for ; i < 60*fps; i++ { // the first minute fills caches and buffers
		frame(i)
	}
	before := heap()
	for ; i < 10*60*fps; i++ {
		frame(i)
	}
	after := heap()
	growth := int64(after) - int64(before)
	t.Logf("live heap %d KiB after 1 min, %d KiB after 10 min (%+d KiB); %d outbound messages", before>>10, after>>10, growth>>10, ctrl.Log.Total)
	if growth > 5<<20 {
		t.Fatalf("live heap grew %d KiB over nine minutes of viewer frames (limit 5 MiB)", growth>>10)
	}
	if ctrl.Log.Total < 100 {
		t.Fatalf("only %d outbound messages: the player did not move", ctrl.Log.Total)
	}
}
