package net

import (
	"errors"
	"fmt"
)

// Budget bounds what a Reassembler holds for one session, so a hostile
// peer cannot make it hold more.
type Budget struct {
	// Bytes is the most fragment data held at once (partial and
	// completed-but-early messages).
	Bytes int
	// Ahead is how far past the next expected message sequence a fragment
	// may be.
	Ahead uint32
}

// MaxFragmentsPerPacket is the most fragments a server packet can carry:
// 16-byte fragment headers in a 464-byte body.
const MaxFragmentsPerPacket = 464 / FragmentHeaderSize

// DefaultBudget is sized to what the session's packet window can hold, so
// an honest server never meets it: PacketWindow packets past a loss carry
// at most PacketWindow × 29 fragments (118,784 messages ahead) and
// PacketWindow × 448 bytes of data (1.75 MiB); their bookkeeping (128
// bytes a message, 32 a fragment slot) is at most 18.2 MiB more. 32 MiB
// leaves room for messages that announce more fragments than arrived
// yet; a fragment past it (a hostile server's 65,535-part claims) is
// refused with ErrOverBudget, which a session treats as a lost message.
var DefaultBudget = Budget{Bytes: 32 << 20, Ahead: PacketWindow * MaxFragmentsPerPacket}

// Errors a Reassembler reports for fragments it drops.
var (
	ErrDuplicate   = errors.New("duplicate fragment")
	ErrOverBudget  = errors.New("reassembly budget exceeded")
	ErrOutOfWindow = errors.New("fragment sequence outside the window")
	ErrMismatch    = errors.New("fragment disagrees with earlier fragments of its message")
)

// Message is one reassembled message.
type Message struct {
	Seq   uint32 // the fragment sequence
	Queue uint16
	Count uint16 // how many fragments it came in
	// Data is the message; it is valid until the next call to Add.
	Data []byte
}

// partialOverhead is what one fragment slot of a partial message is
// charged against the budget (its flag and slice header), and
// messageOverhead what each message held is (its record and map entry).
const (
	partialOverhead = 32
	messageOverhead = 128
)

// partial is one message being collected.
type partial struct {
	count, got uint16
	queue      uint16
	have       []bool
	parts      [][]byte // data per index, copied
	size       int
	done       bool
}

// Reassembler collects fragments into messages and hands them on in
// message-sequence order: fragments may arrive in any order (the last
// first), repeated, and interleaved with other messages'. Messages before
// the next expected sequence are duplicates. It is not safe for concurrent
// use.
type Reassembler struct {
	next    uint32
	budget  Budget
	held    int
	pending map[uint32]*partial
	free    []*partial
	buf     []byte
	started bool
	// Duplicates counts fragments dropped as repeats.
	Duplicates int
}

// NewReassembler returns a reassembler expecting message sequence first
// (1 for a session from its start) within budget.
func NewReassembler(first uint32, budget Budget) *Reassembler {
	return &Reassembler{next: first, budget: budget, pending: map[uint32]*partial{}}
}

// Anchor makes seq the next expected message sequence. It is for a
// receiver that joins a session in the middle (a capture without the
// handshake) and does nothing once anything was added.
func (r *Reassembler) Anchor(seq uint32) {
	if len(r.pending) == 0 && !r.started {
		r.next = seq
	}
}

// Next is the message sequence expected next.
func (r *Reassembler) Next() uint32 { return r.next }

// Held is the fragment data held, in bytes.
func (r *Reassembler) Held() int { return r.held }

// Pending is the number of messages started or completed but not handed on.
func (r *Reassembler) Pending() int { return len(r.pending) }

// Missing reports, when messages wait behind the next expected one, how
// many message sequences from the next up to the highest held are not
// complete (0 when nothing waits).
func (r *Reassembler) Missing() int {
	if len(r.pending) == 0 {
		return 0
	}
	high, done := r.next, 0
	for seq, p := range r.pending {
		if int32(seq-high) > 0 {
			high = seq
		}
		if p.done {
			done++
		}
	}
	return int(high-r.next) + 1 - done
}

// Add takes one fragment and calls deliver for every message that became
// deliverable, in sequence order. A fragment it drops is reported as an
// error wrapping ErrDuplicate, ErrOutOfWindow, ErrMismatch or
// ErrOverBudget; the reassembler stays usable. deliver's Message.Data is
// only valid during the call.
func (r *Reassembler) Add(f *Fragment, deliver func(Message)) error {
	r.started = true
	d := f.Seq - r.next
	if int32(d) < 0 {
		r.Duplicates++
		return fmt.Errorf("net: message %d (next %d): %w", f.Seq, r.next, ErrDuplicate)
	}
	if d > r.budget.Ahead {
		return fmt.Errorf("net: message %d is %d past the next (%d), the window is %d: %w", f.Seq, d, r.next, r.budget.Ahead, ErrOutOfWindow)
	}
	if f.Count == 0 || f.Index >= f.Count {
		return fmt.Errorf("net: message %d: fragment %d of %d: %w", f.Seq, f.Index, f.Count, ErrMismatch)
	}
	if d == 0 && f.Count == 1 && len(r.pending) == 0 {
		// The common case: the next message, whole, nothing waiting.
		r.next++
		deliver(Message{Seq: f.Seq, Queue: f.Queue, Count: 1, Data: f.Data})
		return nil
	}
	p := r.pending[f.Seq]
	if p == nil {
		// A message's bookkeeping is charged to the budget as well as its
		// data, so many small fragments of huge announced messages cannot
		// grow memory past it either.
		over := messageOverhead + int(f.Count)*partialOverhead + len(f.Data)
		if r.held+over > r.budget.Bytes {
			return fmt.Errorf("net: message %d of %d fragments: holding %d bytes of the %d-byte reassembly budget: %w", f.Seq, f.Count, r.held, r.budget.Bytes, ErrOverBudget)
		}
		p = r.newPartial(f.Count, f.Queue)
		r.pending[f.Seq] = p
		r.held += messageOverhead + int(f.Count)*partialOverhead
	}
	switch {
	case p.count != f.Count:
		return fmt.Errorf("net: message %d: fragment says %d fragments, earlier %d: %w", f.Seq, f.Count, p.count, ErrMismatch)
	case p.have[f.Index]:
		r.Duplicates++
		return fmt.Errorf("net: message %d fragment %d: %w", f.Seq, f.Index, ErrDuplicate)
	case r.held+len(f.Data) > r.budget.Bytes:
		return fmt.Errorf("net: message %d: holding %d bytes of the %d-byte reassembly budget: %w", f.Seq, r.held, r.budget.Bytes, ErrOverBudget)
	}
	p.have[f.Index] = true
	p.parts[f.Index] = append(p.parts[f.Index][:0], f.Data...)
	p.got++
	p.size += len(f.Data)
	r.held += len(f.Data)
	if p.got == p.count {
		p.done = true
	}
	r.flush(deliver)
	return nil
}

// flush hands on every completed message at the head of the sequence.
func (r *Reassembler) flush(deliver func(Message)) {
	for {
		p := r.pending[r.next]
		if p == nil || !p.done {
			return
		}
		r.buf = r.buf[:0]
		for _, part := range p.parts[:p.count] {
			r.buf = append(r.buf, part...)
		}
		seq := r.next
		delete(r.pending, seq)
		r.held -= p.size + messageOverhead + int(p.count)*partialOverhead
		r.next++
		r.release(p)
		deliver(Message{Seq: seq, Queue: p.queue, Count: p.count, Data: r.buf})
	}
}

func (r *Reassembler) newPartial(count, queue uint16) *partial {
	var p *partial
	if n := len(r.free); n > 0 {
		p, r.free = r.free[n-1], r.free[:n-1]
	} else {
		p = new(partial)
	}
	p.count, p.queue, p.got, p.size, p.done = count, queue, 0, 0, false
	if cap(p.have) < int(count) {
		p.have = make([]bool, count)
		p.parts = make([][]byte, count)
	} else {
		p.have = p.have[:count]
		clear(p.have)
		p.parts = p.parts[:count]
	}
	return p
}

func (r *Reassembler) release(p *partial) {
	if len(r.free) < 16 && cap(p.have) <= 64 {
		r.free = append(r.free, p)
	}
}
