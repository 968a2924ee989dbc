package session

import (
	"bytes"
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/captures"
	acnet "github.com/dereth/dereth/net"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session/sessiontest"
	"github.com/dereth/dereth/protocol"
)

// captured returns the session's datagrams.
func captured(t *testing.T) []capture.Datagram {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// TestHandshakePacketsMatchCapture: given the capture's account, password
// and timestamp, the session builds the captured LoginRequest byte for
// byte, and given the captured ConnectRequest, the captured
// ConnectResponse.
func TestHandshakePacketsMatchCapture(t *testing.T) {
	ds := captured(t)
	var p acnet.Packet
	var login, resp []byte
	var conn acnet.ConnectRequestBody
	for _, d := range ds {
		if err := acnet.Decode(d.Payload, &p); err != nil {
			t.Fatal(err)
		}
		switch {
		case p.Flags&acnet.LoginRequest != 0:
			login = d.Payload
		case p.Flags&acnet.ConnectRequest != 0:
			conn = p.Connect
		case p.Flags&acnet.ConnectResponse != 0:
			resp = d.Payload
		}
	}
	var lp acnet.Packet
	acnet.Decode(login, &lp)
	body, err := acnet.DecodeLoginRequest(lp.Login)
	if err != nil {
		t.Fatal(err)
	}
	got := LoginPacket(Config{Account: body.Account, Password: body.Password, Timestamp: body.Timestamp})
	if !bytes.Equal(got, login) {
		t.Errorf("LoginRequest:\n% x\nwant\n% x", got, login)
	}
	if got := ConnectResponsePacket(&conn); !bytes.Equal(got, resp) {
		t.Errorf("ConnectResponse:\n% x\nwant\n% x", got, resp)
	}
}

func runClient(t *testing.T, srv *sessiontest.Server, cfg Config, until func(*Session) bool) (*Session, error) {
	return runClientFor(t, srv, cfg, 5*time.Second, until)
}

// runClientFor runs a client against srv for at most d.
func runClientFor(t *testing.T, srv *sessiontest.Server, cfg Config, d time.Duration, until func(*Session) bool) (*Session, error) {
	cfg.Addr = srv.Addr()
	if cfg.LoginTimeout == 0 {
		cfg.LoginTimeout, cfg.Timeout = 2*time.Second, 2*time.Second
	}
	cfg.ConnectDelay, cfg.ConnectResend = 10*time.Millisecond, 50*time.Millisecond
	cfg.LoginResend, cfg.AckInterval, cfg.NAKInterval = 100*time.Millisecond, 20*time.Millisecond, 30*time.Millisecond
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(d)
	go srv.Serve(deadline)
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	for {
		select {
		case err := <-done:
			return s, err
		case <-time.After(10 * time.Millisecond):
			if until(s) {
				cancel()
				return s, <-done
			}
		}
	}
}

// TestLoopbackSession: the captured server packets, played back over real
// UDP on 127.0.0.1, take the client through login, character selection and
// world entry; every client packet's checksum verifies with the server's
// own ISAAC state, the client sends LoginComplete and disconnects cleanly.
func TestLoopbackSession(t *testing.T) {
	ds := captured(t)
	srv := sessiontest.NewServer(t, ds)
	var creates int
	s, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats"}, func(s *Session) bool {
		return s.Stats().Messages[0xF745] == 136
	})
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	s.Drain(func(d protocol.Message) {
		if d != nil && d.Name() == "CreateObject" {
			creates++
		}
	})
	st := s.Stats()
	if !s.Entered() || creates != 136 || st.ChecksumBad != 0 || st.ChecksumOK != st.ServerPackets {
		t.Errorf("entered %v, CreateObjects drained %d, server packets %d (ok %d, bad %d)", s.Entered(), creates, st.ServerPackets, st.ChecksumOK, st.ChecksumBad)
	}
	waitDisconnect(t, srv)
	srv.Lock()
	defer srv.Unlock()
	if srv.ClientBad != 0 || srv.ClientOK == 0 || srv.ClientDuplicates != 0 {
		t.Errorf("client checksums: %d ok, %d bad, %d duplicates", srv.ClientOK, srv.ClientBad, srv.ClientDuplicates)
	}
	if srv.Actions[0xA1] != 1 {
		t.Errorf("LoginComplete sent %d times, want 1", srv.Actions[0xA1])
	}
}

// createGUIDs returns the guids of the captured session's CreateObjects,
// in the order the server sent them.
func createGUIDs(t *testing.T, ds []capture.Datagram) []uint32 {
	var guids []uint32
	cs := capture.NewSession()
	cs.OnMessage = func(m *capture.Message) {
		if co, ok := m.Decoded.(*protocol.CreateObject); ok && m.FromServer {
			guids = append(guids, co.Guid)
		}
	}
	for i := range ds {
		cs.Feed(&ds[i])
	}
	if len(guids) != 136 {
		t.Fatalf("the capture has %d CreateObjects, want 136", len(guids))
	}
	return guids
}

// TestLoopbackFaultyLink: over a link that drops 10% of the datagrams
// both ways (seeded), and repeats and reorders others, the client still
// logs in, enters the world, receives every CreateObject of the capture
// once and in order, and disconnects cleanly. Both sides' NAKs are
// answered with resends keyed as before, repeats are dropped as
// duplicates, never as bad checksums, and the server packets missing from
// the capture (seqs 6–13) are given up on when the server rejects them.
func TestLoopbackFaultyLink(t *testing.T) {
	ds := captured(t)
	want := createGUIDs(t, ds)
	srv := sessiontest.NewServer(t, ds)
	srv.Loss, srv.Duplicate, srv.Reorder, srv.Seed = 0.10, 0.05, 0.05, 7
	var got []uint32
	collect := func(d protocol.Message) {
		if co, ok := d.(*protocol.CreateObject); ok {
			got = append(got, co.Guid)
		}
	}
	// Once in the world the client sends a stream of AutonomousPositions,
	// so its own packets meet the faults too.
	const positions = 40
	sent := 0
	s, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats"}, func(s *Session) bool {
		s.Drain(collect)
		if s.Entered() && sent < positions {
			s.Send((&protocol.AutonomousPosition{Sequence: 0}).Encode(nil))
			sent++
		}
		srv.Lock()
		defer srv.Unlock()
		return len(got) >= len(want) && srv.Actions[0xA1] > 0 && srv.Actions[protocol.ActionAutonomousPosition] >= positions
	})
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	s.Drain(collect)
	if !slices.Equal(got, want) {
		t.Errorf("CreateObjects: got %d, want the capture's %d in order", len(got), len(want))
	}
	waitDisconnect(t, srv)
	st := s.Stats()
	srv.Lock()
	defer srv.Unlock()
	t.Logf("client: %+v", st)
	t.Logf("server: ok %d bad %d dup %d NAKs %d resent %d rejected %d; dropped %v duplicated %v reordered %v",
		srv.ClientOK, srv.ClientBad, srv.ClientDuplicates, srv.NAKsSent, srv.Resent, srv.Rejected, srv.Dropped, srv.Duplicated, srv.Reordered)
	if !s.Entered() || st.ChecksumBad != 0 || st.Malformed != 0 || srv.ClientBad != 0 {
		t.Errorf("entered %v; bad checksums: client saw %d (malformed %d), server saw %d", s.Entered(), st.ChecksumBad, st.Malformed, srv.ClientBad)
	}
	if st.GaveUp != 8 {
		t.Errorf("gave up on %d server packets, want the 8 the capture lacks (seqs 6–13)", st.GaveUp)
	}
	if srv.Dropped[0] == 0 || srv.Dropped[1] < 5 || srv.Duplicated[1] == 0 || srv.Reordered[1] == 0 {
		t.Errorf("the link did too little: dropped %v, duplicated %v, reordered %v", srv.Dropped, srv.Duplicated, srv.Reordered)
	}
	if st.NAKsSent == 0 || srv.Resent == 0 {
		t.Errorf("client NAKs %d, server resends %d: the client's NAK path was not exercised", st.NAKsSent, srv.Resent)
	}
	if srv.NAKsSent == 0 || st.Resent == 0 {
		t.Errorf("server NAKs %d, client resends %d: the server's NAK path was not exercised", srv.NAKsSent, st.Resent)
	}
	if st.Duplicates == 0 {
		t.Error("no repeated server packet was recognised as a duplicate")
	}
	if srv.Actions[0xA1] != 1 || srv.Actions[protocol.ActionAutonomousPosition] != positions {
		t.Errorf("the server took LoginComplete %d times and %d AutonomousPositions, want 1 and %d",
			srv.Actions[0xA1], srv.Actions[protocol.ActionAutonomousPosition], positions)
	}
	// The client's game actions arrive once each, numbered 1, 2, 3, … in
	// the session's GameAction sequence.
	var seqs []uint32
	for _, m := range srv.Messages {
		var a protocol.GameAction
		if _, err := protocol.DecodeGameAction(m, &a); err == nil {
			seqs = append(seqs, a.Sequence)
		}
	}
	for i, seq := range seqs {
		if seq != uint32(i+1) {
			t.Fatalf("GameAction sequences %v, want 1..%d", seqs, len(seqs))
		}
	}
}

// waitDisconnect waits (up to a second) for the client's Disconnect to
// reach srv.
func waitDisconnect(t *testing.T, srv *sessiontest.Server) {
	t.Helper()
	for range 100 {
		srv.Lock()
		done := srv.Disconnected
		srv.Unlock()
		if done {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Error("no Disconnect from the client")
}

// TestLoopbackLostLoginRequest: the LoginRequest is sent again until a
// ConnectRequest answers it.
func TestLoopbackLostLoginRequest(t *testing.T) {
	srv := sessiontest.NewServer(t, captured(t))
	srv.DropLogins = 2
	s, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats"}, func(s *Session) bool { return s.Entered() })
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	srv.Lock()
	defer srv.Unlock()
	// 1 + LoginResent were sent, the first 2 lost.
	if st := s.Stats(); !s.Entered() || st.LoginResent < 2 || srv.LoginRequests != st.LoginResent-1 {
		t.Errorf("entered %v after %d LoginRequests resent; the server took %d, want 2 lost and the rest taken", s.Entered(), st.LoginResent, srv.LoginRequests)
	}
}

func TestLoopbackRefusedLogin(t *testing.T) {
	srv := sessiontest.NewServer(t, captured(t))
	srv.Refuse = true
	_, err := runClient(t, srv, Config{Account: "nobody", Password: "x"}, func(*Session) bool { return false })
	if !errors.Is(err, ErrRefused) {
		t.Fatalf("err = %v, want ErrRefused", err)
	}
	if want := "the account does not exist"; !bytes.Contains([]byte(err.Error()), []byte(want)) {
		t.Errorf("err = %v, want it to say %q", err, want)
	}
}

// TestLoopbackUnknownCharacter: a --character the account does not have
// ends the session with ErrRefused naming the characters it does have,
// and the client tells the server it is leaving (without the Disconnect
// the server would hold the account's session until its own timeout).
func TestLoopbackUnknownCharacter(t *testing.T) {
	srv := sessiontest.NewServer(t, captured(t))
	_, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats", Character: "Nobody"},
		func(*Session) bool { return false })
	if !errors.Is(err, ErrRefused) {
		t.Fatalf("err = %v, want ErrRefused", err)
	}
	for _, want := range []string{`"Nobody"`, "Treestats"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want it to name %s", err, want)
		}
	}
	waitDisconnect(t, srv)
}

func TestLoopbackSilentServer(t *testing.T) {
	srv := sessiontest.NewServer(t, captured(t))
	srv.Silent = true
	start := time.Now()
	_, err := runClient(t, srv, Config{Account: "a", Password: "b", LoginTimeout: 300 * time.Millisecond, Timeout: time.Second},
		func(*Session) bool { return false })
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("timed out after %v, want about 300 ms", d)
	}
}

// TestLoopbackTimeSyncEchoFlow: like the retail client, the session's
// periodic packets carry Flow (the bytes received since the last report:
// on a clean link they add up to what the server had sent, never more),
// TimeSync (the
// server's clock from its TimeSync plus the time since: never behind it,
// never ahead of the wall time that passed, and rising) and EchoRequest,
// which the server answers with an encrypted EchoResponse from which the
// client takes the round trip.
func TestLoopbackTimeSyncEchoFlow(t *testing.T) {
	srv := sessiontest.NewServer(t, captured(t))
	start := time.Now()
	var elapsed time.Duration
	s, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats", EchoInterval: 40 * time.Millisecond}, func(s *Session) bool {
		elapsed = time.Since(start)
		return s.Entered() && s.Stats().EchoesAnswered >= 3
	})
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	waitDisconnect(t, srv)
	st := s.Stats()
	srv.Lock()
	defer srv.Unlock()
	t.Logf("client: bytes in %d, flow reported %d, timesyncs %d, echoes %d/%d, rtt %v; server: echoes %d, flow %d, sent %d, timesyncs %d",
		st.BytesIn, st.FlowReported, st.TimeSyncs, st.EchoesAnswered, st.EchoesSent, st.RTT, srv.EchoRequests, srv.FlowBytes, srv.BytesSent, len(srv.TimeSyncs))
	if srv.ClientBad != 0 || st.ChecksumBad != 0 {
		t.Errorf("bad checksums: server saw %d, client %d", srv.ClientBad, st.ChecksumBad)
	}
	if st.EchoesAnswered < 3 || srv.EchoRequests < st.EchoesAnswered || st.EchoesSent < srv.EchoRequests {
		t.Errorf("echoes: client sent %d, server answered %d, client took %d answers", st.EchoesSent, srv.EchoRequests, st.EchoesAnswered)
	}
	if st.RTT <= 0 || st.RTT > time.Second {
		t.Errorf("round trip %v, want a loopback's (0, 1 s]", st.RTT)
	}
	if st.TimeSyncs == 0 || len(srv.TimeSyncs) == 0 {
		t.Fatalf("TimeSyncs: the client took %d, sent %d", st.TimeSyncs, len(srv.TimeSyncs))
	}
	for i, ts := range srv.TimeSyncs {
		if ts < srv.ServerTime || ts > srv.ServerTime+elapsed.Seconds()+0.5 {
			t.Errorf("client TimeSync %d = %.3f, want within [%.3f, +%v]", i, ts, srv.ServerTime, elapsed)
		}
		if i > 0 && ts <= srv.TimeSyncs[i-1] {
			t.Errorf("client TimeSync %d = %.6f does not rise from %.6f", i, ts, srv.TimeSyncs[i-1])
		}
	}
	if srv.FlowBytes == 0 || srv.FlowBytes != st.FlowReported {
		t.Errorf("Flow: the server read %d bytes reported, the client reported %d", srv.FlowBytes, st.FlowReported)
	}
	// After the client has stopped reading, the server may still answer
	// its last packets: up to three acks (24 bytes each) and two
	// EchoResponses (the client echoes every 40 ms here). Nothing else is
	// lost on a clean link.
	tail := 3*24 + 2*srv.EchoResponseBytes
	if st.BytesIn > srv.BytesSent || st.BytesIn < srv.BytesSent-tail || st.FlowReported > st.BytesIn {
		t.Errorf("bytes: the server sent %d, the client received %d and reported %d", srv.BytesSent, st.BytesIn, st.FlowReported)
	}
}

// TestConfigDefaults pins ACE's pacing and timeouts: 15 s of silence ends
// a login, 60 s a session in the world.
func TestConfigDefaults(t *testing.T) {
	var c Config
	c.defaults()
	if c.LoginTimeout != 15*time.Second || c.Timeout != 60*time.Second {
		t.Errorf("timeouts %v at login, %v after; want 15s and 60s", c.LoginTimeout, c.Timeout)
	}
	if c.AckInterval != 2*time.Second || c.NAKInterval != time.Second || c.EchoInterval != 4*time.Second {
		t.Errorf("acks every %v, NAKs every %v, echoes every %v; want 2s, 1s, 4s", c.AckInterval, c.NAKInterval, c.EchoInterval)
	}
}

// TestLoopbackTimeouts: once in the world the session's timeout, not the
// login's, applies. A server silent for longer than the login timeout
// but less than the session's leaves the session running; one silent for
// longer than the session's ends it with ErrTimeout naming the limit.
// (The limits are scaled down from ACE's 15 s and 60 s.)
func TestLoopbackTimeouts(t *testing.T) {
	tests := []struct {
		name             string
		login, inWorld   time.Duration
		silence          time.Duration
		wantTimeout      bool
		wantMsg          string
		minWait, maxWait time.Duration
	}{
		{"silence longer than the login timeout", 150 * time.Millisecond, 2 * time.Second, 500 * time.Millisecond, false, "", 0, 0},
		{"silence longer than the session timeout", 3 * time.Second, 300 * time.Millisecond, 0, true, "silent for 300ms", 250 * time.Millisecond, 1500 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := sessiontest.NewServer(t, captured(t))
			var silentAt time.Time
			resumed := false
			s, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats", LoginTimeout: tt.login, Timeout: tt.inWorld}, func(s *Session) bool {
				switch {
				case !s.Entered():
				case silentAt.IsZero():
					silentAt = time.Now()
					srv.SetSilent(true)
				case tt.silence > 0 && !resumed && time.Since(silentAt) > tt.silence:
					srv.SetSilent(false)
					resumed = true
				case resumed:
					return s.Stats().EchoesAnswered > 0 // still healthy
				}
				return false
			})
			// The client last heard the server up to one poll (10 ms) and
			// one server pace (20 ms) before silentAt.
			waited := time.Since(silentAt)
			if !tt.wantTimeout {
				if err != nil || !resumed {
					t.Fatalf("session: %v (resumed %v), want it to outlast %v of silence", err, resumed, tt.silence)
				}
				return
			}
			if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), tt.wantMsg) {
				t.Fatalf("err = %v, want ErrTimeout saying %q", err, tt.wantMsg)
			}
			if waited < tt.minWait || waited > tt.maxWait {
				t.Errorf("timed out %v after the silence began, want within [%v, %v]", waited, tt.minWait, tt.maxWait)
			}
			if !s.Entered() {
				t.Error("the session had not entered the world")
			}
		})
	}
}

// TestLoopbackServerDisconnect: a Disconnect from the server ends the
// session with an error saying so.
func TestLoopbackServerDisconnect(t *testing.T) {
	srv := sessiontest.NewServer(t, captured(t))
	sent := false
	_, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats"}, func(s *Session) bool {
		if s.Entered() && !sent {
			srv.Disconnect()
			sent = true
		}
		return false
	})
	if err == nil || !strings.Contains(err.Error(), "the server disconnected") {
		t.Fatalf("err = %v, want the server's disconnect", err)
	}
}

// TestLoopbackMalformedKeepsSession: datagrams that do not decode or
// whose checksum is wrong, sent into a healthy session, are counted and
// dropped; the session goes on (its echoes are still answered) and
// applies nothing from them.
func TestLoopbackMalformedKeepsSession(t *testing.T) {
	srv := sessiontest.NewServer(t, captured(t))
	srv.Permissive = true // it injects faults
	good := acnet.Packet{Header: acnet.Header{Seq: 5000, Flags: acnet.Disconnect, ID: acnet.ServerID, Iteration: 1}}
	forged := acnet.Encode(nil, &good, 0)
	forged[8] ^= 1 // a Disconnect with a wrong plain checksum
	keyed := acnet.Packet{Header: acnet.Header{Seq: 90, Flags: acnet.EncryptedChecksum | acnet.Disconnect, ID: acnet.ServerID, Iteration: 1}}
	bad := [][]byte{
		nil, {0x01}, make([]byte, 19), // shorter than a header
		forged,                                  // bad plain checksum
		acnet.Encode(nil, &keyed, 0x1234),       // a key the window does not hold
		append(bytes.Clone(forged), 0, 0, 0, 0), // size disagrees with the header
		func() []byte { // a NAK list claiming 2^30 entries
			b := acnet.Encode(nil, &acnet.Packet{Header: acnet.Header{Flags: acnet.RequestRetransmit}, Optional: acnet.Optional{Retransmit: []uint32{1}}}, 0)
			b[20], b[23] = 0, 0x40
			return b
		}(),
	}
	injected, answeredBefore := false, 0
	s, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats", EchoInterval: 30 * time.Millisecond}, func(s *Session) bool {
		if !s.Entered() {
			return false
		}
		if !injected {
			for _, b := range bad {
				srv.Inject(b)
			}
			injected, answeredBefore = true, s.Stats().EchoesAnswered
			return false
		}
		st := s.Stats()
		return st.Malformed+st.ChecksumBad >= len(bad) && st.EchoesAnswered > answeredBefore+1
	})
	if err != nil {
		t.Fatalf("a malformed datagram ended the session: %v", err)
	}
	st := s.Stats()
	// The three short ones, the size mismatch and the NAK list do not
	// decode; the forged checksums are bad.
	if st.Malformed != 5 || st.ChecksumBad != 2 {
		t.Errorf("malformed %d, bad checksums %d; want 5 and 2", st.Malformed, st.ChecksumBad)
	}
}

// TestLoopbackFlood: a server that floods the session with correctly
// keyed packets — fragments of 16-part messages that never complete,
// fragments of messages claiming 65,535 parts, gaps in its sequence —
// cannot make it hold more than the reassembly budget, and nothing is
// dropped silently: the first verified fragment past the budget ends the
// session with ErrLost, saying how many messages were lost and which
// bound was hit, and the client tells the server it is leaving.
func TestLoopbackFlood(t *testing.T) {
	srv := sessiontest.NewServer(t, captured(t))
	srv.Permissive = true // it injects faults
	flooded, floodBytes := false, 0
	s, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats", EchoInterval: 30 * time.Millisecond}, func(s *Session) bool {
		if !s.Entered() {
			return false
		}
		if st := s.Stats(); st.Held > acnet.DefaultBudget.Bytes {
			t.Fatalf("the session holds %d bytes, over its %d budget", st.Held, acnet.DefaultBudget.Bytes)
		}
		if !flooded {
			floodBytes = srv.Flood(4000)
			flooded = true
		}
		return false
	})
	if !errors.Is(err, ErrLost) || !strings.Contains(err.Error(), "1 server messages lost") || !strings.Contains(err.Error(), "reassembly budget") {
		t.Fatalf("err = %v, want ErrLost naming the reassembly budget", err)
	}
	waitDisconnect(t, srv)
	st := s.Stats()
	t.Logf("flood of %d bytes: held %d bytes in %d messages, %d fragments refused, gave up on %d, %d NAKs; %v",
		floodBytes, st.Held, st.Pending, st.FragmentErrors, st.GaveUp, st.NAKsSent, err)
	if st.Held > acnet.DefaultBudget.Bytes || st.Held < acnet.DefaultBudget.Bytes/2 || st.Lost != 1 {
		t.Errorf("held %d bytes (budget %d), lost %d: want the budget reached and one message lost", st.Held, acnet.DefaultBudget.Bytes, st.Lost)
	}
	if st.ChecksumBad != 0 || st.Malformed != 0 {
		t.Errorf("bad checksums %d, malformed %d: the flood is correctly keyed", st.ChecksumBad, st.Malformed)
	}
}

// TestTimeSyncRejectsBadValues: a server TimeSync of NaN, ±Inf, zero or
// a negative time never becomes the session's clock estimate (nor the
// TimeSync it sends back); a finite one does.
func TestTimeSyncRejectsBadValues(t *testing.T) {
	s, keys := fuzzSession(t)
	seq := uint32(1)
	feed := func(ts float64) {
		seq++
		p := acnet.Packet{Header: acnet.Header{Seq: seq, Flags: acnet.EncryptedChecksum | acnet.TimeSync, ID: acnet.ServerID},
			Optional: acnet.Optional{TimeSync: ts}}
		s.handle(acnet.Encode(nil, &p, keys.Next()), s.worldAt, s.start)
	}
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, -5} {
		feed(bad)
		if st, ok := s.ServerTimeAt(s.start); ok {
			t.Fatalf("TimeSync %v taken: the clock estimate is %v", bad, st)
		}
	}
	feed(280811858.63)
	if st, ok := s.ServerTimeAt(s.start.Add(2 * time.Second)); !ok || st != 280811860.63 {
		t.Fatalf("clock estimate %v (%v), want the TimeSync plus 2 s", st, ok)
	}
	if s.Stats().TimeSyncs != 1 {
		t.Errorf("%d TimeSyncs taken, want 1", s.Stats().TimeSyncs)
	}
}

// TestInboxBudget: messages wait for the simulation's Drain within a
// budget; a simulation that stops draining while the server keeps
// sending ends the session with ErrBehind, naming the budget, instead of
// holding everything or dropping what the world needs.
func TestInboxBudget(t *testing.T) {
	srv := sessiontest.NewServer(t, captured(t))
	s, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats", InboxBudget: 8 << 10}, func(s *Session) bool { return false })
	if !errors.Is(err, ErrBehind) || !strings.Contains(err.Error(), "8192-byte budget") {
		t.Fatalf("err = %v, want ErrBehind naming the 8192-byte budget", err)
	}
	held := 0
	s.Drain(func(protocol.Message) { held++ })
	if held == 0 || held >= 168 {
		t.Errorf("%d messages were waiting, want some, not all 168 the server sent", held)
	}
}

// TestNewRejectsBadAddresses: an address without a host, or whose port
// pair (port, port + 1) does not fit, is refused before anything is sent;
// before, ":9000" failed on the first write and port 65535 waited out the
// login timeout sending its ConnectResponse nowhere.
func TestNewRejectsBadAddresses(t *testing.T) {
	for _, tt := range []struct{ addr, want string }{
		{":9000", "no host"},
		{"127.0.0.1:65535", "port 65535 is not 1–65534"},
		{"127.0.0.1:0", "port 0 is not 1–65534"},
	} {
		s, err := New(Config{Addr: tt.addr, Account: "a", Password: "b"})
		if err == nil {
			s.conn.Close()
			t.Errorf("%q: accepted", tt.addr)
		} else if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want it to say %q", tt.addr, err, tt.want)
		}
	}
	s, err := New(Config{Addr: "127.0.0.1", Account: "a", Password: "b"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.conn.Close()
	if s.login.Port != 9000 || s.world.Port != 9001 {
		t.Errorf("default ports %d, %d; want 9000, 9001", s.login.Port, s.world.Port)
	}
}
