package session

import (
	"testing"
	"time"

	"github.com/dereth/dereth/internal/cputime"
	acnet "github.com/dereth/dereth/net"
)

// BenchmarkSessionReceive is the receiving side in steady state: one
// encrypted server packet (an ack with a TimeSync) decoded, its key
// matched, its sections taken. 0 allocs.
func BenchmarkSessionReceive(b *testing.B) {
	s, keys := fuzzSession(b)
	pkts := make([][]byte, b.N)
	for i := range pkts {
		p := acnet.Packet{Header: acnet.Header{Seq: uint32(i + 2), Flags: acnet.EncryptedChecksum | acnet.TimeSync, ID: acnet.ServerID},
			Optional: acnet.Optional{TimeSync: 280811858.6 + float64(i)}}
		pkts[i] = acnet.Encode(nil, &p, keys.Next())
	}
	now := s.start
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for i := range b.N {
		s.handle(pkts[i], s.worldAt, now)
	}
	b.StopTimer()
	cpu.Report(b, 1, "ns/packet")
	if st := s.Stats(); st.ChecksumOK != b.N+1 {
		b.Fatalf("%d packets verified, want %d", st.ChecksumOK, b.N+1)
	}
}

// BenchmarkSessionPeriodic is the client's periodic packet (ack, Flow,
// TimeSync, EchoRequest) built, keyed, kept for resends and written to
// the socket. 0 allocs in steady state.
func BenchmarkSessionPeriodic(b *testing.B) {
	s, keys := fuzzSession(b)
	p := acnet.Packet{Header: acnet.Header{Seq: 2, Flags: acnet.EncryptedChecksum | acnet.TimeSync, ID: acnet.ServerID},
		Optional: acnet.Optional{TimeSync: 280811858.6}}
	s.handle(acnet.Encode(nil, &p, keys.Next()), s.worldAt, s.start)
	now := s.start
	for range 2000 { // fill the resend store to its bound
		now = now.Add(time.Millisecond)
		s.flowBytes = 100
		s.tick(now)
		s.nextAck, s.nextEcho = now, now
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		now = now.Add(time.Millisecond)
		s.flowBytes = 100
		s.tick(now)
		s.nextAck, s.nextEcho = now, now
	}
}
