package net

import (
	"errors"
	"fmt"
)

// Verdict is what a Receiver made of a datagram's checksum.
type Verdict uint8

// Verdicts.
const (
	// Verified: the checksum is right (plain, or keyed with an accepted
	// ISAAC key).
	Verified Verdict = iota
	// Unverified: the checksum is ISAAC-keyed and the seed is unknown (a
	// capture without its handshake); the packet is used anyway.
	Unverified
	// BadChecksum: dropped, never applied.
	BadChecksum
	// Malformed: the datagram does not decode; dropped.
	Malformed
)

func (v Verdict) String() string {
	switch v {
	case Verified:
		return "ok"
	case Unverified:
		return "unverified"
	case BadChecksum:
		return "bad"
	case Malformed:
		return "malformed"
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// Receiver is one direction's receiving side: it decodes a datagram,
// checks its checksum against the direction's ISAAC key window, and feeds
// the fragments of a good packet to the reassembler. The Packet it decoded
// last stays readable in Packet until the next Receive.
type Receiver struct {
	Packet Packet
	Keys   *KeyWindow // nil until the seed is known
	Reasm  *Reassembler
	// FragmentErrors counts fragments the reassembler dropped (repeats
	// included).
	FragmentErrors int
	// LastFragmentErr is the most recent such drop.
	LastFragmentErr error
	// Lost counts the fragments of verified packets the reassembler
	// refused for a reason other than a repeat (its budget, its window, a
	// fragment disagreeing with its message): their messages can never
	// be delivered. LostErr is the first such refusal.
	Lost    int
	LostErr error
	// high is the highest seq of a verified ISAAC-keyed packet.
	high uint32
}

// NewReceiver returns a receiver expecting message sequence first.
func NewReceiver(first uint32, budget Budget) *Receiver {
	return &Receiver{Reasm: NewReassembler(first, budget)}
}

// Receive handles one datagram: decode (Malformed and the error on
// failure), verify (BadChecksum: dropped, nothing delivered), then
// reassemble, calling deliver for every message completed in order. A
// packet marked Retransmission whose key was already used is accepted when
// its key is in the skipped window; otherwise it is a bad checksum.
func (r *Receiver) Receive(b []byte, deliver func(Message)) (Verdict, error) {
	p := &r.Packet
	if err := Decode(b, p); err != nil {
		return Malformed, err
	}
	v := Verified
	switch {
	case p.Flags&EncryptedChecksum == 0:
		if !p.VerifyPlain() {
			return BadChecksum, fmt.Errorf("net: packet %d: plain checksum 0x%08X, want 0x%08X", p.Seq, p.Header.Checksum, p.Checksum(0))
		}
		if len(p.Fragments) > 0 {
			// Anyone can compute a plain checksum; ACE keys every packet
			// that carries messages.
			return BadChecksum, fmt.Errorf("net: packet %d: %d fragments under a plain checksum (only keyed packets carry messages)", p.Seq, len(p.Fragments))
		}
	case r.Keys == nil:
		v = Unverified
	default:
		// Every keyed packet takes a seq, so one seq n past the highest
		// seen can use a key at most n ahead: that far the window looks
		// (at least Window, ACE's reach), which survives a burst of more
		// than Window lost packets.
		limit := Window
		if p.Seq > r.high && r.high > 0 {
			limit = max(limit, int(min(p.Seq-r.high, MaxAhead)))
		}
		if k := p.Key(); !r.Keys.MatchWithin(k, limit) {
			return BadChecksum, fmt.Errorf("net: packet %d: key 0x%08X is not in the ISAAC window", p.Seq, k)
		}
		r.high = max(r.high, p.Seq)
	}
	for i := range p.Fragments {
		if err := r.Reasm.Add(&p.Fragments[i], deliver); err != nil {
			r.FragmentErrors++
			r.LastFragmentErr = err
			if !errors.Is(err, ErrDuplicate) && v == Verified {
				r.Lost++
				if r.LostErr == nil {
					r.LostErr = err
				}
			}
		}
	}
	return v, nil
}
