package session

import (
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	acnet "github.com/dereth/dereth/net"
	"github.com/dereth/dereth/net/session/sessiontest"
	"github.com/dereth/dereth/protocol"
)

// TestLoopbackOnlyTheServerSpeaks: in a session in the world,
//   - from another local port: a correctly keyed Disconnect (the server's
//     next key), a plain Disconnect 5,000 seqs ahead and junk are dropped
//     first and counted as foreign: the session goes on;
//   - from the server's own port: a plain Disconnect and a plain ack
//     5,000 seqs ahead neither end the session nor move its sequence;
//   - then the server falls silent while junk from another port and
//     plain acks from the server's port arrive every 20 ms: the session
//     still times out, as no keyed packet came.
func TestLoopbackOnlyTheServerSpeaks(t *testing.T) {
	srv := sessiontest.NewServer(t, captured(t))
	srv.Permissive = true // it injects faults
	forger, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer forger.Close()
	plain := func(seq uint32, flags acnet.Flags) []byte {
		return acnet.Encode(nil, &acnet.Packet{Header: acnet.Header{Seq: seq, Flags: flags, ID: acnet.ServerID, Iteration: 1}}, 0)
	}
	phase, high := 0, uint32(0)
	var silentAt time.Time
	stop := make(chan struct{})
	defer close(stop)
	s, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats", LoginTimeout: 300 * time.Millisecond, Timeout: 400 * time.Millisecond,
		EchoInterval: 30 * time.Millisecond}, func(s *Session) bool {
		st := s.Stats()
		switch {
		case phase == 0 && s.Entered() && st.EchoesAnswered > 0:
			to := srv.ClientAddr()
			forger.WriteToUDP(srv.Keyed(acnet.Packet{Header: acnet.Header{Flags: acnet.Disconnect}}), to)
			forger.WriteToUDP(plain(5000, acnet.Disconnect), to)
			forger.WriteToUDP([]byte("junk"), to)
			srv.Inject(plain(5000, acnet.Disconnect))
			srv.Inject(plain(5000, acnet.AckSequence))
			phase = 1
		case phase == 1 && st.Foreign == 3 && st.Ignored == 1 && st.EchoesAnswered > 3:
			high = s.serverHighSeen()
			srv.SetSilent(true)
			silentAt = time.Now()
			go func() {
				for {
					select {
					case <-stop:
						return
					case <-time.After(20 * time.Millisecond):
						forger.WriteToUDP([]byte("junk"), srv.ClientAddr())
						srv.Inject(plain(5001, acnet.AckSequence))
					}
				}
			}()
			phase = 2
		}
		return false
	})
	if phase != 2 {
		t.Fatalf("phase %d: the session ended before the test reached the silence: %v", phase, err)
	}
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want a timeout: datagrams from elsewhere or plain ones kept the session alive", err)
	}
	if d := time.Since(silentAt); d > 2*time.Second {
		t.Errorf("timed out %v after the silence, want about 400 ms", d)
	}
	st := s.Stats()
	if high >= 5000 || st.Foreign < 4 || st.Ignored != 1 || st.ChecksumBad != 0 {
		t.Errorf("server seq seen %d; foreign %d, ignored %d, bad checksums %d", high, st.Foreign, st.Ignored, st.ChecksumBad)
	}
}

// serverHighSeen is the highest server seq the session took (for tests).
func (s *Session) serverHighSeen() uint32 { return s.serverHigh }

// TestLoopbackSeedSwitch: a server whose packets stop verifying (it keys
// them with another seed) ends the session after BadChecksumLimit of
// them in a row, with ErrKeyStream and a message saying what happened.
func TestLoopbackSeedSwitch(t *testing.T) {
	srv := sessiontest.NewServer(t, captured(t))
	srv.Permissive = true
	switched := false
	s, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats", BadChecksumLimit: 20}, func(s *Session) bool {
		if s.Entered() && !switched {
			switched = true
			srv.SwitchSeed(0xBAD5EED)
			for range 30 {
				srv.Send(acnet.Packet{Header: acnet.Header{Flags: acnet.TimeSync}, Optional: acnet.Optional{TimeSync: 1}})
			}
		}
		return false
	})
	if !errors.Is(err, ErrKeyStream) || !strings.Contains(err.Error(), "20 packets in a row") || !strings.Contains(err.Error(), "seed switch") {
		t.Fatalf("err = %v, want ErrKeyStream after 20 bad checksums", err)
	}
	if st := s.Stats(); st.ChecksumBad != 20 || st.BadRun != 20 {
		t.Errorf("bad checksums %d (run %d), want 20", st.ChecksumBad, st.BadRun)
	}
	waitDisconnect(t, srv)
}

// creates returns n small CreateObject messages (items in a pack: no
// position) with guids from base.
func creates(n int, base uint32) [][]byte {
	out := make([][]byte, n)
	for i := range out {
		co := protocol.CreateObject{Guid: base + uint32(i), Model: protocol.ObjDesc{Marker: 0x11},
			Weenie: protocol.WeenieDesc{Name: "Flood", WeenieClassID: 1, ItemType: 0x80}}
		out[i] = co.Encode(nil)
	}
	return out
}

// lossyLogin runs a login that receives extra CreateObjects after the
// capture's and returns the guids of every CreateObject drained, in order.
func lossyLogin(t *testing.T, srv *sessiontest.Server, want int) ([]uint32, *Session, error) {
	var got []uint32
	collect := func(d protocol.Message) {
		if co, ok := d.(*protocol.CreateObject); ok {
			got = append(got, co.Guid)
		}
	}
	s, err := runClientFor(t, srv, Config{Account: "treestats", Password: "treestats", LoginTimeout: 5 * time.Second, Timeout: 5 * time.Second},
		40*time.Second, func(s *Session) bool {
			s.Drain(collect)
			return len(got) >= want
		})
	s.Drain(collect)
	return got, s, err
}

// wantGUIDs is the capture's CreateObjects then the extra ones, in order.
func wantGUIDs(t *testing.T, n int, base uint32) []uint32 {
	want := createGUIDs(t, captured(t))
	for i := range n {
		want = append(want, base+uint32(i))
	}
	return want
}

// TestLoopbackOneLostThenMany: the measured case. One server
// packet lost (its first send) and 1,500 small CreateObjects behind it:
// the fragments that arrive meanwhile, far more than 1,024 messages
// ahead, are all kept, the resend fills the hole, and every object
// arrives once, in order.
func TestLoopbackOneLostThenMany(t *testing.T) {
	const n, base = 1500, 0x7F000000
	srv := sessiontest.NewServer(t, captured(t))
	srv.Extra = creates(n, base)
	lost := uint32(0)
	srv.Lose = func(p *acnet.Packet, attempt int) bool {
		if lost == 0 && len(p.Fragments) > 0 && p.Fragments[0].Seq > 170 {
			lost = p.Seq
		}
		return p.Seq == lost && attempt == 0
	}
	got, s, err := lossyLogin(t, srv, 136+n)
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	if want := wantGUIDs(t, n, base); !slices.Equal(got, want) {
		t.Errorf("CreateObjects: got %d, want %d in order", len(got), len(want))
	}
	if st := s.Stats(); st.NAKsSent == 0 || st.Lost != 0 || st.FragmentErrors != 0 {
		t.Errorf("NAKs %d, lost %d, fragment errors %d", st.NAKsSent, st.Lost, st.FragmentErrors)
	}
}

// TestLoopbackLostRunPastKeyWindow: 300 server packets in a row lost on
// their first send, more than ACE's 256-key window: the packet after them
// still verifies (its seq proves 300 keys were used), the resends verify
// with their original keys, and every object arrives.
func TestLoopbackLostRunPastKeyWindow(t *testing.T) {
	const n, base = 3000, 0x7F000000
	srv := sessiontest.NewServer(t, captured(t))
	srv.Extra = creates(n, base)
	first := uint32(0)
	srv.Lose = func(p *acnet.Packet, attempt int) bool {
		if first == 0 && len(p.Fragments) > 0 && p.Fragments[0].Seq > 170 {
			first = p.Seq
		}
		return first != 0 && p.Seq >= first && p.Seq < first+300 && attempt == 0
	}
	got, s, err := lossyLogin(t, srv, 136+n)
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	if want := wantGUIDs(t, n, base); !slices.Equal(got, want) {
		t.Errorf("CreateObjects: got %d, want %d in order", len(got), len(want))
	}
	if st := s.Stats(); st.ChecksumBad != 0 || st.Lost != 0 || srv.Dropped[1] < 300 {
		t.Errorf("bad checksums %d, lost %d, dropped %v", st.ChecksumBad, st.Lost, srv.Dropped)
	}
}

// TestLoopbackLossAndBursts: a 10,000-object login over a link that
// loses 20% of the datagrams both ways, the server sending in bursts of
// 300 packets: every object arrives, once, in order, and nothing is lost.
func TestLoopbackLossAndBursts(t *testing.T) {
	if testing.Short() {
		t.Skip("a 10,000-object login over a lossy link (-short)")
	}
	const n, base = 10000, 0x7F000000
	srv := sessiontest.NewServer(t, captured(t))
	srv.Extra = creates(n, base)
	srv.Loss, srv.Seed = 0.20, 23
	srv.Burst, srv.BurstGap = 300, 30*time.Millisecond
	got, s, err := lossyLogin(t, srv, 136+n)
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	if want := wantGUIDs(t, n, base); !slices.Equal(got, want) {
		t.Errorf("CreateObjects: got %d, want %d in order", len(got), len(want))
	}
	st := s.Stats()
	srv.Lock()
	defer srv.Unlock()
	t.Logf("client: verified %d, dropped %d, NAKs %d, resent %d; server dropped %v, resent %d; read buffer %d", st.ChecksumOK, st.Dropped(), st.NAKsSent, st.Resent, srv.Dropped, srv.Resent, st.ReadBuffer)
	if st.ChecksumBad != 0 || st.Lost != 0 || srv.Dropped[1] < 300 {
		t.Errorf("bad checksums %d, lost %d, server datagrams dropped %d", st.ChecksumBad, st.Lost, srv.Dropped[1])
	}
}

// TestLoopbackLostForGood: a server packet carrying messages is lost and
// the server will not send it again (RejectRetransmit): every later
// message arrives and waits behind the hole, and after StallTimeout the
// session ends with ErrLost saying how many messages were lost (the
// lost packet's), never running on with nothing delivered.
func TestLoopbackLostForGood(t *testing.T) {
	const n, base = 60, 0x7F000000
	srv := sessiontest.NewServer(t, captured(t))
	srv.Extra = creates(n, base)
	lost, inLost := uint32(0), 0
	srv.Lose = func(p *acnet.Packet, attempt int) bool {
		if lost == 0 && len(p.Fragments) > 0 && p.Fragments[0].Seq > 170 {
			lost, inLost = p.Seq, len(p.Fragments)
		}
		return p.Seq == lost
	}
	srv.Reject = func(seq uint32) bool { return seq == lost }
	s, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats", StallTimeout: 300 * time.Millisecond}, func(*Session) bool { return false })
	if !errors.Is(err, ErrLost) || !strings.Contains(err.Error(), "never came") {
		t.Fatalf("err = %v, want ErrLost for a message that never came", err)
	}
	st := s.Stats()
	if inLost == 0 || st.Lost != inLost || !strings.Contains(err.Error(), fmt.Sprintf("%d server messages lost", inLost)) {
		t.Errorf("lost %d (%v), want the %d messages of the rejected packet", st.Lost, err, inLost)
	}
	waitDisconnect(t, srv)
}
