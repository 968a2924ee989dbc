package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/net/capture"
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
	replayCapture(ds, w, func([]byte) {})
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
