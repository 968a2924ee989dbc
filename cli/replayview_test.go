package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dereth/dereth/components"
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
	tl.Seek(to)
	if err := n.Frame(w, replayFrame); err != nil {
		t.Fatal(err)
	}
	if w.Now < to-replayFrame || w.Now > to {
		t.Errorf("after the seek the world is at %v, want %v", w.Now, to)
	}
	if n.World() != w {
		t.Error("a seek ahead built another world")
	}
	if got := len(tl.Mentions(n.w.PlayerGUID)); got <= len(ms) {
		t.Errorf("no messages about the player in the 5 s sought over (%d, before %d)", got, len(ms))
	}
}

// TestReplayViewSeekBack: a seek back on the scrubber (to 28 s from 32 s)
// builds the world again from the capture's start and runs it there: the
// world the view then runs (World) is at 28 s and holds the same objects
// at the same places, with the same chat lines and the same messages
// about the player, as a replay that only ran ahead to 28 s. Played on to
// the end, the run prints each message's JSON line and gives each
// message to a plugin (the chat logger) once: the same lines as a replay
// played straight through.
func TestReplayViewSeekBack(t *testing.T) {
	const back, from = 28.0, 32.0
	var out bytes.Buffer
	_, n, w := loadReplayViewWith(t, &out)
	tl := n.Timeline()
	seekTo(t, n, w, from)
	if w.Now < from {
		t.Fatalf("the seek ahead reached %v, want %v", w.Now, from)
	}
	seekTo(t, n, w, back)
	nw := n.World()
	if nw == w {
		t.Fatal("a seek back kept the world (it cannot be unwound)")
	}
	if nw.Now < back || nw.Now > back+replayFrame {
		t.Fatalf("after the seek back the world is at %v, want %v", nw.Now, back)
	}

	var refOut bytes.Buffer
	_, ref, rw := loadReplayViewWith(t, &refOut)
	seekTo(t, ref, rw, back)
	if nw.Now != rw.Now {
		t.Errorf("sought back to %v, the straight replay is at %v", nw.Now, rw.Now)
	}
	if got, want := worldObjects(nw), worldObjects(rw); !maps.Equal(got, want) || len(want) == 0 {
		t.Errorf("sought back: %d objects, a replay run ahead to %v s: %d (or they differ)", len(got), back, len(want))
	}
	if got, want := n.Chat().Lines(), ref.Chat().Lines(); !slices.Equal(got, want) || len(want) == 0 {
		t.Errorf("chat after the seek back %v, want %v", got, want)
	}
	player := nw.PlayerGUID
	if got, want := tl.Mentions(player), ref.Timeline().Mentions(player); player == 0 || len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("player 0x%08X's messages after the seek back: %d, want %d", player, len(got), len(want))
	}

	playToEnd(t, n)
	playToEnd(t, ref)
	if got, want := eventCounts(t, out.Bytes()), eventCounts(t, refOut.Bytes()); !maps.Equal(got, want) || want["message"] == 0 || want["plugin_print"] == 0 {
		t.Errorf("printed after seeking back %v, played straight %v", got, want)
	}
}

// seekTo seeks the view's replay to time to as a click on the scrubber
// does: the next Frame takes it, and the window steps that frame.
func seekTo(t *testing.T, n *NetView, w *systems.World, to float64) {
	t.Helper()
	n.Timeline().Seek(to)
	if err := n.Frame(w, replayFrame); err != nil {
		t.Fatal(err)
	}
	n.World().Step(replayFrame)
	n.Timeline().Sync(n.World().Now)
}

// playToEnd runs the view's replay frame by frame, as the window does,
// until every datagram was fed.
func playToEnd(t *testing.T, n *NetView) {
	t.Helper()
	for i := 0; !n.rp.done(); i++ {
		if i > 1e5 {
			t.Fatal("the replay never ended")
		}
		if err := n.Frame(n.World(), replayFrame); err != nil {
			t.Fatal(err)
		}
		n.World().Step(replayFrame)
	}
}

// worldObjects maps each placed object's guid to its cell and origin.
func worldObjects(w *systems.World) map[uint32]string {
	out := map[uint32]string{}
	var v components.View
	for _, e := range w.Objects {
		if v.Resolve(w.ECS, e) {
			p := v.Phys.Position
			out[v.Phys.GUID] = fmt.Sprintf("%08X %v", p.Cell, p.Frame.Origin)
		}
	}
	return out
}

// eventCounts counts the JSON lines printed by event.
func eventCounts(t *testing.T, out []byte) map[string]int {
	t.Helper()
	counts := map[string]int{}
	for line := range bytes.Lines(out) {
		var l struct{ Event string }
		if err := json.Unmarshal(line, &l); err != nil {
			t.Fatalf("%v in %q", err, line)
		}
		counts[l.Event]++
	}
	return counts
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

// loadReplayViewWith is loadReplayView with --json and the chat logger
// plugin, printing to out.
func loadReplayViewWith(t *testing.T, out io.Writer) ([]capture.Datagram, *NetView, *systems.World) {
	t.Helper()
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	n := &NetView{ds: ds, stdout: out, stderr: io.Discard, asJSON: true,
		pluginPaths: []string{filepath.Join("..", "examples", "plugins", "chat_logger.lua")}}
	t.Cleanup(func() { n.Close(io.Discard, io.Discard) })
	w, _, _, err := n.Load(func(int, int) {})
	if err != nil {
		t.Fatal(err)
	}
	return ds, n, w
}
