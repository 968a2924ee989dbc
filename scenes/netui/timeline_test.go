package netui

import (
	"image"
	"strings"
	"testing"
)

func TestTimelineDensity(t *testing.T) {
	tl := NewTimeline([]float64{0, 0.1, 0.2, 5, 9.9, 10})
	if got := tl.Density(2); got[0] != 3 || got[1] != 3 {
		t.Errorf("density over 2 bins %v, want [3 3]", got)
	}
	// 10 bins of 1 s: 0, 0.1, 0.2 in the first; 5 in the sixth; 9.9 and
	// the last packet (10, the end) in the last.
	want := []int{3, 0, 0, 0, 0, 1, 0, 0, 0, 2}
	got := tl.Density(10)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("density %v, want %v", got, want)
		}
	}
	if n := len(NewTimeline(nil).Density(4)); n != 4 {
		t.Errorf("empty capture: %d bins", n)
	}
}

// TestTimelinePauseStep: paused, a frame runs no world time; a step runs
// to just past the next packet and stops there, in as many frames as it
// takes; playing runs the frame's time.
func TestTimelinePauseStep(t *testing.T) {
	tl := NewTimeline([]float64{1, 1.05, 3})
	tl.Sync(0.5)
	if d := tl.Advance(0.1); d != 0.1 {
		t.Fatalf("playing: advance %v, want 0.1", d)
	}
	tl.TogglePause()
	if d := tl.Advance(0.1); d != 0 || !tl.Paused() {
		t.Fatalf("paused: advance %v", d)
	}
	at, ok := tl.Step()
	if !ok || at != 1 {
		t.Fatalf("step to %v %v, want the packet at 1", at, ok)
	}
	now, frames := 0.5, 0
	for {
		d := tl.Advance(0.1)
		if d == 0 {
			break
		}
		now += d
		tl.Sync(now)
		if frames++; frames > 100 {
			t.Fatal("the step never ended")
		}
	}
	if want := 1 + stepPast; now < 1 || now-want > 1e-9 || now < want-1e-9 {
		t.Errorf("the step stopped at %v, want %v (just past the packet)", now, want)
	}
	if frames != 6 || !tl.Paused() {
		t.Errorf("%d frames, paused %v; want 6 frames, paused", frames, tl.Paused())
	}
	if at, _ := tl.Step(); at != 1.05 {
		t.Errorf("the next step goes to %v, want 1.05", at)
	}
	tl.Sync(3.5)
	if _, ok := tl.Step(); ok {
		t.Error("a step past the last packet")
	}
	tl.TogglePause()
	if d := tl.Advance(0.25); d != 0.25 {
		t.Errorf("playing again: advance %v", d)
	}
}

// TestTimelineSeek: a click maps to the capture's time; a seek ahead or
// back is taken once, clamped to the capture, and ends a step.
func TestTimelineSeek(t *testing.T) {
	tl := NewTimeline([]float64{0, 2, 8})
	r := ScrubberRect(1280, 720)
	if r.Dx() <= 0 || r.Min.X < 1280/3 || r.Max.X > 1280-1280/3 || !r.In(image.Rect(0, 0, 1280, 720)) {
		t.Fatalf("scrubber rect %v", r)
	}
	if got := tl.TimeAt(r.Min.X+r.Dx()/4, r.Min.X, r.Dx()); got < 1.99 || got > 2.01 {
		t.Errorf("a quarter of the bar is %v s, want 2", got)
	}
	if got := tl.TimeAt(r.Max.X+50, r.Min.X, r.Dx()); got != 8 {
		t.Errorf("past the bar's end %v s, want the end 8", got)
	}
	if _, ok := tl.TakeSeek(); ok {
		t.Error("a seek taken before any was asked")
	}
	tl.Sync(4)
	for _, c := range []struct{ ask, want float64 }{
		{3, 3},   // back
		{6, 6},   // ahead
		{4, 4},   // where it is
		{-1, 0},  // before the start: the start
		{9.5, 8}, // past the end: the end
	} {
		tl.Seek(c.ask)
		if to, ok := tl.TakeSeek(); !ok || to != c.want {
			t.Errorf("seek %v: took %v %v, want %v", c.ask, to, ok, c.want)
		}
		if _, ok := tl.TakeSeek(); ok {
			t.Errorf("seek %v taken twice", c.ask)
		}
	}
	tl.Step()
	tl.Seek(1)
	if d := tl.Advance(0.5); d != 0 {
		t.Errorf("a seek during a step still steps: advance %v", d)
	}
	if !strings.HasPrefix(tl.Status(), "paused 4.00/8.00 s") {
		t.Errorf("status %q", tl.Status())
	}
}

func TestTimelineMessages(t *testing.T) {
	tl := NewTimeline(nil)
	if tl.MessagesText(0, 5) != "" {
		t.Error("messages for no selection")
	}
	for i := 0; i < 12; i++ {
		tl.Mention(0x50000001, float64(i), "Movement_UpdatePosition", "applied")
	}
	tl.Mention(0x50000002, 1, "Item_CreateObject", "applied")
	text := tl.MessagesText(0x50000001, 5)
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) != 7 || lines[0] != "messages about 0x50000001: 12" || lines[1] != "  ... 7 earlier" ||
		lines[6] != "    11.000 s  Movement_UpdatePosition  applied" {
		t.Errorf("messages text\n%s", text)
	}
	if strings.Contains(text, "CreateObject") {
		t.Error("another object's message listed")
	}
	tl.ResetMentions()
	if n := len(tl.Mentions(0x50000001)) + len(tl.Mentions(0x50000002)); n != 0 {
		t.Errorf("%d messages after ResetMentions", n)
	}
	tl.Mention(0x50000001, 2, "Movement_UpdatePosition", "applied")
	if got := tl.MessagesText(0x50000001, 5); !strings.HasPrefix(got, "messages about 0x50000001: 1\n") {
		t.Errorf("after a reset and one message\n%s", got)
	}
}
