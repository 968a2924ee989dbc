package session

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/captures"
	acnet "github.com/dereth/dereth/net"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session/sessiontest"
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
	cfg.Addr = srv.Addr()
	if cfg.LoginTimeout == 0 {
		cfg.LoginTimeout, cfg.Timeout = 2*time.Second, 2*time.Second
	}
	cfg.ConnectDelay, cfg.ConnectResend = 10*time.Millisecond, 50*time.Millisecond
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
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
	srv.Lock()
	defer srv.Unlock()
	if srv.ClientBad != 0 || srv.ClientOK == 0 {
		t.Errorf("client checksums: %d ok, %d bad", srv.ClientOK, srv.ClientBad)
	}
	if srv.Actions[0xA1] != 1 {
		t.Errorf("LoginComplete sent %d times, want 1", srv.Actions[0xA1])
	}
	if !srv.Disconnected {
		t.Error("no Disconnect from the client")
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
