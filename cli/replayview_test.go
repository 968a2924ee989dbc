package cli

import (
	"io"
	"slices"
	"testing"

	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/systems"
)

// TestReplayViewChatPanel: replaying the captures through the viewer's
// NetView (its Load, then a Frame per frame to the end) puts every text
// line they carry into the chat panel's model, in capture order with the
// capture's clock: three TextboxStrings, four WeenieErrorWithStrings and
// a WeenieError.
func TestReplayViewChatPanel(t *testing.T) {
	_, n, w := loadReplayView(t)
	for i := 0; !n.rp.done(); i++ {
		if i > 1e5 {
			t.Fatal("the replay never ended")
		}
		if err := n.Frame(w, replayFrame); err != nil {
			t.Fatal(err)
		}
		w.Step(replayFrame)
	}
	lines := n.Chat().Lines()
	kinds := map[string]int{}
	var texts []string
	for i, l := range lines {
		kinds[l.Kind]++
		texts = append(texts, l.String())
		if i > 0 && l.T < lines[i-1].T {
			t.Errorf("line %d at %.3f s before line %d at %.3f s", i, l.T, i-1, lines[i-1].T)
		}
	}
	if len(lines) != 8 || kinds["Communication_TextboxString"] != 3 || kinds["Communication_WeenieErrorWithString"] != 4 || kinds["Communication_WeenieError"] != 1 {
		t.Errorf("%d chat lines, kinds %v", len(lines), kinds)
	}
	if !slices.Contains(texts, `"Testing" -- Baronet Kolthar`) || !slices.Contains(texts, "! Allegiance") {
		t.Errorf("chat panel lines %q", texts)
	}
	if text := n.Chat().Text(20, 60); text == "" {
		t.Error("no panel text")
	}
}

// TestReplayViewTimeline: a replay's scrubber model spans the capture,
// lists the messages about the player in time order (its PlayerCreate,
// then its CreateObject, applied), and a
// seek ahead taken by Frame runs the world to the time asked.
func TestReplayViewTimeline(t *testing.T) {
	ds, n, w := loadReplayView(t)
	tl := n.Timeline()
	if tl == nil {
		t.Fatal("no timeline for a replay")
	}
	if end := ds[len(ds)-1].Time.Sub(ds[0].Time).Seconds(); tl.End() != end {
		t.Errorf("timeline ends at %v, the capture at %v", tl.End(), end)
	}
	ms := tl.Mentions(n.w.PlayerGUID)
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name
		if i > 0 && m.T < ms[i-1].T {
			t.Errorf("message %d at %v before message %d at %v", i, m.T, i-1, ms[i-1].T)
		}
	}
	cp, co := slices.Index(names, "Login_CreatePlayer"), slices.Index(names, "Item_CreateObject")
	if cp < 0 || co < cp || ms[co].Result != "applied" {
		t.Fatalf("player's messages %v", ms)
	}
	tl.Sync(w.Now)
	to := w.Now + 5
	if !tl.Seek(to) {
		t.Fatalf("seek to %v refused: %s", to, tl.Note())
	}
	if err := n.Frame(w, replayFrame); err != nil {
		t.Fatal(err)
	}
	if w.Now < to-replayFrame || w.Now > to {
		t.Errorf("after the seek the world is at %v, want %v", w.Now, to)
	}
	if got := len(tl.Mentions(n.w.PlayerGUID)); got <= len(ms) {
		t.Errorf("no messages about the player in the 5 s sought over (%d, before %d)", got, len(ms))
	}
}

// loadReplayView loads the captures into a NetView as the viewer does
// (Load) and returns the datagrams, the view and its world.
func loadReplayView(t *testing.T) ([]capture.Datagram, *NetView, *systems.World) {
	t.Helper()
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	n := &NetView{ds: ds, stdout: io.Discard}
	w, _, _, err := n.Load(func(int, int) {})
	if err != nil {
		t.Fatal(err)
	}
	return ds, n, w
}
