package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/control"
	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session"
	"github.com/dereth/dereth/net/session/sessiontest"
	"github.com/dereth/dereth/protocol"
)

// TestConnectHeadless runs `dereth connect --headless --json` against the
// loopback server replaying the captured session: the handshake steps are
// printed, the world is entered, and the summary counts the captured
// server's messages.
func TestConnectHeadless(t *testing.T) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := sessiontest.NewServer(t, ds)
	go srv.Serve(time.Now().Add(5 * time.Second))
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("treestats\n"), 0o600)
	var out, errOut bytes.Buffer
	code := Connect([]string{"--headless", "--json", "--for", "700ms", "--password-file", pw, "treestats@" + srv.Addr()}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut.String(), out.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var sum struct {
		Event        string
		EnteredWorld bool `json:"entered_world"`
		Messages     map[string]int
		ChecksumBad  int `json:"checksum_bad"`
		ObjectsMade  int `json:"objects_created"`
		Missing      int `json:"missing_assets"`
		Verified     *int
		Dropped      *int
		Lost         *int
		ReadBuffer   int `json:"read_buffer"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil {
		t.Fatal(err)
	}
	if !sum.EnteredWorld || sum.Messages["0xF745"] != 136 || sum.ChecksumBad != 0 || sum.ObjectsMade != 136 || sum.Missing != 17 {
		t.Errorf("summary %s", lines[len(lines)-1])
	}
	// The live session's own counters: every server packet verified,
	// nothing dropped or lost, the socket's buffer read back.
	if sum.Verified == nil || sum.Dropped == nil || sum.Lost == nil || *sum.Verified < 100 || *sum.Dropped != 0 || *sum.Lost != 0 || sum.ReadBuffer <= 0 {
		t.Errorf("live counters missing or wrong in %s", lines[len(lines)-1])
	}
	// The client's own messages are counted beside the server's, as a
	// replay counts them: the DDD answers, the enter-game request, 0xF657
	// and the retail client's world-entry GameActions (AllegianceUpdate
	// Request, HouseQuery, AllegianceUpdateRequest, LoginComplete; the
	// player never moves: no MoveToState). The in-order server (the
	// default) failed the test on any of them out of the retail order.
	for op, n := range map[string]int{"0xF7E6": 1, "0xF7EA": 2, "0xF7C8": 1, "0xF657": 1, "0xF7B1": 4} {
		if sum.Messages[op] != n {
			t.Errorf("messages %s: %d, want %d (summary %s)", op, sum.Messages[op], n, lines[len(lines)-1])
		}
	}
	for _, step := range []string{"LoginRequest", "ConnectRequest", "DDDInterrogation", "choosing Treestats", "LoginComplete", "Disconnect"} {
		if !strings.Contains(out.String(), step) {
			t.Errorf("no step mentioning %q in:\n%s", step, out.String())
		}
	}
	// The text the server put on screen, as chat lines: the captured
	// session's WeenieError, four WeenieErrorWithStrings and two
	// TextboxStrings at entry (its third TextboxString comes 3 s later,
	// after --for).
	chat := map[string]int{}
	for _, l := range lines {
		var c struct{ Event, Kind, Text string }
		if json.Unmarshal([]byte(l), &c) == nil && c.Event == "chat" {
			chat[c.Kind]++
			if c.Text == "" {
				t.Errorf("chat line without text: %s", l)
			}
		}
	}
	if chat["Communication_WeenieError"] != 1 || chat["Communication_WeenieErrorWithString"] != 4 || chat["Communication_TextboxString"] < 2 {
		t.Errorf("chat lines by kind %v, want 1 WeenieError, 4 WeenieErrorWithString, 2 or 3 TextboxString", chat)
	}
	serverSawCleanSession(t, srv)
}

// serverSawCleanSession checks, on the loopback server's side, that every
// client packet's checksum verified with the server's own ISAAC state, that
// LoginComplete came once, and that the client disconnected.
func serverSawCleanSession(t *testing.T, srv *sessiontest.Server) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		srv.Lock()
		done := srv.Disconnected
		srv.Unlock()
		if done || time.Now().After(deadline) {
			break
		}
	}
	srv.Lock()
	defer srv.Unlock()
	if !srv.Disconnected {
		t.Error("the server saw no Disconnect")
	}
	if srv.ClientBad != 0 || srv.ClientOK == 0 {
		t.Errorf("client checksums at the server: %d ok, %d bad", srv.ClientOK, srv.ClientBad)
	}
	if srv.Actions[0xA1] != 1 {
		t.Errorf("LoginComplete reached the server %d times, want 1", srv.Actions[0xA1])
	}
}

func TestConnectUsage(t *testing.T) {
	t.Setenv("DERETH_PASSWORD", "x")
	empty := filepath.Join(t.TempDir(), "empty")
	os.WriteFile(empty, []byte("\nsecond line\n"), 0o600)
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{nil, 2, "want one ACCOUNT@HOST"},
		{[]string{"--headless", "nohost"}, 2, "not ACCOUNT@HOST"},
		{[]string{"--headless", "--password-file", filepath.Join(t.TempDir(), "none"), "a@127.0.0.1"}, 1, "password file"},
		{[]string{"--headless", "--password-file", empty, "a@127.0.0.1"}, 1, "the first line is empty"},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		if code := Connect(tt.args, &out, &errOut); code != tt.code || !strings.Contains(errOut.String(), tt.msg) {
			t.Errorf("connect %v: exit %d, stderr %q; want %d mentioning %q", tt.args, code, errOut.String(), tt.code, tt.msg)
		}
	}
	t.Setenv("DERETH_PASSWORD", "")
	var out, errOut bytes.Buffer
	if code := Connect([]string{"--headless", "a@127.0.0.1"}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "DERETH_PASSWORD is set but empty") {
		t.Errorf("empty DERETH_PASSWORD: exit %d, stderr %q", code, errOut.String())
	}
}

// TestConnectSendsMoveToState drives the headless player's keys through a
// live loopback session: the server receives one MoveToState per key
// change, in the session's GameAction sequence after LoginComplete, whose
// raw motion state is what the keys asked for.
func TestConnectSendsMoveToState(t *testing.T) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := sessiontest.NewServer(t, ds)
	go srv.Serve(time.Now().Add(6 * time.Second))
	t.Setenv("DERETH_PASSWORD", "treestats")
	keys := func(frame int) control.Keys {
		switch {
		case frame < 5:
			return control.Keys{}
		case frame < 15:
			return control.Keys{Forward: true}
		case frame < 25:
			return control.Keys{Forward: true, TurnLeft: true}
		}
		return control.Keys{}
	}
	var out, errOut bytes.Buffer
	if _, code := connect([]string{"--headless", "--for", "1500ms", "treestats@" + srv.Addr()}, &out, &errOut, keys); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut.String(), out.String())
	}
	time.Sleep(50 * time.Millisecond) // the last packets in flight
	srv.Lock()
	defer srv.Unlock()
	type want struct {
		fwd, turn, hold uint32
	}
	wants := []want{
		{motion.WalkForward, 0, uint32(motion.HoldKeyNone)},
		{motion.WalkForward, motion.TurnLeft, uint32(motion.HoldKeyNone)},
		{motion.Ready, 0, uint32(motion.HoldKeyNone)},
	}
	var got []protocol.MoveToState
	var seqs []uint32
	for _, m := range srv.Messages {
		var a protocol.GameAction
		if _, err := protocol.DecodeGameAction(m, &a); err != nil {
			continue
		}
		seqs = append(seqs, a.Sequence)
		if a.Type == protocol.ActionMoveToState {
			var mts protocol.MoveToState
			if _, err := protocol.DecodeMoveToState(m, &mts); err != nil {
				t.Fatalf("MoveToState %d: %v", len(got), err)
			}
			got = append(got, mts)
		}
	}
	if len(got) != len(wants) {
		t.Fatalf("the server received %d MoveToStates, want %d (GameAction sequences %v)", len(got), len(wants), seqs)
	}
	for i, w := range wants {
		r := got[i].Raw
		if r.ForwardCommand != w.fwd || r.TurnCommand != w.turn || r.CurrentHoldKey != w.hold {
			t.Errorf("MoveToState %d: forward %s turn %#x hold %d; want %s turn %#x hold %d", i,
				motioncmd.Name(r.ForwardCommand), r.TurnCommand, r.CurrentHoldKey, motioncmd.Name(w.fwd), w.turn, w.hold)
		}
		if got[i].Position.Cell != 0x01250107 {
			t.Errorf("MoveToState %d from cell 0x%08X, want the player's 0x01250107", i, got[i].Position.Cell)
		}
	}
	for i, seq := range seqs {
		if seq != uint32(i+1) {
			t.Fatalf("GameAction sequences %v, want 1, 2, 3, …", seqs)
		}
	}
	if srv.Actions[protocol.ActionLoginComplete] != 1 || srv.ClientBad != 0 {
		t.Errorf("LoginComplete %d times, %d bad client checksums", srv.Actions[protocol.ActionLoginComplete], srv.ClientBad)
	}
}

// TestLiveMessagesEnterAtFrameBoundary: the session receives on its own
// goroutine while the simulation is not looking, and nothing reaches the
// world until the simulation's frame boundary hands the messages over
// (liveWorld.apply, which connect and the viewer call before each step):
// with every CreateObject received, the world is still empty; after one
// frame boundary it holds the captured session's objects.
func TestLiveMessagesEnterAtFrameBoundary(t *testing.T) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := sessiontest.NewServer(t, ds)
	go srv.Serve(time.Now().Add(5 * time.Second))
	s, err := session.New(session.Config{Addr: srv.Addr(), Account: "treestats", Password: "treestats",
		ConnectDelay: 10 * time.Millisecond, ConnectResend: 50 * time.Millisecond, LoginResend: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	w, _, err := newNetWorld("")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	defer func() { cancel(); <-done }()
	for deadline := time.Now().Add(4 * time.Second); s.Stats().Messages[0xF745] < 136; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the session received %d CreateObjects", s.Stats().Messages[0xF745])
		}
	}
	if w.Created != 0 || w.Len() != 0 || w.PlayerGUID != 0 {
		t.Fatalf("the world changed off the frame boundary: %d created, %d placed, player 0x%08X", w.Created, w.Len(), w.PlayerGUID)
	}
	live := &liveWorld{s: s, w: w}
	live.apply()
	if w.Created != 136 || w.Len() != 11 || w.PlayerGUID != 0x50002F67 {
		t.Errorf("after the frame boundary: %d created, %d placed, player 0x%08X; want 136, 11, 0x50002F67", w.Created, w.Len(), w.PlayerGUID)
	}
}

// TestConnectHeadlessEnds: `dereth connect --headless` on the loopback
// server over a faulty link (10% loss both ways, repeats, reordering)
// still enters the world and ends cleanly after --for; a refused login
// and a silent server end it with exit status 1 and a message saying why.
func TestConnectHeadlessEnds(t *testing.T) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	testSessionConfig = func(c *session.Config) {
		c.LoginTimeout, c.Timeout = 300*time.Millisecond, 2*time.Second
		c.ConnectDelay, c.ConnectResend, c.LoginResend = 10*time.Millisecond, 50*time.Millisecond, 100*time.Millisecond
		c.AckInterval, c.NAKInterval = 20*time.Millisecond, 30*time.Millisecond
	}
	defer func() { testSessionConfig = nil }()
	t.Setenv("DERETH_PASSWORD", "treestats")
	tests := []struct {
		name    string
		setup   func(*sessiontest.Server)
		code    int
		out     string
		errOut  string
		entered bool
	}{
		{"faulty link", func(s *sessiontest.Server) { s.Loss, s.Duplicate, s.Reorder, s.Seed = 0.10, 0.05, 0.05, 7 }, 0, "entered world: true", "", true},
		{"refused login", func(s *sessiontest.Server) { s.Refuse = true }, 1, "connected: data from the server\nrefused: the account does not exist", "session: the account does not exist (CharacterError 0xA): refused", false},
		{"silent server", func(s *sessiontest.Server) { s.Silent = true }, 1, "entered world: false", "the server was silent for 300ms: timed out", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := sessiontest.NewServer(t, ds)
			tt.setup(srv)
			go srv.Serve(time.Now().Add(5 * time.Second))
			var out, errOut bytes.Buffer
			code := Connect([]string{"--headless", "--for", "500ms", "treestats@" + srv.Addr()}, &out, &errOut)
			if code != tt.code || !strings.Contains(out.String(), tt.out) || !strings.Contains(errOut.String(), tt.errOut) {
				t.Fatalf("exit %d (want %d)\nstdout:\n%s\nstderr: %s\nwant %q and %q", code, tt.code, out.String(), errOut.String(), tt.out, tt.errOut)
			}
			if tt.entered && !strings.Contains(out.String(), "messages 176 (server 168, client 8)") {
				t.Errorf("not every captured message arrived over the faulty link:\n%s", out.String())
			}
			if tt.entered {
				serverSawCleanSession(t, srv)
			}
		})
	}
}
