package session

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/captures"
	acnet "github.com/dereth/dereth/net"
	"github.com/dereth/dereth/net/capture"
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

// replayServer plays the captured server packets back over loopback UDP.
type replayServer struct {
	t            *testing.T
	login, world *net.UDPConn
	packets      [][]byte // server packets after the ConnectRequest
	connect      []byte
	seeds        acnet.ConnectRequestBody
	refuse       bool // answer the ConnectResponse with a CharacterError
	silent       bool // never answer

	mu                        sync.Mutex
	clientBad, clientOK       int
	actions                   map[uint32]int // GameAction types seen
	disconnected, loginChecks bool
}

func newReplayServer(t *testing.T, ds []capture.Datagram) *replayServer {
	s := &replayServer{t: t, actions: map[uint32]int{}}
	var p acnet.Packet
	for _, d := range ds {
		if !d.FromServer {
			continue
		}
		acnet.Decode(d.Payload, &p)
		if p.Flags&acnet.ConnectRequest != 0 {
			s.connect, s.seeds = d.Payload, p.Connect
			continue
		}
		s.packets = append(s.packets, d.Payload)
	}
	// A port pair on 127.0.0.1 (bounded retries).
	for range 20 {
		l, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
		if err != nil {
			t.Fatal(err)
		}
		port := l.LocalAddr().(*net.UDPAddr).Port
		w, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: port + 1})
		if err == nil {
			s.login, s.world = l, w
			t.Cleanup(func() { l.Close(); w.Close() })
			return s
		}
		l.Close()
	}
	t.Fatal("no free port pair on 127.0.0.1")
	return nil
}

func (s *replayServer) addr() string { return s.login.LocalAddr().String() }

// serve answers until the deadline; it stops by itself.
func (s *replayServer) serve(deadline time.Time) {
	type in struct {
		b     []byte
		from  *net.UDPAddr
		world bool
	}
	ch := make(chan in, 256)
	var wg sync.WaitGroup
	for i, c := range []*net.UDPConn{s.login, s.world} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 2048)
			c.SetReadDeadline(deadline)
			for {
				n, from, err := c.ReadFromUDP(buf)
				if err != nil {
					return
				}
				ch <- in{bytes.Clone(buf[:n]), from, i == 1}
			}
		}()
	}
	go func() { wg.Wait(); close(ch) }()
	keys := acnet.NewKeyWindow(s.seeds.ClientSeed)
	streamed := false
	var p acnet.Packet
	for m := range ch {
		if s.silent {
			continue
		}
		if err := acnet.Decode(m.b, &p); err != nil {
			s.t.Errorf("client packet does not decode: %v", err)
			continue
		}
		ok := p.VerifyPlain()
		if p.Flags&acnet.EncryptedChecksum != 0 {
			ok = keys.Match(p.Key())
		}
		s.mu.Lock()
		if ok {
			s.clientOK++
		} else {
			s.clientBad++
		}
		for _, f := range p.Fragments {
			if len(f.Data) >= 12 && binary.LittleEndian.Uint32(f.Data) == 0xF7B1 {
				s.actions[binary.LittleEndian.Uint32(f.Data[8:])]++
			}
		}
		if p.Flags&acnet.Disconnect != 0 {
			s.disconnected = true
		}
		s.mu.Unlock()
		switch {
		case p.Flags&acnet.LoginRequest != 0 && !m.world:
			s.login.WriteToUDP(s.connect, m.from)
		case p.Flags&acnet.ConnectResponse != 0 && m.world && !streamed:
			streamed = true
			if p.ConnectResponse != s.seeds.Cookie {
				s.t.Errorf("ConnectResponse cookie 0x%X, want 0x%X", p.ConnectResponse, s.seeds.Cookie)
			}
			if s.refuse {
				s.world.WriteToUDP(s.refusal(), m.from)
				continue
			}
			for i, b := range s.packets {
				s.world.WriteToUDP(b, m.from)
				if i%16 == 15 {
					time.Sleep(time.Millisecond) // keep the loopback buffer from overflowing
				}
			}
		}
	}
}

// refusal is the server's first encrypted packet carrying a CharacterError
// (account does not exist), keyed with the server's first ISAAC key.
func (s *replayServer) refusal() []byte {
	g := acnet.NewISAAC(s.seeds.ServerSeed)
	msg := (&acnet.CharacterError{Code: 0x0A}).Encode(nil)
	p := acnet.Packet{Header: acnet.Header{Seq: 2, Flags: acnet.EncryptedChecksum | acnet.BlobFragments, ID: acnet.ServerID, Iteration: 1},
		Fragments: []acnet.Fragment{{Seq: 0, ID: 0x80000000, Count: 1, Queue: 9, Data: msg}}}
	return acnet.Encode(nil, &p, g.Next())
}

func runClient(t *testing.T, srv *replayServer, cfg Config, until func(*Session) bool) (*Session, error) {
	cfg.Addr = srv.addr()
	if cfg.LoginTimeout == 0 {
		cfg.LoginTimeout, cfg.Timeout = 2*time.Second, 2*time.Second
	}
	cfg.ConnectDelay, cfg.ConnectResend = 10*time.Millisecond, 50*time.Millisecond
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	go srv.serve(deadline)
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
	srv := newReplayServer(t, ds)
	var creates int
	s, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats"}, func(s *Session) bool {
		return s.Stats().Messages[0xF745] == 136
	})
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	s.Drain(func(d acnet.Decoded) {
		if d.World != nil && d.World.Name() == "CreateObject" {
			creates++
		}
	})
	st := s.Stats()
	if !s.Entered() || creates != 136 || st.ChecksumBad != 0 || st.ChecksumOK != st.ServerPackets {
		t.Errorf("entered %v, CreateObjects drained %d, server packets %d (ok %d, bad %d)", s.Entered(), creates, st.ServerPackets, st.ChecksumOK, st.ChecksumBad)
	}
	time.Sleep(50 * time.Millisecond) // the Disconnect in flight
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.clientBad != 0 || srv.clientOK == 0 {
		t.Errorf("client checksums: %d ok, %d bad", srv.clientOK, srv.clientBad)
	}
	if srv.actions[0xA1] != 1 {
		t.Errorf("LoginComplete sent %d times, want 1", srv.actions[0xA1])
	}
	if !srv.disconnected {
		t.Error("no Disconnect from the client")
	}
}

func TestLoopbackRefusedLogin(t *testing.T) {
	srv := newReplayServer(t, captured(t))
	srv.refuse = true
	_, err := runClient(t, srv, Config{Account: "nobody", Password: "x"}, func(*Session) bool { return false })
	if !errors.Is(err, ErrRefused) {
		t.Fatalf("err = %v, want ErrRefused", err)
	}
	if want := "the account does not exist"; !bytes.Contains([]byte(err.Error()), []byte(want)) {
		t.Errorf("err = %v, want it to say %q", err, want)
	}
}

func TestLoopbackSilentServer(t *testing.T) {
	srv := newReplayServer(t, captured(t))
	srv.silent = true
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
