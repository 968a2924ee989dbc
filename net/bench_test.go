package net

import (
	"testing"

	"github.com/dereth/dereth/internal/cputime"
)

// BenchmarkDecodeVerify decodes a full server data packet (one 448-byte
// fragment, EncryptedChecksum) and checks its key: ns/packet, 0 allocs.
func BenchmarkDecodeVerify(b *testing.B) {
	p := Packet{Header: Header{Seq: 3, Flags: EncryptedChecksum | BlobFragments, ID: ServerID, Iteration: 1},
		Fragments: []Fragment{{Seq: 1, ID: 0x80000000, Count: 1, Queue: 10, Data: make([]byte, MaxFragmentData)}}}
	const key = 0xA5A5A5A5
	wire := Encode(nil, &p, key)
	var q Packet
	b.SetBytes(int64(len(wire)))
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		if err := Decode(wire, &q); err != nil {
			b.Fatal(err)
		}
		if q.Key() != key {
			b.Fatal("key")
		}
	}
	cpu.Report(b, 1, "ns/packet")
}

// BenchmarkISAACKey is the cost of one key.
func BenchmarkISAACKey(b *testing.B) {
	g := NewISAAC(12345)
	b.ReportAllocs()
	var x uint32
	for b.Loop() {
		x ^= g.Next()
	}
	_ = x
}

// BenchmarkReassemble9 reassembles a 9-fragment message arriving tail
// first.
func BenchmarkReassemble9(b *testing.B) {
	msg := message(1, 8*MaxFragmentData+100)
	r := NewReassembler(1, DefaultBudget)
	b.ReportAllocs()
	seq := uint32(1)
	frags := split(seq, msg)
	for b.Loop() {
		for i := len(frags) - 1; i >= 0; i-- {
			frags[i].Seq = seq
			r.Add(&frags[i], func(Message) {})
		}
		seq++
	}
}

// BenchmarkKeyWindowMatch is the receiving side's cost per in-order key
// (including the generator's).
func BenchmarkKeyWindowMatch(b *testing.B) {
	send := NewISAAC(777)
	w := NewKeyWindow(777)
	b.ReportAllocs()
	for b.Loop() {
		if !w.Match(send.Next()) {
			b.Fatal("no match")
		}
	}
}
