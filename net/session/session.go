// Package session is dereth's live AC client session over UDP: the login
// handshake, reliability (acks, NAKs of gaps, resends for the server's
// NAKs), TimeSync, Echo, Disconnect, character selection and world entry,
// as an ACEmulator server expects them (../shared/docs/net-format.md §5–6).
//
// The network runs on its own goroutine (Run). The simulation takes the
// messages that arrived at its frame boundaries with Drain and hands
// outbound game actions to Send; neither blocks on the network.
package session

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math"
	"net"
	"net/netip"
	"strings"
	"sync"
	"time"

	acnet "github.com/dereth/dereth/net"
	"github.com/dereth/dereth/protocol"
)

// Config is what a session needs.
type Config struct {
	// Addr is the server's login address, host:port (port 9000 when
	// omitted); ConnectResponse goes to port + 1.
	Addr      string
	Account   string
	Password  string
	Character string // by name (case-insensitive); empty: the first
	// Timestamp is the LoginRequest's timestamp (0: the Unix time).
	Timestamp uint32
	// LoginTimeout and Timeout end a silent session while logging in and
	// afterwards (defaults 15 s and 60 s, ACE's).
	LoginTimeout, Timeout time.Duration
	// ConnectDelay and ConnectResend pace the ConnectResponse (defaults
	// 200 ms and 300 ms: ACE readies the session asynchronously).
	ConnectDelay, ConnectResend time.Duration
	// LoginResend paces the LoginRequest until a ConnectRequest answers it
	// (default 1 s); when no data follows a ConnectRequest within three
	// times that, the handshake starts over with a new LoginRequest (ACE
	// drops a session whose ConnectResponse never arrived).
	LoginResend time.Duration
	// AckInterval paces the acks, which also keep the session alive
	// (default 2 s, ACE's); NAKInterval paces the requests for missing
	// server packets (default 1 s, ACE's).
	AckInterval, NAKInterval time.Duration
	// EchoInterval paces the EchoRequest and TimeSync the client adds to
	// its periodic ack packet (default 4 s: the retail client sends them
	// every 2–4 s, on every other ack).
	EchoInterval time.Duration
	// InboxBudget bounds the memory of the messages waiting for the
	// simulation's next Drain, each charged its bytes plus
	// DecodedOverhead for its decoded form (default 32 MiB: some 30,000
	// small CreateObjects, seconds of the busiest login); a session past
	// it ends with ErrBehind rather than grow without bound or drop
	// messages the world needs.
	InboxBudget int
	// BadChecksumLimit ends a session whose server sent this many
	// ISAAC-keyed packets in a row that fail their checksum, repeats
	// aside (default 64): the server's key stream changed (a seed switch,
	// a desynchronised stream), and nothing it sends can be verified
	// again.
	BadChecksumLimit int
	// StallTimeout ends a session whose next message never arrived though
	// every packet up to the server's last did, or was given up on
	// (RejectRetransmit), for this long (default 10 s): the messages
	// behind it cannot be delivered, and the session says how many.
	StallTimeout time.Duration
	// ReadBuffer is the socket receive buffer asked for (default 4 MiB:
	// a login burst of 2,500 datagrams of up to 484 bytes, 1.2 MB, twice
	// over); the kernel may grant less (Stats.ReadBuffer).
	ReadBuffer int
	// Step, when set, is told each handshake step as it happens.
	Step func(step string)
}

func (c *Config) defaults() {
	if c.LoginTimeout == 0 {
		c.LoginTimeout = 15 * time.Second
	}
	if c.Timeout == 0 {
		c.Timeout = 60 * time.Second
	}
	if c.ConnectDelay == 0 {
		c.ConnectDelay = 200 * time.Millisecond
	}
	if c.ConnectResend == 0 {
		c.ConnectResend = 300 * time.Millisecond
	}
	if c.LoginResend == 0 {
		c.LoginResend = time.Second
	}
	if c.AckInterval == 0 {
		c.AckInterval = 2 * time.Second
	}
	if c.NAKInterval == 0 {
		c.NAKInterval = time.Second
	}
	if c.EchoInterval == 0 {
		c.EchoInterval = 2 * c.AckInterval
	}
	if c.InboxBudget == 0 {
		c.InboxBudget = 32 << 20
	}
	if c.BadChecksumLimit == 0 {
		c.BadChecksumLimit = 64
	}
	if c.StallTimeout == 0 {
		c.StallTimeout = 10 * time.Second
	}
	if c.ReadBuffer == 0 {
		c.ReadBuffer = 4 << 20
	}
	if c.Timestamp == 0 {
		c.Timestamp = uint32(time.Now().Unix())
	}
	if c.Step == nil {
		c.Step = func(string) {}
	}
}

// DecodedOverhead is what each message waiting for the simulation is
// charged against Config.InboxBudget besides its bytes: its decoded form
// (a small CreateObject decodes to some 560 bytes of Go values, measured;
// a full one to more).
const DecodedOverhead = 1024

// ErrRefused wraps the reason a server refused the login or character.
var ErrRefused = errors.New("refused")

// ErrTimeout is a session that heard nothing for too long.
var ErrTimeout = errors.New("timed out")

// ErrBehind is a session whose messages waited for the simulation past
// Config.InboxBudget.
var ErrBehind = errors.New("the simulation fell behind the server")

// ErrLost is a session that ended because server messages were lost: a
// verified packet's fragment refused by a bound of the reassembler, a
// packet missing while the server ran PacketWindow past it, or a message
// that never came after the server would not resend its packet.
var ErrLost = errors.New("messages were lost")

// ErrKeyStream is a session whose server's packets stopped verifying:
// Config.BadChecksumLimit keyed packets in a row failed their checksum.
var ErrKeyStream = errors.New("the server's ISAAC key stream no longer matches")

// Stats counts a session's traffic.
type Stats struct {
	Packets, ClientPackets, ServerPackets                  int
	ChecksumOK, ChecksumBad, ChecksumUnverified, Malformed int
	// Messages counts the server's reassembled messages and Sent the
	// client's own (each once, however often resent), by their first u32.
	Messages, Sent map[uint32]int
	// Resent counts the packets sent again because the server asked;
	// NAKsSent the requests for missing server packets; Duplicates the
	// server packets that arrived again and were dropped (not counted
	// among the checksums); GaveUp the missing server packets the server
	// would not send again (RejectRetransmit); LoginResent the repeated
	// LoginRequests.
	Resent, NAKsSent, Duplicates, GaveUp, LoginResent int
	// BytesIn counts the bytes of every server datagram since the
	// ConnectRequest; FlowReported the part of them the client's Flow
	// sections have reported so far.
	BytesIn, FlowReported int
	// TimeSyncs counts the server's TimeSyncs taken; EchoesSent the
	// client's EchoRequests and EchoesAnswered the server's
	// EchoResponses that answered one of them; RTT is the last answer's
	// round trip.
	TimeSyncs, EchoesSent, EchoesAnswered int
	RTT                                   time.Duration
	// Held and Pending are what the reassembler holds (bytes, messages)
	// after the last datagram, within acnet.DefaultBudget; FragmentErrors
	// counts the fragments it refused (repeats, over budget, out of the
	// window, disagreeing with their message).
	Held, Pending, FragmentErrors int
	// Foreign counts the datagrams from anywhere but the server's two
	// ports, dropped before anything else; Ignored the sections of
	// plain-checksum server packets the client does not take from them
	// (a Disconnect, a TimeSync, fragments: only keyed packets speak for
	// the server); BadRun the keyed packets in a row that failed their
	// checksum (Config.BadChecksumLimit ends the session).
	Foreign, Ignored, BadRun int
	// Lost counts the server messages lost (the session ends with
	// ErrLost when it is not 0).
	Lost int
	// ReadBuffer is the socket receive buffer the kernel granted (bytes,
	// as it reports them; 0 when unknown).
	ReadBuffer int
}

// Dropped is every server datagram dropped unused: from elsewhere,
// malformed, with a bad checksum, or a repeat.
func (st *Stats) Dropped() int { return st.Foreign + st.Malformed + st.ChecksumBad + st.Duplicates }

// Session is one client session. Create it with New, run the network with
// Run on its own goroutine, and Drain messages from the simulation.
type Session struct {
	cfg          Config
	conn         *net.UDPConn
	login, world *net.UDPAddr
	recv         *acnet.Receiver
	sendKeys     *acnet.ISAAC
	connect      acnet.ConnectRequestBody
	connected    bool // ConnectRequest received
	dataSeen     bool // data after the ConnectResponse
	serverEnded  bool // the server sent Disconnect
	seq, fragSeq uint32
	actionSeq    uint32
	clientID     uint16
	start        time.Time
	lastHeard    time.Time
	nextAck      time.Time
	lastNAK      time.Time
	// loginAt and worldAt are the server's two ports; datagrams from
	// anywhere else are dropped first.
	loginAt, worldAt netip.AddrPort
	// stallNext and stallSince follow the reassembler's next message
	// while it waits with nothing left to NAK.
	stallNext  uint32
	stallSince time.Time
	serverSeq  uint32 // highest contiguous server packet seq
	serverHigh uint32 // highest seq the server named (its acks reuse it)
	outOfOrder map[uint32]bool
	// sent keeps the sequenced packets for resends, by seq % maxKept.
	sent       *[maxKept]sentPacket
	characters []protocol.Character
	player     uint32
	// The DDD exchange and the character choice, in the retail order:
	// 0xF7C8 goes only once a character is chosen and, when the server
	// interrogated, its DDD end was echoed.
	dddAsked, dddDone, chosen, enterSent bool
	entered                              bool
	ended                                error
	// The server's clock: its last TimeSync and when it arrived.
	serverTime   float64
	serverTimeAt time.Time
	// Flow: the bytes received since the last Flow section and the
	// header time of the first packet among them.
	flowBytes    int
	flowInterval uint16
	flowStarted  bool
	// echoes are the client times of the recent EchoRequests, oldest
	// first overwritten.
	echoes   [8]float32
	echoNext int
	nextEcho time.Time
	wbuf     []byte // the datagram being sent

	mu        sync.Mutex
	character string // the character chosen
	inbox     []protocol.Message
	inBytes   int      // the bytes of the messages in inbox
	outbox    [][]byte // game messages from the simulation
	stats     Stats
	stepped   []string
}

// The client keeps its last maxKept sequenced packets, none older than
// keptFor, to resend when the server asks (ACE keeps its own 120 s).
const (
	maxKept = 1024
	keptFor = 2 * time.Minute
)

type sentPacket struct {
	pkt acnet.Packet // pkt.Seq is 0 in an empty slot
	key uint32
	at  time.Time
}

// kept returns the sequenced packet seq for a resend, when it is still
// kept: among the last maxKept, and no older than keptFor.
func (s *Session) kept(seq uint32, now time.Time) (sentPacket, bool) {
	sp := s.sent[seq%maxKept]
	return sp, seq != 0 && sp.pkt.Seq == seq && now.Sub(sp.at) <= keptFor
}

// New resolves the server and opens a local UDP socket.
func New(cfg Config) (*Session, error) {
	cfg.defaults()
	addr := cfg.Addr
	if _, _, err := net.SplitHostPort(addr); err != nil {
		addr = net.JoinHostPort(addr, "9000")
	}
	if host, _, _ := net.SplitHostPort(addr); host == "" {
		return nil, fmt.Errorf("session: server %q: no host", cfg.Addr)
	}
	login, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		return nil, fmt.Errorf("session: server %q: %w", cfg.Addr, err)
	}
	if login.Port < 1 || login.Port > 65534 {
		// The ConnectResponse goes to port + 1.
		return nil, fmt.Errorf("session: server %q: port %d is not 1–65534 (the server listens on it and on the next one)", cfg.Addr, login.Port)
	}
	world := *login
	world.Port++
	conn, err := net.ListenUDP("udp", nil)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	s := &Session{cfg: cfg, conn: conn, login: login, world: &world, fragSeq: 1,
		loginAt: unmapped(login.AddrPort()), worldAt: unmapped(world.AddrPort()),
		recv: acnet.NewReceiver(0, acnet.DefaultBudget), outOfOrder: map[uint32]bool{},
		sent: new([maxKept]sentPacket)}
	s.stats.Messages, s.stats.Sent = map[uint32]int{}, map[uint32]int{}
	s.stats.ReadBuffer = setReadBuffer(conn, cfg.ReadBuffer)
	return s, nil
}

func unmapped(a netip.AddrPort) netip.AddrPort { return netip.AddrPortFrom(a.Addr().Unmap(), a.Port()) }

// fromServer reports whether a datagram came from one of the server's
// ports.
func (s *Session) fromServer(from netip.AddrPort) bool {
	from = unmapped(from)
	return from == s.worldAt || from == s.loginAt
}

// LoginPacket is the LoginRequest datagram for cfg (seq 0, plain checksum).
func LoginPacket(cfg Config) []byte {
	body := acnet.AppendLoginRequest(nil, &acnet.LoginRequestBody{ClientVersion: acnet.ClientVersion,
		AuthType: acnet.AuthAccountPassword, Timestamp: cfg.Timestamp, Account: cfg.Account, Password: cfg.Password})
	p := acnet.Packet{Header: acnet.Header{Flags: acnet.LoginRequest}, Optional: acnet.Optional{Login: body}}
	return acnet.Encode(nil, &p, 0)
}

// ConnectResponsePacket is the ConnectResponse datagram answering c.
func ConnectResponsePacket(c *acnet.ConnectRequestBody) []byte {
	p := acnet.Packet{Header: acnet.Header{Flags: acnet.ConnectResponse, ID: uint16(c.ClientID), Iteration: 1},
		Optional: acnet.Optional{ConnectResponse: c.Cookie}}
	return acnet.Encode(nil, &p, 0)
}

func (s *Session) step(format string, a ...any) {
	line := fmt.Sprintf(format, a...)
	s.mu.Lock()
	s.stepped = append(s.stepped, line)
	s.mu.Unlock()
	s.cfg.Step(line)
}

// Run runs the session until ctx ends (then it disconnects cleanly), the
// server disconnects, refuses, or goes silent. It returns nil for a clean
// end.
func (s *Session) Run(ctx context.Context) error {
	defer s.conn.Close()
	s.start = time.Now()
	s.lastHeard = s.start
	s.step("socket: receive buffer %d bytes granted (%d asked)", s.stats.ReadBuffer, s.cfg.ReadBuffer)
	s.step("login: LoginRequest for %q to %s", s.cfg.Account, s.login)
	if err := s.write(s.login, LoginPacket(s.cfg)); err != nil {
		return err
	}
	s.countClient()
	buf := make([]byte, 2048)
	var nextConnect, connectedAt time.Time
	nextLogin := s.start.Add(s.cfg.LoginResend)
	for {
		if ctx.Err() != nil {
			s.disconnect()
			s.step("disconnect: sent Disconnect")
			return nil
		}
		if s.ended != nil {
			if !s.serverEnded && s.connected {
				// Ended on our side (no such character, a sequence
				// jump, a simulation behind): tell the server, or it
				// holds the account's session until its timeout.
				s.disconnect()
				s.step("disconnect: sent Disconnect")
			}
			return s.ended
		}
		s.conn.SetReadDeadline(time.Now().Add(10 * time.Millisecond))
		n, from, err := s.conn.ReadFromUDPAddrPort(buf)
		now := time.Now()
		if err == nil && !s.fromServer(from) {
			// Not the server's: dropped before anything else, the
			// silence timer and the sequence untouched.
			s.mu.Lock()
			s.stats.Foreign++
			s.mu.Unlock()
		} else if err == nil {
			wasConnected := s.connected
			if s.handle(buf[:n], unmapped(from), now) {
				s.lastHeard = now
			}
			if s.connected && !wasConnected {
				connectedAt, nextConnect = now, now.Add(s.cfg.ConnectDelay)
			}
		} else if ne, ok := err.(net.Error); !ok || !ne.Timeout() {
			if ctx.Err() != nil {
				continue
			}
			return fmt.Errorf("session: read: %w", err)
		}
		limit := s.cfg.Timeout
		if !s.entered {
			limit = s.cfg.LoginTimeout
		}
		if now.Sub(s.lastHeard) > limit {
			return fmt.Errorf("session: the server was silent for %v: %w", limit, ErrTimeout)
		}
		if s.connected && !s.dataSeen && now.Sub(connectedAt) > 3*s.cfg.LoginResend {
			// The ConnectResponse never took: start over.
			s.connected = false
			s.recv.Keys = nil
			s.step("login: no data after the ConnectRequest; LoginRequest again")
			nextLogin = now
		}
		if !s.connected && !now.Before(nextLogin) {
			s.write(s.login, LoginPacket(s.cfg))
			s.countClient()
			s.mu.Lock()
			s.stats.LoginResent++
			s.mu.Unlock()
			nextLogin = now.Add(s.cfg.LoginResend)
		}
		if s.connected && !s.dataSeen && !now.Before(nextConnect) {
			s.write(s.world, ConnectResponsePacket(&s.connect))
			s.countClient()
			nextConnect = now.Add(s.cfg.ConnectResend)
		}
		if s.dataSeen {
			s.tick(now)
		}
	}
}

// tick sends what is due once the server's data flows: the simulation's
// game actions, the periodic packet and the NAKs of missing packets.
func (s *Session) tick(now time.Time) {
	s.flushOutbox()
	if !now.Before(s.nextAck) {
		s.sendData(s.periodic(now))
		s.nextAck = now.Add(s.cfg.AckInterval)
	}
	s.nakGaps(now)
	s.stalled(now)
}

// stalled ends the session when the reassembler's next message has not
// come for Config.StallTimeout though no packet is missing and the server
// refused to resend some (RejectRetransmit): what waits behind it can
// never be delivered.
func (s *Session) stalled(now time.Time) {
	r := s.recv.Reasm
	if r.Pending() == 0 || s.serverSeq != s.serverHigh || s.stats.GaveUp == 0 || r.Next() != s.stallNext {
		s.stallNext, s.stallSince = r.Next(), now
		return
	}
	if now.Sub(s.stallSince) > s.cfg.StallTimeout {
		s.lose(r.Missing(), fmt.Sprintf("message %d never came in %v, though every packet up to %d arrived or the server would not resend it", r.Next(), s.cfg.StallTimeout, s.serverHigh))
	}
}

// lose ends the session saying n messages were lost and why.
func (s *Session) lose(n int, why string) {
	if s.ended != nil {
		return
	}
	s.mu.Lock()
	s.stats.Lost += n
	s.mu.Unlock()
	s.ended = fmt.Errorf("session: %d server messages lost: %s: %w", n, why, ErrLost)
	s.step("lost: %d server messages: %s", n, why)
}

// periodic is the client's periodic packet, as the retail client sends it
// (the captured session: every ~2 s an encrypted, sequenced packet
// carrying AckSequence and Flow, every other one TimeSync and
// EchoRequest too). The ack keeps the session alive (ACE drops a client
// silent for 60 s) and lets the server see a lost packet of ours by the
// gap before it. Flow reports the bytes received since the last report
// and the header time of the first packet among them; TimeSync is the
// client's estimate of the server's clock (its last TimeSync plus the
// time since); EchoRequest is the client's clock in seconds since the
// session started, which the server's EchoResponse returns.
func (s *Session) periodic(now time.Time) acnet.Packet {
	p := acnet.Packet{Header: acnet.Header{Flags: acnet.EncryptedChecksum | acnet.AckSequence}, Optional: acnet.Optional{Ack: s.serverSeq}}
	if s.flowBytes > 0 {
		p.Flags |= acnet.Flow
		p.Flow = acnet.FlowBody{Bytes: uint32(min(uint64(s.flowBytes), math.MaxUint32)), Interval: s.flowInterval}
		s.mu.Lock()
		s.stats.FlowReported += s.flowBytes
		s.mu.Unlock()
		s.flowBytes, s.flowStarted = 0, false
	}
	if !now.Before(s.nextEcho) {
		s.nextEcho = now.Add(s.cfg.EchoInterval)
		if st, ok := s.ServerTimeAt(now); ok {
			p.Flags |= acnet.TimeSync
			p.TimeSync = st
		}
		p.Flags |= acnet.EchoRequest
		p.EchoRequest = s.clientTime(now)
		s.echoes[s.echoNext%len(s.echoes)] = p.EchoRequest
		s.echoNext++
		s.mu.Lock()
		s.stats.EchoesSent++
		s.mu.Unlock()
	}
	return p
}

// clientTime is the client's clock: seconds since the session started.
func (s *Session) clientTime(now time.Time) float32 {
	return float32(now.Sub(s.start).Seconds())
}

// ServerTimeAt estimates the server's clock (the portal-year seconds of
// its TimeSync) at now: the last TimeSync plus the time since it
// arrived. It reports false before the first TimeSync.
func (s *Session) ServerTimeAt(now time.Time) (float64, bool) {
	if s.serverTimeAt.IsZero() {
		return 0, false
	}
	return s.serverTime + now.Sub(s.serverTimeAt).Seconds(), true
}

// echoed takes the server's EchoResponse: when it returns one of the
// recent EchoRequests, the round trip is recorded.
func (s *Session) echoed(e acnet.EchoResponseBody, now time.Time) {
	ct := e.ClientTime
	if ct <= 0 || ct != ct {
		return
	}
	for i, t := range s.echoes {
		if t != ct {
			continue
		}
		s.echoes[i] = 0 // answered once
		rtt := now.Sub(s.start) - time.Duration(float64(ct)*float64(time.Second))
		s.mu.Lock()
		s.stats.EchoesAnswered++
		s.stats.RTT = max(rtt, 0)
		s.mu.Unlock()
		return
	}
}

func (s *Session) write(to *net.UDPAddr, b []byte) error {
	// WriteToUDPAddrPort, unlike WriteToUDP, builds no sockaddr on the heap.
	if _, err := s.conn.WriteToUDPAddrPort(b, to.AddrPort()); err != nil {
		return fmt.Errorf("session: send to %s: %w", to, err)
	}
	return nil
}

func (s *Session) countClient() {
	s.mu.Lock()
	s.stats.Packets++
	s.stats.ClientPackets++
	s.mu.Unlock()
}

// handle takes one server datagram from one of the server's ports; it
// reports whether the datagram counts as hearing from the server (a
// verified ISAAC-keyed packet, or the handshake's ConnectRequest from the
// login port): only those keep the session alive.
//
// Only keyed packets speak for the server: a plain-checksum packet (which
// anyone who can reach the socket can forge) can ask for resends
// (RequestRetransmit: ACE sends its NAKs plain), give up on packets keyed
// ones proved missing (RejectRetransmit: ACE sends that plain too), and
// ask for an echo; it never ends the session, moves the server's
// sequence, sets its clock, carries messages or resets the silence timer.
func (s *Session) handle(b []byte, from netip.AddrPort, now time.Time) (heard bool) {
	if !s.connected {
		return s.handshake(b, from)
	}
	lostBefore := s.recv.Lost
	v, err := s.recv.Receive(b, func(m acnet.Message) {
		if s.connected {
			s.dataFlows(now) // before the message's own steps
		}
		s.message(m.Data)
	})
	p := &s.recv.Packet
	keyed := p.Flags&acnet.EncryptedChecksum != 0
	dup := v == acnet.BadChecksum && s.connected && keyed && s.haveServer(p.Seq)
	s.mu.Lock()
	s.stats.Packets++
	s.stats.ServerPackets++
	switch {
	case dup:
		// Its key was used by the first copy.
		s.stats.Duplicates++
	case v == acnet.Verified:
		s.stats.ChecksumOK++
		if keyed {
			s.stats.BadRun = 0
		}
	case v == acnet.Unverified:
		s.stats.ChecksumUnverified++
	case v == acnet.BadChecksum:
		s.stats.ChecksumBad++
		if keyed && s.connected {
			s.stats.BadRun++
		}
	case v == acnet.Malformed:
		s.stats.Malformed++
	}
	badRun := s.stats.BadRun
	s.stats.Held, s.stats.Pending = s.recv.Reasm.Held(), s.recv.Reasm.Pending()
	s.stats.FragmentErrors = s.recv.FragmentErrors
	s.mu.Unlock()
	s.flowed(b, p, v)
	if badRun >= s.cfg.BadChecksumLimit && s.ended == nil {
		s.ended = fmt.Errorf("session: %d packets in a row from the server failed their ISAAC checksum (a seed switch or a desynchronised key stream; the limit is %d): %w",
			badRun, s.cfg.BadChecksumLimit, ErrKeyStream)
		s.step("ended: %d keyed packets in a row failed their checksum", badRun)
	}
	if s.recv.Lost > lostBefore {
		s.lose(s.recv.Lost-lostBefore, fmt.Sprintf("a verified packet's fragment was refused: %v", s.recv.LostErr))
	}
	if err != nil || p.Flags&acnet.ConnectRequest != 0 {
		return false // dropped and counted, never applied; a late ConnectRequest again
	}
	if keyed {
		heard = true
		s.dataFlows(now)
		if p.Seq > s.serverSeq+acnet.PacketWindow && s.ended == nil {
			s.lose(max(s.recv.Reasm.Missing(), 1), fmt.Sprintf("the server's packets ran %d past packet %d, which never arrived (the window is %d packets)",
				p.Seq-s.serverSeq, s.serverSeq+1, acnet.PacketWindow))
			return heard
		}
		// Keyed packets each take a seq; the server's plain acks and
		// NAKs repeat the last one it sent, but only keyed packets move
		// the sequence.
		s.serverHigh = max(s.serverHigh, p.Seq)
		s.gotServer(p.Seq)
	} else if p.Flags&(acnet.TimeSync|acnet.Disconnect|acnet.NetErrorDisconnect|acnet.BlobFragments) != 0 {
		s.mu.Lock()
		s.stats.Ignored++
		s.mu.Unlock()
	}
	if p.Flags&acnet.RequestRetransmit != 0 {
		var unknown []uint32
		for _, seq := range p.Retransmit {
			sp, ok := s.kept(seq, now)
			if !ok {
				unknown = append(unknown, seq)
				continue
			}
			sp.pkt.Flags |= acnet.Retransmission
			s.wbuf = acnet.Encode(s.wbuf[:0], &sp.pkt, sp.key)
			s.write(s.login, s.wbuf)
			s.countClient()
			s.mu.Lock()
			s.stats.Resent++
			s.mu.Unlock()
		}
		if len(unknown) > 0 {
			s.sendControl(acnet.Packet{Header: acnet.Header{Flags: acnet.RejectRetransmit}, Optional: acnet.Optional{Rejected: unknown}})
		}
	}
	if p.Flags&acnet.RejectRetransmit != 0 {
		for _, seq := range p.Rejected {
			// Only packets keyed ones proved missing.
			if seq > s.serverSeq && seq <= s.serverHigh && !s.outOfOrder[seq] {
				s.outOfOrder[seq] = true
				s.mu.Lock()
				s.stats.GaveUp++
				s.mu.Unlock()
			}
		}
		s.advance()
	}
	if keyed && p.Flags&acnet.TimeSync != 0 && p.TimeSync > 0 && !math.IsInf(p.TimeSync, 0) {
		// A NaN or infinite server time is ignored, never propagated.
		s.serverTime, s.serverTimeAt = p.TimeSync, now
		s.mu.Lock()
		s.stats.TimeSyncs++
		s.mu.Unlock()
	}
	if keyed && p.Flags&acnet.EchoResponse != 0 {
		s.echoed(p.EchoResponse, now)
	}
	if p.Flags&acnet.EchoRequest != 0 {
		s.sendControl(acnet.Packet{Header: acnet.Header{Flags: acnet.EchoResponse},
			Optional: acnet.Optional{EchoResponse: acnet.EchoResponseBody{ClientTime: p.EchoRequest}}})
	}
	if keyed && p.Flags&(acnet.Disconnect|acnet.NetErrorDisconnect) != 0 {
		s.ended = fmt.Errorf("session: the server disconnected (%v)", p.Flags&(acnet.Disconnect|acnet.NetErrorDisconnect))
		s.serverEnded = true
		s.step("disconnected by the server")
	}
	return heard
}

// handshake takes a datagram before the ConnectRequest: only a
// ConnectRequest with a right plain checksum from the server's login port
// is taken (it brings the seeds); nothing else is applied, no fragment
// reassembled.
func (s *Session) handshake(b []byte, from netip.AddrPort) bool {
	p := &s.recv.Packet
	err := acnet.Decode(b, p)
	s.mu.Lock()
	s.stats.Packets++
	s.stats.ServerPackets++
	switch {
	case err != nil:
		s.stats.Malformed++
	case p.Flags&acnet.EncryptedChecksum != 0 || !p.VerifyPlain():
		s.stats.ChecksumBad++ // no key yet to verify it with
		err = errors.New("no key yet")
	default:
		s.stats.ChecksumOK++
	}
	s.mu.Unlock()
	if err != nil || p.Flags&acnet.ConnectRequest == 0 || s.dataSeen || from != s.loginAt {
		return false
	}
	s.connect = p.Connect
	s.connected = true
	s.clientID = uint16(p.Connect.ClientID)
	s.recv.Keys = acnet.NewKeyWindow(p.Connect.ServerSeed)
	s.sendKeys = acnet.NewISAAC(p.Connect.ClientSeed)
	// The ConnectRequest stands for the server's seq 1 and the retail
	// client's first packet after it is seq 1 too (ACE takes our data
	// from seq 2).
	s.serverSeq, s.serverHigh, s.seq = 1, 1, 1
	s.flowed(b, p, acnet.Verified)
	s.step("connect: ConnectRequest (client id %d); ConnectResponse to %s", s.clientID, s.world)
	return true
}

// flowed counts a server datagram's bytes for the Flow sections.
func (s *Session) flowed(b []byte, p *acnet.Packet, v acnet.Verdict) {
	s.flowBytes += len(b)
	if !s.flowStarted && v != acnet.Malformed {
		s.flowInterval, s.flowStarted = p.Time, true
	}
	s.mu.Lock()
	s.stats.BytesIn += len(b)
	s.mu.Unlock()
}

// dataFlows records the first data after the ConnectRequest: the
// ConnectResponse took, and the periodic packets start.
func (s *Session) dataFlows(now time.Time) {
	if !s.dataSeen {
		s.dataSeen = true
		s.nextEcho = now.Add(s.cfg.EchoInterval)
		s.step("connected: data from the server")
	}
}

// haveServer reports whether the server packet seq arrived (or was given
// up on).
func (s *Session) haveServer(seq uint32) bool { return seq <= s.serverSeq || s.outOfOrder[seq] }

// gotServer records the arrival of the server packet seq.
func (s *Session) gotServer(seq uint32) {
	if seq > s.serverSeq {
		s.outOfOrder[seq] = true
		s.advance()
	}
}

// advance moves the contiguous server seq over what arrived.
func (s *Session) advance() {
	for s.outOfOrder[s.serverSeq+1] {
		delete(s.outOfOrder, s.serverSeq+1)
		s.serverSeq++
	}
}

// nakGaps asks for the missing server packets, at most once per
// NAKInterval and at most 115 at a time (what fits in a packet).
func (s *Session) nakGaps(now time.Time) {
	if s.serverHigh <= s.serverSeq || now.Sub(s.lastNAK) < s.cfg.NAKInterval {
		return
	}
	var missing []uint32
	for seq := s.serverSeq + 1; seq <= s.serverHigh && len(missing) < 115; seq++ {
		if !s.outOfOrder[seq] {
			missing = append(missing, seq)
		}
	}
	if len(missing) == 0 {
		return
	}
	s.lastNAK = now
	s.sendControl(acnet.Packet{Header: acnet.Header{Flags: acnet.RequestRetransmit}, Optional: acnet.Optional{Retransmit: missing}})
	s.mu.Lock()
	s.stats.NAKsSent++
	s.mu.Unlock()
}

// message handles one reassembled server message: the handshake's replies
// on this goroutine, and every message into the inbox for the simulation.
func (s *Session) message(b []byte) {
	d, err := protocol.Decode(b)
	if len(b) >= 4 {
		s.mu.Lock()
		s.stats.Messages[binary.LittleEndian.Uint32(b)]++
		s.mu.Unlock()
	}
	if err != nil {
		return
	}
	switch m := d.(type) {
	case *protocol.DDDInterrogation:
		s.dddAsked = true
		s.step("ddd: DDDInterrogation; answering with the end-of-retail iterations")
		s.sendMessage(protocol.RetailIterations().Encode(nil), 5)
	case *protocol.Bare:
		switch m.Op {
		case protocol.OpDDDEnd:
			s.sendMessage(m.Encode(nil), 5)
			s.dddDone = true
			s.step("ddd: DDD end echoed")
			s.enterGame()
		case protocol.OpEnterGameServerReady:
			s.step("enter: server ready; entering as 0x%08X", s.player)
			s.sendMessage((&protocol.CharacterEnterWorld{GUID: s.player, Account: s.cfg.Account}).Encode(nil), 4)
			// The retail client's first GameAction (the capture, 0.3 s
			// after 0xF657): the allegiance panel's update request.
			s.sendAction(actionAllegianceUpdateRequest, allegianceOpen)
		}
	case *protocol.CharacterList:
		s.characters = m.Characters
		if c, ok := choose(m.Characters, s.cfg.Character); ok {
			s.player, s.chosen = c.GUID, true
			s.mu.Lock()
			s.character = strings.TrimPrefix(c.Name, "+")
			s.mu.Unlock()
			s.step("characters: %d; choosing %s (0x%08X)", len(m.Characters), c.Name, c.GUID)
			s.enterGame()
		} else {
			why := noCharacter(s.cfg.Character, m.Characters)
			s.ended = fmt.Errorf("session: %s: %w", why, ErrRefused)
			s.step("refused: %s", why)
		}
	case *protocol.CharacterError:
		s.ended = fmt.Errorf("session: %s: %w", m.Reason(), ErrRefused)
		s.step("refused: %s", m.Reason())
	case *protocol.BootAccount:
		s.ended = fmt.Errorf("session: booted%s: %w", m.Reason, ErrRefused)
		s.step("refused: booted%s", m.Reason)
	}
	if pc, ok := d.(*protocol.PlayerCreate); ok && !s.entered {
		s.mu.Lock()
		s.entered = true
		s.mu.Unlock()
		s.player = pc.Guid
		// The retail client's world-entry GameActions, in the capture's
		// order (its MoveToState and AutonomousPosition come from the
		// controller here): HouseQuery, AllegianceUpdateRequest,
		// LoginComplete.
		s.step("world: PlayerCreate 0x%08X; sending LoginComplete", pc.Guid)
		s.sendAction(actionHouseQuery, nil)
		s.sendAction(actionAllegianceUpdateRequest, allegianceOpen)
		s.sendAction(protocol.ActionLoginComplete, nil)
	}
	cost := len(b) + DecodedOverhead
	s.mu.Lock()
	over := s.inBytes+cost > s.cfg.InboxBudget
	if !over {
		s.inbox = append(s.inbox, d)
		s.inBytes += cost
	}
	held, waiting := s.inBytes, len(s.inbox)
	s.mu.Unlock()
	if over && s.ended == nil {
		s.ended = fmt.Errorf("session: %d messages (%d bytes with their decoded form) wait for the simulation, and one more would pass the %d-byte budget: %w",
			waiting, held, s.cfg.InboxBudget, ErrBehind)
	}
}

// The GameActions the retail client sends at world entry besides
// LoginComplete (the capture; ACE's GameActionType names them).
const (
	actionAllegianceUpdateRequest uint32 = 0x001F
	actionHouseQuery              uint32 = 0x021E
)

// allegianceOpen is the captured AllegianceUpdateRequest's body (u32 1).
var allegianceOpen = []byte{1, 0, 0, 0}

// enterGame sends 0xF7C8 once, in the retail order: a character chosen,
// and the DDD exchange finished (its end echoed) when the server started
// one. The retail client in the capture echoes the DDD end at 1.4 s and
// asks to enter only then (at 24 s, when the player picked).
func (s *Session) enterGame() {
	if s.enterSent || !s.chosen || s.dddAsked && !s.dddDone {
		return
	}
	s.enterSent = true
	s.step("enter: asking to enter the world")
	s.sendMessage((&protocol.Bare{Op: protocol.OpEnterGameRequest}).Encode(nil), 4)
}

// noCharacter says why choose found no character.
func noCharacter(name string, cs []protocol.Character) string {
	if len(cs) == 0 {
		return "the account has no characters"
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = strings.TrimPrefix(c.Name, "+")
	}
	return fmt.Sprintf("no character %q on the account (it has %s)", name, strings.Join(names, ", "))
}

// choose picks the character by name (case-insensitive), or the first.
func choose(cs []protocol.Character, name string) (protocol.Character, bool) {
	for _, c := range cs {
		if name == "" || strings.EqualFold(strings.TrimPrefix(c.Name, "+"), name) {
			return c, true
		}
	}
	return protocol.Character{}, false
}

func (s *Session) sendAction(typ uint32, body []byte) {
	s.actionSeq++
	m := protocol.GameAction{Sequence: s.actionSeq, Type: typ, Body: body}
	s.sendMessage(m.Encode(nil), 3)
}

// sendMessage sends one game message in fragments on queue.
func (s *Session) sendMessage(msg []byte, queue uint16) {
	if len(msg) >= 4 {
		s.mu.Lock()
		s.stats.Sent[binary.LittleEndian.Uint32(msg)]++
		s.mu.Unlock()
	}
	count := uint16((len(msg) + acnet.MaxFragmentData - 1) / acnet.MaxFragmentData)
	for i := uint16(0); i < count; i++ {
		part := msg[int(i)*acnet.MaxFragmentData : min(len(msg), int(i+1)*acnet.MaxFragmentData)]
		p := acnet.Packet{Header: acnet.Header{Flags: acnet.BlobFragments | acnet.EncryptedChecksum},
			Fragments: []acnet.Fragment{{Seq: s.fragSeq, ID: 0x23000000 | s.fragSeq&0xFFFFFF, Count: count, Index: i, Queue: queue, Data: part}}}
		s.sendData(p)
	}
	s.fragSeq++
}

// sendData sends an encrypted packet with the next sequence and keeps it
// for resends.
func (s *Session) sendData(p acnet.Packet) {
	s.seq++
	s.fill(&p)
	key := s.sendKeys.Next()
	s.sent[p.Seq%maxKept] = sentPacket{pkt: p, key: key, at: time.Now()}
	s.wbuf = acnet.Encode(s.wbuf[:0], &p, key)
	s.write(s.login, s.wbuf)
	s.countClient()
}

// sendControl sends an ack, NAK or echo packet: plain checksum, the
// current sequence (ACE honours a NAK only with a plain checksum).
func (s *Session) sendControl(p acnet.Packet) {
	if p.Flags&acnet.AckSequence == 0 && s.serverSeq > 0 {
		p.Flags |= acnet.AckSequence
		p.Ack = s.serverSeq
	}
	if p.Seq == 0 {
		p.Seq = s.seq
	}
	s.fill(&p)
	s.wbuf = acnet.Encode(s.wbuf[:0], &p, 0)
	s.write(s.login, s.wbuf)
	s.countClient()
}

func (s *Session) fill(p *acnet.Packet) {
	if p.Seq == 0 {
		p.Seq = s.seq
	}
	p.ID = s.clientID
	p.Iteration = 1
	p.Time = uint16(time.Since(s.start) / (500 * time.Millisecond))
}

// disconnect tells the server the session ends. Nothing acknowledges a
// Disconnect and a lost one leaves the character in the world until the
// server's timeout, so it goes three times.
func (s *Session) disconnect() {
	if s.connected {
		for range 3 {
			s.sendControl(acnet.Packet{Header: acnet.Header{Flags: acnet.Disconnect}})
		}
	}
}

// flushOutbox sends the simulation's queued game actions.
func (s *Session) flushOutbox() {
	if !s.entered {
		return // kept until the world is entered
	}
	s.mu.Lock()
	out := s.outbox
	s.outbox = nil
	s.mu.Unlock()
	for _, m := range out {
		if len(m) >= 8 && binary.LittleEndian.Uint32(m) == uint32(protocol.OpGameAction) {
			s.actionSeq++
			binary.LittleEndian.PutUint32(m[4:], s.actionSeq)
		}
		s.sendMessage(m, 3)
	}
}

// Send queues one game message (a 0xF7B1 GameAction from the simulation:
// its action sequence is renumbered) for the network goroutine.
func (s *Session) Send(msg []byte) {
	s.mu.Lock()
	s.outbox = append(s.outbox, append([]byte(nil), msg...))
	s.mu.Unlock()
}

// Drain hands every message received since the last call to f, in
// order, on the caller's goroutine (the simulation's, at a frame boundary).
func (s *Session) Drain(f func(protocol.Message)) {
	s.mu.Lock()
	in := s.inbox
	s.inbox, s.inBytes = nil, 0
	s.mu.Unlock()
	for _, d := range in {
		f(d)
	}
}

// Character is the name of the character the session chose ("" before
// the CharacterList): a reconnect asks for it by name.
func (s *Session) Character() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.character
}

// Entered reports whether the world entry happened (PlayerCreate).
func (s *Session) Entered() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.entered
}

// Stats returns a copy of the counts.
func (s *Session) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.stats
	st.Messages, st.Sent = maps.Clone(s.stats.Messages), maps.Clone(s.stats.Sent)
	return st
}
