package capture

import (
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/dereth/dereth/protocol"

	acnet "github.com/dereth/dereth/net"
)

// Stats counts what a Session saw.
type Stats struct {
	Packets, ClientPackets, ServerPackets int
	// ChecksumOK, ChecksumBad and ChecksumUnverified count packets by
	// Verdict; Malformed ones did not decode.
	ChecksumOK, ChecksumBad, ChecksumUnverified, Malformed int
	// Messages counts reassembled messages by their first u32 (0xF7B0 and
	// 0xF7B1 under those opcodes), both directions.
	Messages map[uint32]int
	// ServerMessages and ClientMessages count messages per direction.
	ServerMessages, ClientMessages int
	// FragmentErrors counts fragments the reassemblers refused (repeats
	// of retransmitted packets included); DecodeErrors messages that did
	// not decode (a message of a known opcode that failed); Unknown the
	// well-framed messages whose opcode, event or action type the
	// catalogue does not know (skipped, not errors).
	FragmentErrors, DecodeErrors, Unknown int
}

// Message is one reassembled, decoded message of the session.
type Message struct {
	Datagram   *Datagram // the datagram that completed it
	FromServer bool
	acnet.Message
	Decoded protocol.Message // nil when Err is set
	Err     error            // the decoding error, if any
}

// Session follows one captured AC session through the datagrams fed to
// it: it decodes each packet, verifies its checksum (ISAAC-keyed ones with
// the seeds from the ConnectRequest when the handshake was captured;
// "unverified" otherwise), drops bad ones, reassembles each direction's
// fragments and decodes every message.
type Session struct {
	Server, Client *acnet.Receiver
	Stats          Stats
	// Connect is the ConnectRequest, once seen.
	Connect *acnet.ConnectRequestBody
	// Login is the LoginRequest body, once seen.
	Login *acnet.LoginRequestBody
	// OnPacket, when set, sees every datagram with its verdict; p is the
	// decoded packet (valid during the call), err why it was dropped.
	OnPacket func(d *Datagram, v acnet.Verdict, p *acnet.Packet, err error)
	// OnMessage, when set, sees every message in each direction's order.
	OnMessage func(m *Message)

	handshake bool
}

// NewSession returns a session follower. Server messages are expected
// from fragment sequence 0 and client messages from 1 (as ACE numbers
// them); a capture that starts later anchors on the first fragment.
func NewSession() *Session {
	return &Session{
		Server: acnet.NewReceiver(0, acnet.DefaultBudget),
		Client: acnet.NewReceiver(1, acnet.DefaultBudget),
		Stats:  Stats{Messages: map[uint32]int{}},
	}
}

// Feed follows one datagram.
func (s *Session) Feed(d *Datagram) {
	st := &s.Stats
	st.Packets++
	r := s.Client
	if d.FromServer {
		st.ServerPackets++
		r = s.Server
	} else {
		st.ClientPackets++
	}
	if !s.handshake && len(d.Payload) >= acnet.HeaderSize {
		flags := acnet.Flags(binary.LittleEndian.Uint32(d.Payload[4:]))
		if flags&(acnet.LoginRequest|acnet.ConnectRequest) != 0 {
			s.handshake = true
		} else if flags&acnet.BlobFragments != 0 && len(d.Payload) >= acnet.HeaderSize+4 {
			// No handshake: anchor on the first fragment seen (the
			// sections before it are skipped by Receive's decode).
			var p acnet.Packet
			if acnet.Decode(d.Payload, &p) == nil && len(p.Fragments) > 0 {
				r.Reasm.Anchor(p.Fragments[0].Seq)
			}
		}
	}
	errs := r.FragmentErrors
	v, err := r.Receive(d.Payload, func(m acnet.Message) {
		msg := Message{Datagram: d, FromServer: d.FromServer, Message: m}
		if len(m.Data) >= 4 {
			st.Messages[binary.LittleEndian.Uint32(m.Data)]++
		}
		if d.FromServer {
			st.ServerMessages++
		} else {
			st.ClientMessages++
		}
		msg.Decoded, msg.Err = protocol.Decode(m.Data)
		switch {
		case errors.Is(msg.Err, protocol.ErrUnknownOpcode):
			st.Unknown++
		case msg.Err != nil:
			st.DecodeErrors++
		}
		if s.OnMessage != nil {
			s.OnMessage(&msg)
		}
	})
	st.FragmentErrors += r.FragmentErrors - errs
	switch v {
	case acnet.Verified:
		st.ChecksumOK++
	case acnet.Unverified:
		st.ChecksumUnverified++
	case acnet.BadChecksum:
		st.ChecksumBad++
	case acnet.Malformed:
		st.Malformed++
	}
	p := &r.Packet
	if v == acnet.Verified || v == acnet.Unverified {
		s.sections(d, p)
	}
	if s.OnPacket != nil {
		s.OnPacket(d, v, p, err)
	}
}

// sections picks up the handshake's seeds and the login.
func (s *Session) sections(d *Datagram, p *acnet.Packet) {
	if d.FromServer && p.Flags&acnet.ConnectRequest != 0 {
		c := p.Connect
		s.Connect = &c
		s.Server.Keys = acnet.NewKeyWindow(c.ServerSeed)
		s.Client.Keys = acnet.NewKeyWindow(c.ClientSeed)
	}
	if !d.FromServer && p.Flags&acnet.LoginRequest != 0 {
		if l, err := acnet.DecodeLoginRequest(p.Login); err == nil {
			s.Login = &l
		}
	}
}

// Pending reports messages still incomplete at the end of the capture.
func (s *Session) Pending() int { return s.Server.Reasm.Pending() + s.Client.Reasm.Pending() }

// Summary is a one-line account of the counts.
func (st *Stats) Summary() string {
	return fmt.Sprintf("packets %d (client %d, server %d), checksums ok %d bad %d unverified %d, malformed %d, messages %d (server %d, client %d), fragment errors %d, decode errors %d, unknown %d",
		st.Packets, st.ClientPackets, st.ServerPackets, st.ChecksumOK, st.ChecksumBad, st.ChecksumUnverified, st.Malformed,
		st.ServerMessages+st.ClientMessages, st.ServerMessages, st.ClientMessages, st.FragmentErrors, st.DecodeErrors, st.Unknown)
}
