package net

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
)

// samplePackets covers every optional section and fragments.
func samplePackets() []Packet {
	frag := func(seq uint32, idx, count uint16, data string) Fragment {
		return Fragment{Seq: seq, ID: 0x80000000, Count: count, Index: idx, Queue: 9, Data: []byte(data)}
	}
	login := AppendLoginRequest(nil, &LoginRequestBody{ClientVersion: ClientVersion, AuthType: AuthAccountPassword,
		Timestamp: 1766693881, Account: "acct", Password: "secret"})
	return []Packet{
		{Header: Header{Flags: LoginRequest}, Optional: Optional{Login: login}},
		{Header: Header{Flags: ConnectRequest, ID: ServerID, Iteration: 1}, Optional: Optional{Connect: ConnectRequestBody{ServerTime: 2.8e8, Cookie: 0x1122334455667788, ClientID: 0x41A, ServerSeed: 7, ClientSeed: 9}}},
		{Header: Header{Flags: ConnectResponse, ID: 0x41A, Iteration: 1}, Optional: Optional{ConnectResponse: 0x1122334455667788}},
		{Header: Header{Seq: 2, Flags: EncryptedChecksum | TimeSync, ID: ServerID}, Optional: Optional{TimeSync: 12345.5}},
		{Header: Header{Seq: 4, Flags: EncryptedChecksum | AckSequence | TimeSync | EchoRequest | Flow}, Optional: Optional{Ack: 3, TimeSync: 1.5, EchoRequest: 2.25, Flow: FlowBody{Bytes: 100, Interval: 7}}},
		{Header: Header{Seq: 5, Flags: EncryptedChecksum | EchoResponse}, Optional: Optional{EchoResponse: EchoResponseBody{ClientTime: 1, Delta: -0.5}}},
		{Header: Header{Seq: 6, Flags: RequestRetransmit}, Optional: Optional{Retransmit: []uint32{3, 4, 5}}},
		{Header: Header{Seq: 6, Flags: RejectRetransmit}, Optional: Optional{Rejected: []uint32{9}}},
		{Header: Header{Seq: 7, Flags: ServerSwitch | Referral | WorldLoginRequest | CICMD | NetError}, Optional: Optional{ServerSwitch: [8]byte{0x18}, Referral: [32]byte{1, 2, 3}, WorldLogin: 42, CICMD: [2]uint32{1, 2}, NetError: [2]uint32{3, 4}}},
		{Header: Header{Seq: 8, Flags: Disconnect}},
		{Header: Header{Seq: 9, Flags: EncryptedChecksum | BlobFragments | AckSequence}, Optional: Optional{Ack: 8},
			Fragments: []Fragment{frag(5, 8, 9, "tail"), frag(6, 0, 1, "whole message"), frag(5, 0, 9, "head.")}},
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	for i, want := range samplePackets() {
		key := uint32(0xDEADBEEF)
		b := Encode(nil, &want, key)
		var got Packet
		if err := Decode(b, &got); err != nil {
			t.Fatalf("packet %d (%v): %v", i, want.Flags, err)
		}
		if got.Checksum(key) != got.Header.Checksum {
			t.Errorf("packet %d: checksum does not verify", i)
		}
		if want.Flags&EncryptedChecksum != 0 {
			if got.Key() != key {
				t.Errorf("packet %d: Key = 0x%08X, want 0x%08X", i, got.Key(), key)
			}
			if got.VerifyPlain() {
				t.Errorf("packet %d: an encrypted packet verified as plain", i)
			}
		} else if !got.VerifyPlain() {
			t.Errorf("packet %d: plain checksum does not verify", i)
		}
		again := Encode(nil, &got, key)
		if !bytes.Equal(again, b) {
			t.Errorf("packet %d: re-encoding differs:\n% x\n% x", i, again, b)
		}
		if !reflect.DeepEqual(got.Optional.Retransmit, want.Optional.Retransmit) && len(want.Retransmit) > 0 {
			t.Errorf("packet %d: retransmit %v, want %v", i, got.Retransmit, want.Retransmit)
		}
		if len(got.Fragments) != len(want.Fragments) {
			t.Errorf("packet %d: %d fragments, want %d", i, len(got.Fragments), len(want.Fragments))
		}
		// One flipped bit anywhere breaks the checksum (or the decoding).
		for j := range b {
			bad := bytes.Clone(b)
			bad[j] ^= 0x10
			var p Packet
			if Decode(bad, &p) == nil && p.Checksum(key) == p.Header.Checksum && j >= 12 {
				t.Errorf("packet %d: flipping byte %d still verifies", i, j)
			}
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	valid := func(p Packet) []byte { return Encode(nil, &p, 0) }
	withSize := func(b []byte, size uint16) []byte {
		b = bytes.Clone(b)
		b[16], b[17] = byte(size), byte(size>>8)
		return b
	}
	ack := valid(Packet{Header: Header{Flags: AckSequence}, Optional: Optional{Ack: 1}})
	nak := valid(Packet{Header: Header{Flags: RequestRetransmit}, Optional: Optional{Retransmit: []uint32{1}}})
	nakHuge := bytes.Clone(nak)
	nakHuge[20], nakHuge[23] = 0xFF, 0x7F // count 0x7F0000FF
	frag := valid(Packet{Header: Header{Flags: BlobFragments}, Fragments: []Fragment{{Seq: 1, Count: 1, Data: []byte("abcd")}}})
	fragCount0 := bytes.Clone(frag)
	fragCount0[28] = 0
	fragIndex := bytes.Clone(frag)
	fragIndex[32] = 1
	fragSize := bytes.Clone(frag)
	fragSize[30], fragSize[31] = 0xFF, 0x01 // 511 > 464
	tests := []struct {
		name  string
		in    []byte
		field string
		off   int
	}{
		{"empty", nil, "seq", 0},
		{"short header", ack[:19], "iteration", 18},
		{"size too big", withSize(ack, 9), "size", 16},
		{"size too small", withSize(ack, 0), "size", 16},
		{"short ack", withSize(ack[:22], 2), "ack_sequence", 20},
		{"nak count beyond the datagram", nakHuge, "retransmit_count", 20},
		{"no fragment after BlobFragments", valid(Packet{Header: Header{Flags: BlobFragments}}), "fragment", 20},
		{"short fragment header", withSize(frag[:30], 10), "fragment_size", 30},
		{"fragment count 0", fragCount0, "fragment_count", 28},
		{"fragment index past count", fragIndex, "fragment_index", 32},
		{"fragment size too large", fragSize, "fragment_size", 30},
		{"trailing bytes", withSize(append(bytes.Clone(ack), 1), 5), "trailing", 24},
	}
	for _, tt := range tests {
		var p Packet
		err := Decode(tt.in, &p)
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Errorf("%s: error %v, want a *DecodeError", tt.name, err)
			continue
		}
		if de.Field != tt.field || de.Offset != tt.off {
			t.Errorf("%s: field %s at %d (%v), want %s at %d", tt.name, de.Field, de.Offset, err, tt.field, tt.off)
		}
	}
}

func TestLoginRequestRoundTrip(t *testing.T) {
	long := string(bytes.Repeat([]byte("p"), 300))
	for _, l := range []LoginRequestBody{
		{ClientVersion: ClientVersion, AuthType: AuthAccountPassword, Timestamp: 1, Account: "treestats", Password: "treestats"},
		{ClientVersion: ClientVersion, AuthType: AuthAccountPassword, Account: "a", LoginAs: "bb", Password: long},
		{ClientVersion: ClientVersion, AuthType: AuthAccountPassword, Account: "abc", Password: ""},
		{ClientVersion: ClientVersion, AuthType: 1, Account: "nopass"},
	} {
		b := AppendLoginRequest(nil, &l)
		got, err := DecodeLoginRequest(b)
		if err != nil {
			t.Fatalf("%v: %v", l, err)
		}
		if got != l {
			t.Errorf("round trip: %+v, want %+v", got, l)
		}
		if _, err := DecodeLoginRequest(b[:len(b)-1]); err == nil {
			t.Errorf("%v: truncated body decodes", l)
		}
	}
	if s := (LoginRequestBody{Password: "hunter2"}).String(); bytes.Contains([]byte(s), []byte("hunter2")) {
		t.Errorf("String shows the password: %s", s)
	}
}
