package net

import (
	"bytes"
	"testing"
)

// FuzzDecodePacket: decoding never panics; a packet that decodes
// re-encodes to the same bytes, the checksum aside (Encode computes it, with
// the key recovered from the packet for an encrypted one, so it differs
// exactly when a plain packet's checksum was wrong).
func FuzzDecodePacket(f *testing.F) {
	for _, p := range samplePackets() {
		f.Add(Encode(nil, &p, 0x1234))
	}
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		var p Packet
		if err := Decode(b, &p); err != nil {
			return
		}
		key := uint32(0)
		if p.Flags&EncryptedChecksum != 0 {
			key = p.Key()
		}
		again := Encode(nil, &p, key)
		same := bytes.Equal(again[8:12], b[8:12])
		copy(again[8:12], b[8:12])
		if !bytes.Equal(again, b) {
			t.Fatalf("re-encoding differs:\n% x\n% x", again, b)
		}
		if p.Flags&EncryptedChecksum == 0 && same != p.VerifyPlain() {
			t.Fatalf("checksum recomputed equal: %v, VerifyPlain: %v", same, p.VerifyPlain())
		}
	})
}

// FuzzDecodeFragment: never panics, and a decoded fragment re-encodes to
// the bytes it used.
func FuzzDecodeFragment(f *testing.F) {
	for _, p := range samplePackets() {
		for _, fr := range p.Fragments {
			f.Add(fr.Append(nil))
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var fr Fragment
		n, err := DecodeFragment(b, &fr)
		if err != nil {
			return
		}
		if again := fr.Append(nil); !bytes.Equal(again, b[:n]) {
			t.Fatalf("re-encoding differs:\n% x\n% x", again, b[:n])
		}
		r := NewReassembler(fr.Seq, Budget{Bytes: 1 << 16, Ahead: 16})
		r.Add(&fr, func(Message) {})
	})
}

// FuzzDecodeLoginRequest: the LoginRequest section never panics.
func FuzzDecodeLoginRequest(f *testing.F) {
	f.Add(AppendLoginRequest(nil, &LoginRequestBody{Account: "a", Password: "p", AuthType: AuthAccountPassword}))
	f.Fuzz(func(t *testing.T, b []byte) {
		DecodeLoginRequest(b)
	})
}
