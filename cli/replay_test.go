package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// TestReplayCapturedSession replays both captures as one session and
// checks the summary and the world it leaves: every object a CreateObject
// named is there, placed in the world when it came with a position and
// recorded as contained when it did not.
func TestReplayCapturedSession(t *testing.T) {
	paths := captures.Paths(t)
	var out, errOut bytes.Buffer
	if code := Replay(append([]string{"--json"}, paths...), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var sum struct {
		Event                                 string
		Packets, ClientPackets, ServerPackets int
		ChecksumOK                            int `json:"checksum_ok"`
		ChecksumBad                           int `json:"checksum_bad"`
		ChecksumUnverified                    int `json:"checksum_unverified"`
		Messages                              map[string]int
		ObjectsCreated                        int `json:"objects_created"`
		ObjectsPlaced                         int `json:"objects_placed"`
		ObjectsContained                      int `json:"objects_contained"`
		ApplyErrors                           int `json:"apply_errors"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil || sum.Event != "summary" {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	if sum.Packets != 103 || sum.ChecksumOK != 103 || sum.ChecksumBad != 0 || sum.ChecksumUnverified != 0 {
		t.Errorf("summary %+v", sum)
	}
	if sum.Messages["0xF745"] != 136 || sum.ObjectsCreated != 136 || sum.ApplyErrors != 0 {
		t.Errorf("CreateObjects %d, created %d, apply errors %d; want 136, 136, 0", sum.Messages["0xF745"], sum.ObjectsCreated, sum.ApplyErrors)
	}
	if len(lines)-1 != 178 {
		t.Errorf("%d message lines, want 178", len(lines)-1)
	}

	// The world itself: the guids the CreateObjects named, against what it
	// holds.
	ds, err := capture.ReadFiles(paths...)
	if err != nil {
		t.Fatal(err)
	}
	named := map[uint32]bool{}
	placed := map[uint32]bool{}
	s := capture.NewSession()
	s.OnMessage = func(m *capture.Message) {
		if c, ok := m.Decoded.(*protocol.CreateObject); ok {
			named[c.Guid] = true
			if c.Physics.Flags&(protocol.PhysicsPosition|protocol.PhysicsParent) != 0 {
				placed[c.Guid] = true
			}
		}
	}
	for i := range ds {
		s.Feed(&ds[i])
	}
	w, _, err := newNetWorld("")
	if err != nil {
		t.Fatal(err)
	}
	replayCapture(ds, w, replayFilter{}, nil, func([]byte) {})
	if len(placed) == 0 || w.Len() != len(placed) || len(w.Contained) != len(named)-len(placed) {
		t.Errorf("world holds %d placed and %d contained; the captures named %d, %d with a place", w.Len(), len(w.Contained), len(named), len(placed))
	}
	for g := range named {
		_, inWorld := w.Entity(g)
		if inWorld != placed[g] || w.Contained[g] == placed[g] {
			t.Errorf("object 0x%08X: in the world %v, contained %v, placed by its CreateObject %v", g, inWorld, w.Contained[g], placed[g])
		}
	}
	if w.PlayerGUID == 0 || !placed[w.PlayerGUID] {
		t.Errorf("player 0x%08X is not a placed object", w.PlayerGUID)
	}
	if err := w.Verify(); err != nil {
		t.Errorf("world links: %v", err)
	}
}

func TestReplayTraceIsDeterministic(t *testing.T) {
	paths := captures.Paths(t)
	dir := t.TempDir()
	var traces [2][]byte
	for i := range traces {
		name := filepath.Join(dir, "trace"+string(rune('a'+i))+".jsonl")
		var out, errOut bytes.Buffer
		if code := Replay(append([]string{"--trace", name}, paths...), &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		traces[i] = b
	}
	if len(traces[0]) == 0 || !bytes.Equal(traces[0], traces[1]) {
		t.Errorf("two traces differ (%d and %d bytes)", len(traces[0]), len(traces[1]))
	}
}

func TestReplayUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{nil, 2, "no CAPTURE.pcap"},
		{[]string{filepath.Join(t.TempDir(), "missing.pcap")}, 1, "missing.pcap"},
		{[]string{"--bogus"}, 2, "bogus"},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		if code := Replay(tt.args, &out, &errOut); code != tt.code || !strings.Contains(errOut.String(), tt.msg) {
			t.Errorf("replay %v: exit %d, stderr %q; want %d mentioning %q", tt.args, code, errOut.String(), tt.code, tt.msg)
		}
	}
}

// TestReplayDebuggerLines checks the --json message lines of the captured
// session: capture time (seconds since the first packet, and absolute),
// packet and message sequence, catalogue names and decoded fields, the
// world's result; and the --type, --guid, --from and --to filters.
func TestReplayDebuggerLines(t *testing.T) {
	paths := captures.Paths(t)
	run := func(args ...string) []map[string]any {
		t.Helper()
		var out, errOut bytes.Buffer
		if code := Replay(append(append([]string{"--json"}, args...), paths...), &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		var lines []map[string]any
		for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var m map[string]any
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			if m["event"] == "message" {
				lines = append(lines, m)
			}
		}
		return lines
	}
	pd := run("--type", "Login_PlayerDescription")
	if len(pd) != 1 {
		t.Fatalf("%d PlayerDescription lines, want 1", len(pd))
	}
	l := pd[0]
	if l["opcode"] != "0xF7B0" || l["type"] != "0x0013" || l["dir"] != "server" || l["guid"] != "0x50002F67" ||
		l["time"] != "2025-12-25T20:18:26.388087Z" || l["packet_seq"] != 24.0 || l["result"] != "dropped" {
		t.Errorf("PlayerDescription line %v", l)
	}
	if tt, _ := l["t"].(float64); tt < 25.15 || tt > 25.16 {
		t.Errorf("t = %v, want the capture's 25.152 s", l["t"])
	}
	fields, _ := l["fields"].(map[string]any)
	if bq, _ := fields["base_qualities"].(map[string]any); bq == nil || bq["weenie_type"] != 10.0 {
		t.Errorf("PlayerDescription fields %v", fields)
	}
	// A short name, an event type and an opcode, repeatable.
	if n := len(run("--type", "TextboxString", "--type", "0x028B", "--type", "0xF745")); n != 3+4+136 {
		t.Errorf("--type TextboxString, 0x028B, 0xF745: %d lines, want 143", n)
	}
	player := run("--guid", "0x50002F67")
	if len(player) == 0 {
		t.Fatal("no line about the player")
	}
	for _, l := range player {
		if l["guid"] != "0x50002F67" {
			t.Fatalf("--guid kept %v", l)
		}
	}
	for _, l := range run("--from", "28s", "--to", "29s") {
		if tt := l["t"].(float64); tt < 28 || tt > 29 {
			t.Fatalf("--from 28s --to 29s kept t=%v", tt)
		}
	}
	var out, errOut bytes.Buffer
	if code := Replay(append([]string{"--summary"}, paths...), &out, &errOut); code != 0 ||
		!strings.Contains(out.String(), "   136  server Item_CreateObject\n") {
		t.Errorf("--summary: exit %d\n%s", code, out.String())
	}
}

// TestReplayBeforeCapture: a server message for an object the capture
// never created is dropped as before_capture, counted with its object, and
// is not an error.
func TestReplayBeforeCapture(t *testing.T) {
	w, _, err := newNetWorld("")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r := newReplayer(nil, w, nil)
	pos := protocol.Position{Cell: 0xA9B40001}
	pos.Frame.Orientation.W = 1
	msg := (&protocol.UpdatePosition{Guid: 0x80001234, Flags: protocol.PositionFlagsFor(pos.Frame.Orientation, physics.Vec3{}, false, false), Position: pos}).Encode(nil)
	d := &capture.Datagram{FromServer: true, Payload: make([]byte, 20)}
	for range 2 {
		dec, err := protocol.Decode(msg)
		if err != nil {
			t.Fatal(err)
		}
		ml := r.message(&capture.Message{Datagram: d, FromServer: true, Decoded: dec})
		if ml.Result != "dropped" || ml.Reason != "before_capture" || ml.Name != "Movement_PositionEvent" {
			t.Fatalf("line %+v", ml)
		}
	}
	res := r.result()
	if res.beforeCapture != 2 || len(res.beforeObjects) != 1 || res.applyErrors != 0 {
		t.Errorf("before_capture %d (%d objects), apply errors %d; want 2 (1), 0", res.beforeCapture, len(res.beforeObjects), res.applyErrors)
	}
}

// TestChatOfCapture: the captured session's text messages become chat
// lines (three TextboxStrings, four WeenieErrorWithStrings, a WeenieError).
func TestChatOfCapture(t *testing.T) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	s := capture.NewSession()
	kinds := map[string]int{}
	var texts []string
	s.OnMessage = func(m *capture.Message) {
		if m.Err != nil {
			return
		}
		if c, ok := chatOf(m.Decoded); ok {
			kinds[c.Kind]++
			texts = append(texts, c.Text)
		}
	}
	for i := range ds {
		s.Feed(&ds[i])
	}
	if kinds["Communication_TextboxString"] != 3 || kinds["Communication_WeenieErrorWithString"] != 4 || kinds["Communication_WeenieError"] != 1 {
		t.Errorf("chat kinds %v", kinds)
	}
	if !slices.Contains(texts, `"Testing" -- Baronet Kolthar`) || !slices.Contains(texts, "Allegiance") {
		t.Errorf("chat texts %q", texts)
	}
}
