// Package sessiontest is a loopback AC server for tests: it plays a
// captured session's server packets back to a client.
package sessiontest

import (
	"bytes"
	"encoding/binary"
	"net"
	"sync"
	"testing"
	"time"

	acnet "github.com/dereth/dereth/net"
	"github.com/dereth/dereth/net/capture"
)

// Server plays the captured server packets back over loopback UDP, on a
// port pair on 127.0.0.1: it answers the LoginRequest with the captured
// ConnectRequest and the ConnectResponse with every other captured server
// packet, and checks each client packet's checksum with its own ISAAC
// state for the client seed. Serve stops by itself at its deadline.
type Server struct {
	t            testing.TB
	login, world *net.UDPConn
	packets      [][]byte // server packets after the ConnectRequest
	connect      []byte
	seeds        acnet.ConnectRequestBody
	Refuse       bool // answer the ConnectResponse with a CharacterError
	Silent       bool // never answer

	mu sync.Mutex
	// ClientBad and ClientOK count client packets by checksum; Actions
	// counts GameAction types; Disconnected is set by a client Disconnect.
	ClientBad, ClientOK int
	Actions             map[uint32]int
	Disconnected        bool
}

// NewServer returns a server for the captured datagrams ds, cleaned up
// with t.
func NewServer(t testing.TB, ds []capture.Datagram) *Server {
	s := &Server{t: t, Actions: map[uint32]int{}}
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

// Addr is the login address.
func (s *Server) Addr() string { return s.login.LocalAddr().String() }

// Lock and Unlock guard the counters while Serve runs.
func (s *Server) Lock() { s.mu.Lock() }

// Unlock releases Lock.
func (s *Server) Unlock() { s.mu.Unlock() }

// Serve answers until the deadline; it stops by itself.
func (s *Server) Serve(deadline time.Time) {
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
		if s.Silent {
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
			s.ClientOK++
		} else {
			s.ClientBad++
		}
		for _, f := range p.Fragments {
			if len(f.Data) >= 12 && binary.LittleEndian.Uint32(f.Data) == 0xF7B1 {
				s.Actions[binary.LittleEndian.Uint32(f.Data[8:])]++
			}
		}
		if p.Flags&acnet.Disconnect != 0 {
			s.Disconnected = true
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
			if s.Refuse {
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
func (s *Server) refusal() []byte {
	g := acnet.NewISAAC(s.seeds.ServerSeed)
	msg := (&acnet.CharacterError{Code: 0x0A}).Encode(nil)
	p := acnet.Packet{Header: acnet.Header{Seq: 2, Flags: acnet.EncryptedChecksum | acnet.BlobFragments, ID: acnet.ServerID, Iteration: 1},
		Fragments: []acnet.Fragment{{Seq: 0, ID: 0x80000000, Count: 1, Queue: 9, Data: msg}}}
	return acnet.Encode(nil, &p, g.Next())
}
