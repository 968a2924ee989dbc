package session

import (
	"errors"
	"github.com/dereth/dereth/protocol"
	"net"
	"testing"
	"time"

	acnet "github.com/dereth/dereth/net"
)

// fuzzSession is a session past its ConnectRequest (seeds 1 and 2),
// writing to a local socket that discards what it reads, and the server's
// ISAAC keys. (A sink that does not read would fill the loopback's send
// buffer and block the session's writes.)
func fuzzSession(t testing.TB) (*Session, *acnet.ISAAC) {
	sink, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sink.Close() })
	go func() {
		buf := make([]byte, 2048)
		for {
			if _, _, err := sink.ReadFromUDP(buf); err != nil {
				return
			}
		}
	}()
	s, err := New(Config{Addr: sink.LocalAddr().String(), Account: "a", Password: "b"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.conn.Close() })
	s.start = time.Now()
	cr := acnet.Packet{Header: acnet.Header{Flags: acnet.ConnectRequest, ID: acnet.ServerID},
		Optional: acnet.Optional{Connect: acnet.ConnectRequestBody{Cookie: 9, ClientID: 3, ServerSeed: 1, ClientSeed: 2}}}
	s.handle(acnet.Encode(nil, &cr, 0), s.loginAt, s.start)
	if !s.connected {
		t.Fatal("the ConnectRequest was not taken")
	}
	return s, acnet.NewISAAC(1)
}

// FuzzSessionReceive feeds a connected session a stream of datagrams a
// hostile server could send, built from the input: raw bytes, correctly
// keyed packets with fragments of any sequence, count, index and size,
// plain NAK/RejectRetransmit/ack packets, and repeats. Whatever the
// stream, nothing panics, the reassembler stays within its budget, the
// out-of-order bookkeeping stays bounded (the resend store is a fixed
// ring), and only a verified keyed packet (or a run of
// BadChecksumLimit failing ones) ends the session: never a plain one, a
// repeat, or one that does not decode.
func FuzzSessionReceive(f *testing.F) {
	f.Add([]byte{1, 0, 0, 5, 0, 2, 0, 0, 200, 2, 3, 1, 0, 7, 0, 0, 0})
	f.Add([]byte{0, 4, 1, 2, 3, 4, 1, 1, 0, 0, 0, 0xFF, 0xFF, 3, 0, 0xFF, 3})
	f.Add([]byte{2, 3, 5, 0, 0, 0, 1, 200, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(fuzzSessionReceive)
}

func fuzzSessionReceive(t *testing.T, in []byte) {
	{
		s, keys := fuzzSession(t)
		now := s.start
		next := func() byte {
			if len(in) == 0 {
				return 0
			}
			b := in[0]
			in = in[1:]
			return b
		}
		u16 := func() uint16 { return uint16(next()) | uint16(next())<<8 }
		seq := uint32(1)
		var last []byte
		data := make([]byte, acnet.MaxFragmentData)
		for ops := 0; len(in) > 0 && ops < 500; ops++ {
			now = now.Add(time.Millisecond)
			var b []byte
			keyed := false
			switch next() % 4 {
			case 0: // raw bytes
				n := int(next())
				n = min(n, len(in))
				b, in = in[:n], in[n:]
			case 1: // a keyed packet with one fragment
				seq += uint32(next() % 8)
				frag := acnet.Fragment{Seq: uint32(u16()), Count: u16(), Index: u16(), Queue: 9, Data: data[:int(u16())%(acnet.MaxFragmentData+1)]}
				frag.ID = 0x80000000 | frag.Seq
				p := acnet.Packet{Header: acnet.Header{Seq: seq, Flags: acnet.EncryptedChecksum | acnet.BlobFragments, ID: acnet.ServerID},
					Fragments: []acnet.Fragment{frag}}
				b, keyed = acnet.Encode(nil, &p, keys.Next()), true
			case 2: // a plain control packet
				list := make([]uint32, int(next())%8)
				for i := range list {
					list[i] = seq - uint32(next())
				}
				p := acnet.Packet{Header: acnet.Header{Seq: seq, ID: acnet.ServerID}}
				switch next() % 3 {
				case 0:
					p.Flags, p.Retransmit = acnet.RequestRetransmit, list
				case 1:
					p.Flags, p.Rejected = acnet.RejectRetransmit, list
				default:
					p.Flags, p.Ack = acnet.AckSequence, uint32(next())
				}
				b = acnet.Encode(nil, &p, 0)
			case 3: // the last datagram again
				b = last
			}
			last = b
			wasEnded := s.ended
			s.handle(b, s.worldAt, now)
			if wasEnded == nil && s.ended != nil && !keyed && !errors.Is(s.ended, ErrKeyStream) {
				// Only a verified keyed packet ends a session, or a run
				// of BadChecksumLimit keyed ones that fail.
				t.Fatalf("a datagram that is not a verified keyed packet ended the session: %v", s.ended)
			}
			if s.ended != nil {
				return
			}
			if h := s.recv.Reasm.Held(); h > acnet.DefaultBudget.Bytes {
				t.Fatalf("the reassembler holds %d bytes, over its %d budget", h, acnet.DefaultBudget.Bytes)
			}
			if n := len(s.outOfOrder); n > acnet.PacketWindow+1 {
				t.Fatalf("%d out-of-order server packets held", n)
			}
			if s.dataSeen {
				s.tick(now)
			}
			s.Drain(func(protocol.Message) {})
		}
	}
}
