package view

import (
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/systems"
)

func TestEntityTextNamesEverything(t *testing.T) {
	w, _ := testWorld(t)
	tail := &TraceTail{}
	tail.Reset(guidWalker)
	w.Trace = tail
	// At 60 frames a second the 1/30 s MinQuantum runs the stages every
	// other frame: two frames hold one full pass.
	w.Step(1.0 / 60)
	w.Step(1.0 / 60)
	w.Trace = nil
	o := w.Object(guidWalker)
	got := EntityText(o, tail.Tail(2))
	for _, want := range []string{
		"guid 0x80000010", "archetype creature", "cell 0xA9B4", "style NonCombat", "substate WalkForward",
		"sequence:", "frame ", "pending_animations", "pending_motions", "managers: MotionTable Movement Position Target",
		"trace:", "CPartArray::Update",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("selected-entity text lacks %q:\n%s", want, got)
		}
	}
	for _, e := range tail.Tail(1) {
		if e.Obj != guidWalker || e.Frame != w.FrameNo {
			t.Fatalf("tail holds %+v, want only frame %d of the walker", e, w.FrameNo)
		}
	}
	if s := EntityText(w.Object(guidWindmill), nil); !strings.Contains(s, "no motion table") || strings.Contains(s, "trace:") {
		t.Errorf("windmill text:\n%s", s)
	}
	if s := EntityText(nil, nil); !strings.Contains(s, "no selection") {
		t.Errorf("nil selection text %q", s)
	}
}

func TestEntityListAndTab(t *testing.T) {
	w, _ := testWorld(t)
	sel := NextSelection(w, 0)
	if sel != guidPlayer {
		t.Fatalf("first Tab selects 0x%08X", sel)
	}
	seen := map[uint32]bool{}
	for i := 0; i < 5; i++ {
		seen[sel] = true
		sel = NextSelection(w, sel)
	}
	if len(seen) != 5 || sel != guidPlayer {
		t.Fatalf("Tab visited %d entities and came back to 0x%08X", len(seen), sel)
	}
	list := EntityList(w, guidDoor)
	if !strings.Contains(list, "> 0x80000012 door") || !strings.Contains(list, "  0x50000001 player") ||
		!strings.Contains(list, "entities: 5 (4 ordinary, 1 static)") {
		t.Errorf("entity list:\n%s", list)
	}
	if s := StatsText(w, Stats{FPS: 59.94, Tick: 1500 * time.Microsecond, Tris: 1234, DrawCalls: 1}); !strings.Contains(s, "FPS 59.9") ||
		!strings.Contains(s, "tick 1.50 ms") || !strings.Contains(s, "tris 1234") || !strings.Contains(s, "draw calls 1") {
		t.Errorf("stats %q", s)
	}
}

// TestStatsTextUnmeasured: a screenshot run's HUD (Stats.Unmeasured)
// shows NotMeasured for every wall-clock figure, whatever was measured,
// and keeps the frame, the world time, the triangles and the draw calls.
func TestStatsTextUnmeasured(t *testing.T) {
	w := systems.NewWorld()
	w.FrameNo, w.Now = 180, 3
	want := "FPS --  sim/real --  frame 180  t=3.00s\nTPS --  tick -- ms  draw -- ms  tris 1234  draw calls 7"
	for _, s := range []Stats{
		{Tris: 1234, DrawCalls: 7, Unmeasured: true},
		{FPS: 59.94, TPS: 60, SimRatio: 0.87, Tick: 1500 * time.Microsecond, Build: 4200 * time.Microsecond, Tris: 1234, DrawCalls: 7, Unmeasured: true},
	} {
		if got := StatsText(w, s); got != want {
			t.Errorf("StatsText(%+v) =\n%q\nwant\n%q", s, got, want)
		}
	}
	// Measured, the same figures are shown.
	s := Stats{FPS: 59.94, TPS: 60, SimRatio: 0.87, Tick: 1500 * time.Microsecond, Build: 4200 * time.Microsecond, Tris: 1234, DrawCalls: 7}
	if got, want := StatsText(w, s), "FPS 59.9  sim/real 0.87  frame 180  t=3.00s\nTPS 60.0  tick 1.50 ms  draw 4.20 ms  tris 1234  draw calls 7"; got != want {
		t.Errorf("measured StatsText =\n%q\nwant\n%q", got, want)
	}
}

func TestTraceTailWatchesOneObject(t *testing.T) {
	var tail TraceTail
	tail.Reset(7)
	var all systems.Recorder
	tail.Next = &all
	for f := 1; f <= 400; f++ {
		tail.Event(&systems.Event{Frame: f, Obj: 7, Kind: systems.KindStage, Stage: "a"})
		tail.Event(&systems.Event{Frame: f, Obj: 8, Kind: systems.KindStage, Stage: "b"})
	}
	if len(all.Events) != 800 {
		t.Fatalf("Next got %d events", len(all.Events))
	}
	got := tail.Tail(3)
	if len(got) != 3 || got[0].Frame != 398 || got[2].Frame != 400 {
		t.Fatalf("tail %+v", got)
	}
}
