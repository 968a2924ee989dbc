// Package sessiontest is a loopback AC server for tests: it plays a
// captured session's server packets back to a client, in the captured
// order and gated on the client's messages as the capture has them, over
// a link that can lose, repeat and reorder datagrams.
package sessiontest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"maps"
	"net"
	"sync"
	"testing"
	"time"

	acnet "github.com/dereth/dereth/net"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/protocol"
)

// Server plays the captured server packets back over loopback UDP, on a
// port pair on 127.0.0.1: it answers a LoginRequest with the captured
// ConnectRequest and the first ConnectResponse with the captured server
// packets that came before the client's first message; every later
// captured server packet goes only once the client sent the required
// message that preceded it in the capture (the retail order: DDD
// response 0xF7E6, the DDD end's echo 0xF7EA, 0xF7C8, 0xF657, then
// LoginComplete). A client message out of that order fails the test
// (Fail); the other GameActions are optional but only after 0xF657.
// Permissive plays every captured packet at once and checks no order,
// for the tests that inject faults. It checks each client packet's checksum with its own
// ISAAC state for the client seed. Like ACE it keeps its packets for
// resends (the client's NAKs are answered with the captured packet, flagged
// Retransmission and keyed as before, or RejectRetransmit for a seq it
// never had), acks with its last seq so the client can see a lost last
// packet, NAKs the gaps in the client's sequence, and answers each
// EchoRequest with an encrypted EchoResponse of its own, keyed with the
// server's ISAAC keys after the captured ones. SetSilent, Disconnect,
// Inject and Flood make it misbehave while it runs. Serve stops by itself
// at its deadline.
//
// Set the fields before Serve; read the counters under Lock while it runs.
type Server struct {
	t            testing.TB
	login, world *net.UDPConn
	packets      [][]byte // server packets after the ConnectRequest
	connect      []byte
	seeds        acnet.ConnectRequestBody
	cached       map[uint32][]byte // encrypted server packets by seq
	lastSeq      uint32            // the highest captured server seq
	lastFrag     uint32            // the highest captured server message seq
	// gate[i] is how many of the client's required messages must have
	// arrived before packets[i] goes (in-order play).
	gate []int
	// order is the client's required messages in the captured order.
	order []msgKey

	// Permissive streams every captured packet at the ConnectResponse and
	// checks no message order (set before Serve).
	Permissive bool
	// Fail reports a client message out of the retail order (default:
	// the test's Errorf).
	Fail func(format string, args ...any)

	// Extra are world messages the server sends after the captured ones
	// (once the client sent LoginComplete), packed several to a keyed
	// packet as ACE packs them; Burst, when set, sends them Burst packets
	// at a time with BurstGap between.
	Extra    [][]byte
	Burst    int
	BurstGap time.Duration
	// ExtraPerPace, when Burst is unset, is how many packets of Extra go
	// per Pace tick (default 256: 12,800 packets a second at the default
	// Pace).
	ExtraPerPace int
	// Lose, when set, drops each server datagram it returns true for
	// (attempt counts the sends of the same seq, from 0), besides Loss.
	Lose func(p *acnet.Packet, attempt int) bool
	// Reject, when set, answers a NAK of each seq it returns true for
	// with RejectRetransmit, as for a packet the server no longer has.
	Reject func(seq uint32) bool

	Refuse bool // answer the ConnectResponse with a CharacterError
	// Silent: never answer (SetSilent changes it while Serve runs).
	Silent bool
	// DropLogins is how many LoginRequests are lost before one arrives.
	DropLogins int
	// Loss, Duplicate and Reorder are the chances that a datagram, in
	// either direction, is dropped, delivered twice, or held back until
	// the next one has passed. Each datagram's fate is a function of Seed,
	// its direction, what it carries (its first fragment's message
	// sequence and index; else its seq, or for the client's, which number
	// acks as they are timed, its flags) and how many times the same was
	// sent before, so a seed loses the same messages however the timing
	// falls.
	Loss, Duplicate, Reorder float64
	Seed                     uint64
	// Pace is how often the server acks, NAKs the client's gaps and
	// releases held datagrams (default 20 ms).
	Pace time.Duration

	// Serve's own state.
	keys       *acnet.KeyWindow
	sendKeys   *acnet.ISAAC // the server's keys after the captured ones
	reasm      *acnet.Reassembler
	client     *net.UDPAddr
	streamed   bool
	clientSeq  uint32 // the client's highest contiguous seq
	clientHigh uint32
	clientOOO  map[uint32]bool
	lastNAK    time.Time
	attempts   map[fateKey]int
	heldIn     []inbound
	heldOut    []outbound
	released   int // packets[:released] have gone
	captured   int // packets[:captured] are the captured ones
	// The captured state a new session starts from.
	capturedSeq, capturedFrag uint32
	capturedCache             map[uint32][]byte
	sends                     map[uint32]int
	sentHigh                  uint32 // the highest server seq sent (acks repeat it)
	clientAcked               uint32 // the highest server seq the client acked
	required                  int    // the client's required messages seen, in order

	mu sync.Mutex
	// ClientOK and ClientBad count client packets by checksum;
	// ClientDuplicates the client's sequenced packets that arrived again
	// (dropped before their checksum, whose key the first copy used).
	ClientBad, ClientOK, ClientDuplicates int
	// Actions counts the GameAction types of the client's reassembled
	// messages; Messages holds those messages in order.
	Actions  map[uint32]int
	Messages [][]byte
	// Disconnected is set by a client Disconnect.
	Disconnected bool
	// LoginRequests counts the client's LoginRequests.
	LoginRequests int
	// NAKsSent counts the server's requests for missing client packets;
	// Resent the server packets sent again for the client's NAKs;
	// Rejected the seqs it answered with RejectRetransmit.
	NAKsSent, Resent, Rejected int
	// EchoRequests counts the client's EchoRequests (each answered with
	// an encrypted EchoResponse, as ACE does); TimeSyncs holds the
	// client's TimeSync values in arrival order; FlowBytes sums the
	// client's Flow sections; BytesSent counts the bytes of every
	// datagram the server wrote to the client.
	EchoRequests int
	TimeSyncs    []float64
	FlowBytes    int
	BytesSent    int
	// EchoResponseBytes is the size of the largest EchoResponse datagram
	// written.
	EchoResponseBytes int
	// ServerTime is the server's clock in its first TimeSync (the
	// captured one).
	ServerTime float64
	// Dropped, Duplicated and Reordered count the link's faults by
	// direction: [0] client to server, [1] server to client.
	Dropped, Duplicated, Reordered [2]int
	// OutOfOrder counts the client messages out of the retail order.
	OutOfOrder int
	// LastSent is when the last of the packets to send (the captured
	// ones and Extra) went the first time.
	LastSent time.Time
	// Sessions counts the sessions served: a LoginRequest from a new
	// client address after a session streamed starts another (a
	// reconnect), from the captured packets again.
	Sessions int
}

// msgKey names a client message: its opcode, and a GameAction's type.
type msgKey struct{ op, action uint32 }

func (k msgKey) String() string {
	if k.op == 0xF7B1 {
		return fmt.Sprintf("GameAction 0x%04X", k.action)
	}
	return fmt.Sprintf("0x%04X", k.op)
}

func keyOf(b []byte) msgKey {
	var k msgKey
	if len(b) >= 4 {
		k.op = binary.LittleEndian.Uint32(b)
	}
	if k.op == 0xF7B1 && len(b) >= 12 {
		k.action = binary.LittleEndian.Uint32(b[8:])
	}
	return k
}

// required reports whether a client message is one of the retail login's
// fixed steps: the DDD answer and echo, the enter-game request, the
// character's entry and LoginComplete. Other GameActions are optional.
func (k msgKey) required() bool {
	switch k.op {
	case 0xF7E6, 0xF7EA, 0xF7C8, 0xF657:
		return true
	case 0xF7B1:
		return k.action == 0x00A1
	}
	return false
}

type inbound struct {
	b     []byte
	from  *net.UDPAddr
	world bool
}

type outbound struct {
	c  *net.UDPConn
	b  []byte
	to *net.UDPAddr
}

type fateKey struct {
	dir             int
	seq, frag, part uint32
	flags           acnet.Flags
}

// NewServer returns a server for the captured datagrams ds, cleaned up
// with t.
func NewServer(t testing.TB, ds []capture.Datagram) *Server {
	s := &Server{t: t, Actions: map[uint32]int{}, cached: map[uint32][]byte{}, clientOOO: map[uint32]bool{},
		attempts: map[fateKey]int{}, clientSeq: 1, reasm: acnet.NewReassembler(1, acnet.DefaultBudget)}
	// Follow the capture to gate each server packet on the client's
	// required messages before it.
	cs := capture.NewSession()
	cs.OnMessage = func(m *capture.Message) {
		if k := keyOf(m.Data); !m.FromServer && k.required() {
			s.order = append(s.order, k)
		}
	}
	var p acnet.Packet
	for i := range ds {
		d := &ds[i]
		cs.Feed(d)
		if !d.FromServer {
			continue
		}
		acnet.Decode(d.Payload, &p)
		if p.Flags&acnet.ConnectRequest != 0 {
			s.connect, s.seeds = d.Payload, p.Connect
			continue
		}
		if p.Flags&acnet.TimeSync != 0 && s.ServerTime == 0 {
			s.ServerTime = p.TimeSync
		}
		s.packets = append(s.packets, d.Payload)
		s.gate = append(s.gate, len(s.order))
		s.lastSeq = max(s.lastSeq, p.Seq)
		for _, f := range p.Fragments {
			s.lastFrag = max(s.lastFrag, f.Seq)
		}
		if p.Flags&acnet.EncryptedChecksum != 0 {
			s.cached[p.Seq] = d.Payload
		}
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
	ch := make(chan inbound, 256)
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
				ch <- inbound{bytes.Clone(buf[:n]), from, i == 1}
			}
		}()
	}
	go func() { wg.Wait(); close(ch) }()
	s.mu.Lock() // the test polls the counters (AllAcked) while Serve starts
	s.captured, s.capturedSeq, s.capturedFrag, s.capturedCache = len(s.packets), s.lastSeq, s.lastFrag, maps.Clone(s.cached)
	s.newSession()
	s.mu.Unlock()
	if s.Pace <= 0 {
		s.Pace = 20 * time.Millisecond
	}
	if s.Fail == nil {
		s.Fail = s.t.Errorf
	}
	tick := time.NewTicker(s.Pace)
	defer tick.Stop()
	for {
		select {
		case m, ok := <-ch:
			if !ok {
				return
			}
			s.mu.Lock()
			if s.Silent {
				s.mu.Unlock()
				continue
			}
			drop, dup, hold := s.fate(0, m.b)
			switch {
			case drop:
			case hold:
				s.heldIn = append(s.heldIn, m)
			default:
				s.receive(m)
				if dup {
					s.receive(m)
				}
				s.releaseIn()
			}
			s.mu.Unlock()
		case <-tick.C:
			s.mu.Lock()
			if s.Silent {
				s.mu.Unlock()
				continue
			}
			s.releaseIn()
			s.heartbeat()
			s.releaseOut()
			if s.streamed && !s.Refuse && s.released >= s.captured {
				s.release() // the next ExtraPerPace packets of Extra
			}
			s.mu.Unlock()
		}
	}
}

// fate decides what the link does to datagram b going in direction dir
// (0 to the server, 1 to the client), counting it.
func (s *Server) fate(dir int, b []byte) (drop, dup, hold bool) {
	if s.Loss == 0 && s.Duplicate == 0 && s.Reorder == 0 || len(b) < 8 {
		return false, false, false
	}
	var p acnet.Packet
	if acnet.Decode(b, &p) != nil {
		return false, false, false
	}
	k := fateKey{dir: dir, flags: p.Flags &^ acnet.Retransmission}
	switch {
	case len(p.Fragments) > 0:
		k.frag, k.part = p.Fragments[0].Seq, uint32(p.Fragments[0].Index)
	case dir == 1:
		k.seq = p.Seq
	}
	n := s.attempts[k]
	s.attempts[k]++
	h := s.Seed ^ uint64(dir)<<62 ^ uint64(k.seq)<<32 ^ uint64(k.frag)<<40 ^ uint64(k.part)<<20 ^ uint64(k.flags) ^ uint64(n)*0x9E3779B97F4A7C15
	chance := func() float64 {
		h = splitmix(h)
		return float64(h>>11) / (1 << 53)
	}
	drop, dup, hold = chance() < s.Loss, chance() < s.Duplicate, chance() < s.Reorder
	switch {
	case drop:
		s.Dropped[dir]++
		return true, false, false
	case dup:
		s.Duplicated[dir]++
		return false, true, false
	case hold:
		s.Reordered[dir]++
		return false, false, true
	}
	return false, false, false
}

func splitmix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// send writes b to the client over the faulty link.
func (s *Server) send(c *net.UDPConn, b []byte, to *net.UDPAddr) {
	if s.Lose != nil {
		var p acnet.Packet
		if acnet.Decode(b, &p) == nil && p.Flags&acnet.EncryptedChecksum != 0 {
			n := s.sends[p.Seq]
			s.sends[p.Seq]++
			if s.Lose(&p, n) {
				s.Dropped[1]++
				return
			}
		}
	}
	drop, dup, hold := s.fate(1, b)
	switch {
	case drop:
	case hold:
		s.heldOut = append(s.heldOut, outbound{c, b, to})
	default:
		s.write(c, b, to)
		if dup {
			s.write(c, b, to)
		}
		s.releaseOut()
	}
}

// write writes b to the client, counting its bytes.
func (s *Server) write(c *net.UDPConn, b []byte, to *net.UDPAddr) {
	if _, err := c.WriteToUDP(b, to); err == nil {
		s.BytesSent += len(b)
	}
}

// releaseIn handles the client datagrams held back.
func (s *Server) releaseIn() {
	held := s.heldIn
	s.heldIn = nil
	for _, m := range held {
		s.receive(m)
	}
}

// releaseOut sends the server datagrams held back.
func (s *Server) releaseOut() {
	held := s.heldOut
	s.heldOut = nil
	for _, o := range held {
		s.write(o.c, o.b, o.to)
	}
}

// receive handles one client datagram.
func (s *Server) receive(m inbound) {
	var p acnet.Packet
	if err := acnet.Decode(m.b, &p); err != nil {
		s.t.Errorf("client packet does not decode: %v", err)
		return
	}
	encrypted := p.Flags&acnet.EncryptedChecksum != 0
	if encrypted && (p.Seq <= s.clientSeq || s.clientOOO[p.Seq]) {
		s.ClientDuplicates++
		return
	}
	ok := p.VerifyPlain()
	if encrypted {
		ok = s.keys.Match(p.Key())
	}
	if !ok {
		s.ClientBad++
		return
	}
	s.ClientOK++
	switch {
	case p.Flags&acnet.LoginRequest != 0 && !m.world:
		if s.streamed && m.from.String() != s.client.String() {
			s.newSession()
		}
		if s.DropLogins > 0 {
			s.DropLogins--
			s.Dropped[0]++
			return
		}
		s.LoginRequests++
		if !s.streamed {
			s.send(s.login, s.connect, m.from)
		}
		return
	case p.Flags&acnet.ConnectResponse != 0 && m.world:
		if s.streamed {
			return
		}
		s.streamed, s.client = true, m.from
		if p.ConnectResponse != s.seeds.Cookie {
			s.t.Errorf("ConnectResponse cookie 0x%X, want 0x%X", p.ConnectResponse, s.seeds.Cookie)
		}
		if s.Refuse {
			s.write(s.world, s.refusal(), m.from)
			return
		}
		s.release()
		return
	}
	if encrypted {
		s.clientOOO[p.Seq] = true
		for s.clientOOO[s.clientSeq+1] {
			delete(s.clientOOO, s.clientSeq+1)
			s.clientSeq++
		}
	}
	s.clientHigh = max(s.clientHigh, p.Seq)
	if p.Flags&acnet.RequestRetransmit != 0 && !encrypted && s.client != nil {
		var unknown []uint32
		for _, seq := range p.Retransmit {
			if seq > s.sentHigh {
				continue // not sent yet
			}
			b, ok := s.cached[seq]
			if !ok || s.Reject != nil && s.Reject(seq) {
				unknown = append(unknown, seq)
				continue
			}
			var rp acnet.Packet
			acnet.Decode(b, &rp)
			key := rp.Key()
			rp.Flags |= acnet.Retransmission
			s.send(s.world, acnet.Encode(nil, &rp, key), s.client)
			s.Resent++
		}
		if len(unknown) > 0 {
			s.Rejected += len(unknown)
			s.control(acnet.Packet{Header: acnet.Header{Flags: acnet.RejectRetransmit}, Optional: acnet.Optional{Rejected: unknown}})
		}
	}
	for i := range p.Fragments {
		s.reasm.Add(&p.Fragments[i], func(msg acnet.Message) {
			b := bytes.Clone(msg.Data)
			s.Messages = append(s.Messages, b)
			s.inOrder(keyOf(b))
			if len(b) >= 12 && binary.LittleEndian.Uint32(b) == 0xF7B1 {
				s.Actions[binary.LittleEndian.Uint32(b[8:])]++
			}
		})
	}
	if p.Flags&acnet.TimeSync != 0 {
		s.TimeSyncs = append(s.TimeSyncs, p.TimeSync)
	}
	if p.Flags&acnet.AckSequence != 0 && s.streamed {
		s.clientAcked = max(s.clientAcked, p.Ack)
	}
	if p.Flags&acnet.Flow != 0 {
		s.FlowBytes += int(p.Flow.Bytes)
		if s.FlowBytes > s.BytesSent {
			s.t.Errorf("the client's Flow reports %d bytes in all, the server has sent %d", s.FlowBytes, s.BytesSent)
		}
	}
	if p.Flags&acnet.EchoRequest != 0 && s.client != nil {
		s.EchoRequests++
		before := s.BytesSent
		defer func() { s.EchoResponseBytes = max(s.EchoResponseBytes, s.BytesSent-before) }()
		s.data(acnet.Packet{Header: acnet.Header{Flags: acnet.EchoResponse},
			Optional: acnet.Optional{EchoResponse: acnet.EchoResponseBody{ClientTime: p.EchoRequest, Delta: float32(s.ServerTime) - p.EchoRequest}}})
	}
	if p.Flags&acnet.Disconnect != 0 {
		s.Disconnected = true
	}
}

// newSession readies the server for a client's session: the first, or a
// new client logging in again (a reconnect) after the last one.
func (s *Server) newSession() {
	s.keys = acnet.NewKeyWindow(s.seeds.ClientSeed)
	// The captured encrypted packets are seqs 2..lastSeq (the capture
	// lacks some, but they took their keys): seq n used key n−2.
	s.lastSeq, s.lastFrag, s.cached = s.capturedSeq, s.capturedFrag, maps.Clone(s.capturedCache)
	s.sendKeys = acnet.NewISAAC(s.seeds.ServerSeed)
	for range int(s.lastSeq) - 1 {
		s.sendKeys.Next()
	}
	s.packets, s.gate = s.packets[:s.captured], s.gate[:s.captured]
	s.packExtra()
	s.sends = map[uint32]int{}
	s.released, s.required, s.sentHigh, s.clientAcked = 0, 0, 0, 0
	s.streamed, s.client, s.Disconnected = false, nil, false
	s.clientSeq, s.clientHigh, s.clientOOO = 1, 0, map[uint32]bool{}
	s.reasm = acnet.NewReassembler(1, acnet.DefaultBudget)
	s.Sessions++
}

// packExtra packs Extra into keyed packets after the captured ones, as
// many whole fragments to a 464-byte body as fit, gated on LoginComplete.
func (s *Server) packExtra() {
	frag := s.lastFrag
	var p acnet.Packet
	size := 0
	flush := func() {
		if len(p.Fragments) == 0 {
			return
		}
		s.packets = append(s.packets, s.keyed(p))
		s.sentHigh = 0 // not sent yet
		s.gate = append(s.gate, len(s.order))
		p, size = acnet.Packet{}, 0
	}
	for _, m := range s.Extra {
		count := (len(m) + acnet.MaxFragmentData - 1) / acnet.MaxFragmentData
		frag++
		for i := range count {
			part := m[i*acnet.MaxFragmentData : min(len(m), (i+1)*acnet.MaxFragmentData)]
			if size+acnet.FragmentHeaderSize+len(part) > 464 {
				flush()
			}
			p.Flags = acnet.BlobFragments
			p.Fragments = append(p.Fragments, acnet.Fragment{Seq: frag, ID: 0x80000000 | frag, Count: uint16(count), Index: uint16(i), Queue: 10, Data: part})
			size += acnet.FragmentHeaderSize + len(part)
		}
	}
	flush()
	s.lastFrag = frag
}

// extraPerPace is how many packets of Extra go per Pace tick when Burst
// and ExtraPerPace are unset: 256 per 20 ms, 12,800 packets a second.
const extraPerPace = 256

// release sends the captured packets whose client message arrived (all of
// them when Permissive), in the captured order.
func (s *Server) release() {
	var p acnet.Packet
	extra, perPace := 0, s.ExtraPerPace
	if perPace <= 0 {
		perPace = extraPerPace
	}
	for s.released < len(s.packets) && (s.Permissive || s.gate[s.released] <= s.required) {
		if s.released >= s.captured && s.Burst == 0 {
			// Extra goes ExtraPerPace packets a call, the rest at the next
			// Pace tick: Serve's one goroutine answers the client's acks
			// and NAKs in between, as a server does while it sends, so a
			// datagram the loaded loopback dropped is resent before the
			// client's 4,096-packet window runs past it.
			if extra == perPace {
				return
			}
			extra++
		}
		b := s.packets[s.released]
		s.send(s.world, b, s.client)
		if acnet.Decode(b, &p) == nil {
			s.sentHigh = max(s.sentHigh, p.Seq)
		}
		s.released++
		if s.released == len(s.packets) && s.streamed {
			s.LastSent = time.Now()
		}
		switch {
		case s.released > s.captured && s.Burst > 0:
			if (s.released-s.captured)%s.Burst == 0 {
				s.mu.Unlock() // let the test read the counters meanwhile
				time.Sleep(s.BurstGap)
				s.mu.Lock()
			}
		case s.released%16 == 0:
			time.Sleep(time.Millisecond) // keep the loopback buffer from overflowing
		}
	}
}

// AllAcked reports whether every packet the server has to send (the
// captured ones and Extra) went and the client acked the last of them.
func (s *Server) AllAcked() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.streamed && s.done() && s.clientAcked >= s.sentHigh
}

// done reports whether every captured packet has gone.
func (s *Server) done() bool { return s.released == len(s.packets) }

// inOrder checks one client message against the retail order and releases
// the captured packets that waited for it.
func (s *Server) inOrder(k msgKey) {
	if s.Permissive {
		return
	}
	switch {
	case k.required() && s.required < len(s.order) && k == s.order[s.required]:
		s.required++
		s.release()
	case k.required():
		want := "nothing more of its kind"
		if s.required < len(s.order) {
			want = s.order[s.required].String()
		}
		s.OutOfOrder++
		s.Fail("client message %s out of the retail order: the retail client sends %s next", k, want)
	case k.op == 0xF7B1 && s.required >= s.entryIndex():
		// An optional GameAction, once the character entered.
	default:
		s.OutOfOrder++
		s.Fail("client message %s out of the retail order: after %d of its login messages the retail client sends %s next", k, s.required, s.order[min(s.required, len(s.order)-1)])
	}
}

// entryIndex is how many required messages precede GameActions: those
// up to and including 0xF657.
func (s *Server) entryIndex() int {
	for i, k := range s.order {
		if k.op == 0xF657 {
			return i + 1
		}
	}
	return len(s.order)
}

// data sends a new encrypted server packet with the next seq after the
// captured ones, keeping it for resends, as ACE sends its EchoResponse.
func (s *Server) data(p acnet.Packet) {
	if !s.done() {
		// Its seq comes after every captured one: sent now, it would
		// name seqs the client may not have yet.
		return
	}
	s.send(s.world, s.keyed(p), s.client)
}

// keyed builds a new encrypted server packet with the next seq after the
// captured ones and the server's next key, keeping it for resends.
func (s *Server) keyed(p acnet.Packet) []byte {
	s.lastSeq++
	s.sentHigh = s.lastSeq
	p.Seq, p.ID, p.Iteration = s.lastSeq, acnet.ServerID, 1
	p.Flags |= acnet.EncryptedChecksum
	b := acnet.Encode(nil, &p, s.sendKeys.Next())
	s.cached[p.Seq] = b
	return b
}

// Keyed builds (and does not send, nor keep for resends) the server's
// next encrypted packet: a test sends it from elsewhere (a forged source).
func (s *Server) Keyed(p acnet.Packet) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.keyed(p)
	delete(s.cached, s.lastSeq)
	return b
}

// Send sends p as the server's next encrypted packet, whether or not the
// captured ones have all gone.
func (s *Server) Send(p acnet.Packet) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.write(s.world, s.keyed(p), s.client)
}

// SwitchSeed makes the server key its next packets with a new ISAAC seed,
// as a server that lost the session's key stream would.
func (s *Server) SwitchSeed(seed uint32) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sendKeys = acnet.NewISAAC(seed)
}

// ClientAddr is the client's address, once its ConnectResponse came.
func (s *Server) ClientAddr() *net.UDPAddr {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.client
}

// heartbeat acks with the server's last seq and NAKs the client's gaps.
func (s *Server) heartbeat() {
	if !s.streamed || s.Refuse {
		return
	}
	s.control(acnet.Packet{Header: acnet.Header{Flags: acnet.AckSequence}, Optional: acnet.Optional{Ack: s.clientSeq}})
	var missing []uint32
	for seq := s.clientSeq + 1; seq <= s.clientHigh && len(missing) < 115; seq++ {
		if !s.clientOOO[seq] {
			missing = append(missing, seq)
		}
	}
	if len(missing) > 0 && time.Since(s.lastNAK) >= 2*s.Pace {
		s.lastNAK = time.Now()
		s.NAKsSent++
		s.control(acnet.Packet{Header: acnet.Header{Flags: acnet.RequestRetransmit}, Optional: acnet.Optional{Retransmit: missing}})
	}
}

// control sends a plain-checksum packet with the server's last seq.
func (s *Server) control(p acnet.Packet) {
	p.Seq, p.ID, p.Iteration = s.sentHigh, acnet.ServerID, 1
	s.send(s.world, acnet.Encode(nil, &p, 0), s.client)
}

// refusal is the server's first encrypted packet carrying a CharacterError
// (account does not exist), keyed with the server's first ISAAC key.
func (s *Server) refusal() []byte {
	g := acnet.NewISAAC(s.seeds.ServerSeed)
	msg := (&protocol.CharacterError{Code: 0x0A}).Encode(nil)
	p := acnet.Packet{Header: acnet.Header{Seq: 2, Flags: acnet.EncryptedChecksum | acnet.BlobFragments, ID: acnet.ServerID, Iteration: 1},
		Fragments: []acnet.Fragment{{Seq: 0, ID: 0x80000000, Count: 1, Queue: 9, Data: msg}}}
	return acnet.Encode(nil, &p, g.Next())
}

// SetSilent makes the server stop (or resume) answering and acking while
// Serve runs.
func (s *Server) SetSilent(silent bool) {
	s.mu.Lock()
	s.Silent = silent
	s.mu.Unlock()
}

// Disconnect sends the client a Disconnect in a keyed packet (only keyed
// packets speak for the server).
func (s *Server) Disconnect() {
	s.Send(acnet.Packet{Header: acnet.Header{Flags: acnet.Disconnect}})
}

// Inject sends b to the client as it is (a malformed or forged datagram).
func (s *Server) Inject(b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.write(s.world, b, s.client)
}

// Flood sends n hostile but correctly keyed packets, as a broken or
// hostile server could: fragments of 16-part messages that never
// complete (448 bytes each, message sequences over the 1,000 after the
// captured ones, so within the client's window), fragments of messages
// claiming 65,535 parts, and now and then a packet whose sequence skips
// one ahead, leaving a gap the client will ask for (and the server
// reject). It returns the bytes sent.
func (s *Server) Flood(n int) int {
	sent := 0
	data := make([]byte, acnet.MaxFragmentData)
	for i := range n {
		s.mu.Lock()
		base := s.lastFrag + 2 // lastFrag+1 never comes: nothing after it completes
		p := acnet.Packet{Header: acnet.Header{Flags: acnet.BlobFragments}}
		var f acnet.Fragment
		switch {
		case i%64 == 63: // a packet one ahead of the next, leaving a gap
			s.lastSeq++
			p.Flags = acnet.AckSequence
			p.Ack = s.clientSeq
		case i%2 == 0: // a part of a 16-part message that never completes
			f = acnet.Fragment{Seq: base + uint32(i)%1000, Count: 16, Index: uint16(i/1000) % 15, Queue: 9, Data: data}
		default: // a message claiming 65,535 fragments
			f = acnet.Fragment{Seq: base + uint32(i)%1000, Count: 0xFFFF, Index: uint16(i), Queue: 9, Data: data}
		}
		if p.Flags&acnet.BlobFragments != 0 {
			f.ID = 0x80000000 | f.Seq
			p.Fragments = []acnet.Fragment{f}
		}
		before := s.BytesSent
		s.data(p)
		sent += s.BytesSent - before
		s.mu.Unlock()
		if i%8 == 7 {
			time.Sleep(time.Millisecond) // keep the loopback buffer from overflowing; let the server answer NAKs
		}
	}
	return sent
}
