package net

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

// split cuts msg into fragments of at most MaxFragmentData bytes.
func split(seq uint32, msg []byte) []Fragment {
	n := (len(msg) + MaxFragmentData - 1) / MaxFragmentData
	var out []Fragment
	for i := range n {
		end := min((i+1)*MaxFragmentData, len(msg))
		out = append(out, Fragment{Seq: seq, ID: 0x80000000, Count: uint16(n), Index: uint16(i), Queue: 9, Data: msg[i*MaxFragmentData : end]})
	}
	return out
}

func message(seq uint32, size int) []byte {
	b := make([]byte, size)
	for i := range b {
		b[i] = byte(int(seq)*31 + i)
	}
	return b
}

func TestReassemblyOrders(t *testing.T) {
	type arrival struct{ seq, idx int }
	tests := []struct {
		name   string
		sizes  map[int]int // message seq → size
		order  []arrival
		errs   int // fragments refused (duplicates)
		expect []int
	}{
		{"in order", map[int]int{1: 10, 2: 900, 3: 5}, []arrival{{1, 0}, {2, 0}, {2, 1}, {2, 2}, {3, 0}}, 0, []int{1, 2, 3}},
		{"tail first", map[int]int{1: 900}, []arrival{{1, 2}, {1, 0}, {1, 1}}, 0, []int{1}},
		{"nine fragments reversed", map[int]int{1: 8*448 + 100}, []arrival{{1, 8}, {1, 7}, {1, 6}, {1, 5}, {1, 4}, {1, 3}, {1, 2}, {1, 1}, {1, 0}}, 0, []int{1}},
		{"duplicates", map[int]int{1: 900, 2: 3}, []arrival{{1, 0}, {1, 0}, {1, 1}, {1, 2}, {1, 1}, {2, 0}, {2, 0}}, 3, []int{1, 2}},
		{"interleaved", map[int]int{1: 500, 2: 500, 3: 4}, []arrival{{2, 1}, {1, 0}, {3, 0}, {2, 0}, {1, 1}}, 0, []int{1, 2, 3}},
		{"later message waits", map[int]int{1: 500, 2: 4}, []arrival{{2, 0}, {1, 1}, {1, 0}}, 0, []int{1, 2}},
	}
	for _, tt := range tests {
		frags := map[int][]Fragment{}
		for seq, size := range tt.sizes {
			frags[seq] = split(uint32(seq), message(uint32(seq), size))
		}
		r := NewReassembler(1, DefaultBudget)
		var got []int
		errs := 0
		for _, a := range tt.order {
			err := r.Add(&frags[a.seq][a.idx], func(m Message) {
				if !bytes.Equal(m.Data, message(m.Seq, tt.sizes[int(m.Seq)])) {
					t.Errorf("%s: message %d reassembled wrong", tt.name, m.Seq)
				}
				got = append(got, int(m.Seq))
			})
			if err != nil {
				if !errors.Is(err, ErrDuplicate) {
					t.Errorf("%s: %v", tt.name, err)
				}
				errs++
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.expect) || errs != tt.errs {
			t.Errorf("%s: delivered %v with %d refusals, want %v with %d", tt.name, got, errs, tt.expect, tt.errs)
		}
		if r.Held() != 0 || r.Pending() != 0 {
			t.Errorf("%s: still holding %d bytes in %d messages", tt.name, r.Held(), r.Pending())
		}
	}
}

func TestReassemblyRandomOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 50 {
		var all []Fragment
		sizes := map[uint32]int{}
		for seq := uint32(1); seq <= 20; seq++ {
			sizes[seq] = 1 + rng.IntN(5*MaxFragmentData)
			all = append(all, split(seq, message(seq, sizes[seq]))...)
		}
		rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		all = append(all, all[:5]...) // duplicates
		r := NewReassembler(1, DefaultBudget)
		next := uint32(1)
		for i := range all {
			r.Add(&all[i], func(m Message) {
				if m.Seq != next || !bytes.Equal(m.Data, message(m.Seq, sizes[m.Seq])) {
					t.Fatalf("trial %d: got message %d, want %d intact", trial, m.Seq, next)
				}
				next++
			})
		}
		if next != 21 {
			t.Fatalf("trial %d: delivered up to %d", trial, next-1)
		}
	}
}

func TestReassemblyBudget(t *testing.T) {
	budget := Budget{Bytes: 4096, Ahead: 64}
	r := NewReassembler(1, budget)
	var err error
	// A hostile peer announcing huge messages and never finishing them.
	for seq := uint32(2); seq < 60 && err == nil; seq++ {
		err = r.Add(&Fragment{Seq: seq, Count: 1000, Index: 0, Data: make([]byte, 100)}, func(Message) {})
	}
	if !errors.Is(err, ErrOverBudget) {
		t.Fatalf("err = %v, want ErrOverBudget", err)
	}
	if r.Held() > budget.Bytes {
		t.Errorf("holding %d bytes over a %d budget", r.Held(), budget.Bytes)
	}
	if err := r.Add(&Fragment{Seq: 1000, Count: 1, Data: []byte{1}}, func(Message) {}); !errors.Is(err, ErrOutOfWindow) {
		t.Errorf("far-ahead fragment: %v, want ErrOutOfWindow", err)
	}
	if err := r.Add(&Fragment{Seq: 1, Count: 0}, func(Message) {}); !errors.Is(err, ErrMismatch) {
		t.Errorf("count 0: %v, want ErrMismatch", err)
	}
	// The next message still gets through while the budget is spent.
	delivered := false
	if err := r.Add(&Fragment{Seq: 1, Count: 1, Data: []byte{7}}, func(m Message) { delivered = true }); err != nil || !delivered {
		t.Errorf("next whole message: delivered %v, err %v", delivered, err)
	}
}

func TestReassemblyCountMismatch(t *testing.T) {
	r := NewReassembler(1, DefaultBudget)
	r.Add(&Fragment{Seq: 1, Count: 3, Index: 0, Data: []byte{1}}, func(Message) {})
	if err := r.Add(&Fragment{Seq: 1, Count: 2, Index: 1, Data: []byte{1}}, func(Message) {}); !errors.Is(err, ErrMismatch) {
		t.Errorf("count change: %v, want ErrMismatch", err)
	}
}

// TestReceiverPlainFragmentsAndLoss: a plain-checksum packet carrying
// fragments is refused (only keyed packets carry messages), and a
// verified packet's fragment the reassembler refuses for a bound (not a
// repeat) is counted as lost.
func TestReceiverPlainFragmentsAndLoss(t *testing.T) {
	r := NewReceiver(0, Budget{Bytes: 4096, Ahead: 8})
	plain := Packet{Header: Header{Seq: 2, Flags: BlobFragments, ID: ServerID, Iteration: 1},
		Fragments: []Fragment{{Seq: 0, ID: 0x80000000, Count: 1, Queue: 9, Data: []byte{1, 2, 3, 4}}}}
	delivered := 0
	if v, err := r.Receive(Encode(nil, &plain, 0), func(Message) { delivered++ }); v != BadChecksum || err == nil || delivered != 0 {
		t.Errorf("plain fragments: %v %v, %d delivered", v, err, delivered)
	}
	far := plain
	far.Fragments = []Fragment{{Seq: 9, ID: 0x80000009, Count: 1, Queue: 9, Data: []byte{1}}}
	r.Keys = NewKeyWindow(5)
	g := NewISAAC(5)
	far.Flags |= EncryptedChecksum
	if v, _ := r.Receive(Encode(nil, &far, g.Next()), func(Message) {}); v != Verified || r.Lost != 1 || !errors.Is(r.LostErr, ErrOutOfWindow) {
		t.Errorf("a verified fragment out of the window: %v, lost %d (%v)", v, r.Lost, r.LostErr)
	}
}
