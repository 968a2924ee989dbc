package net

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/dereth/dereth/internal/cursor"
)

// Flags is the packet header's flag word (ACE PacketHeaderFlags).
type Flags uint32

// Header flags.
const (
	Retransmission     Flags = 0x00000001
	EncryptedChecksum  Flags = 0x00000002
	BlobFragments      Flags = 0x00000004
	ServerSwitch       Flags = 0x00000100
	Referral           Flags = 0x00000800
	RequestRetransmit  Flags = 0x00001000
	RejectRetransmit   Flags = 0x00002000
	AckSequence        Flags = 0x00004000
	Disconnect         Flags = 0x00008000
	LoginRequest       Flags = 0x00010000
	WorldLoginRequest  Flags = 0x00020000
	ConnectRequest     Flags = 0x00040000
	ConnectResponse    Flags = 0x00080000
	NetError           Flags = 0x00100000
	NetErrorDisconnect Flags = 0x00200000
	CICMD              Flags = 0x00400000
	TimeSync           Flags = 0x01000000
	EchoRequest        Flags = 0x02000000
	EchoResponse       Flags = 0x04000000
	Flow               Flags = 0x08000000
)

var flagNames = []struct {
	f    Flags
	name string
}{
	{Retransmission, "Retransmission"}, {EncryptedChecksum, "EncryptedChecksum"},
	{BlobFragments, "BlobFragments"}, {ServerSwitch, "ServerSwitch"}, {Referral, "Referral"},
	{RequestRetransmit, "RequestRetransmit"}, {RejectRetransmit, "RejectRetransmit"},
	{AckSequence, "AckSequence"}, {Disconnect, "Disconnect"}, {LoginRequest, "LoginRequest"},
	{WorldLoginRequest, "WorldLoginRequest"}, {ConnectRequest, "ConnectRequest"},
	{ConnectResponse, "ConnectResponse"}, {NetError, "NetError"},
	{NetErrorDisconnect, "NetErrorDisconnect"}, {CICMD, "CICMD"}, {TimeSync, "TimeSync"},
	{EchoRequest, "EchoRequest"}, {EchoResponse, "EchoResponse"}, {Flow, "Flow"},
}

// Has reports whether every bit of g is set in f.
func (f Flags) Has(g Flags) bool { return f&g == g }

// String names the set flags joined by "|" (unknown bits in hex).
func (f Flags) String() string {
	var parts []string
	for _, n := range flagNames {
		if f&n.f != 0 {
			parts = append(parts, n.name)
			f &^= n.f
		}
	}
	if f != 0 {
		parts = append(parts, fmt.Sprintf("0x%X", uint32(f)))
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, "|")
}

// Sizes and limits.
const (
	HeaderSize         = 20
	FragmentHeaderSize = 16
	// MaxFragmentData is the most data one fragment carries.
	MaxFragmentData = 448
	// MaxServerBody is the most bytes after the header in a server packet.
	MaxServerBody = 464
	// MaxDatagram is the largest datagram either side sends (a client's).
	MaxDatagram = 1024
	// checksumSeed stands in for the checksum while the header is hashed.
	checksumSeed = 0xBADD70DD
	// ServerID is the header Id of every server packet.
	ServerID = 0x000B
)

// Header is the 20-byte packet header.
type Header struct {
	Seq       uint32
	Flags     Flags
	Checksum  uint32
	ID        uint16 // the client id (client→server) or ServerID
	Time      uint16
	Size      uint16 // bytes after the header
	Iteration uint16
}

// Hash is the header hash: Hash32 of the 20 bytes with Checksum replaced by
// 0xBADD70DD.
func (h *Header) Hash() uint32 {
	return HeaderSize<<16 + h.Seq + uint32(h.Flags) + checksumSeed +
		(uint32(h.ID) | uint32(h.Time)<<16) + (uint32(h.Size) | uint32(h.Iteration)<<16)
}

// Append appends the 20 header bytes to dst.
func (h *Header) Append(dst []byte) []byte {
	dst = binary.LittleEndian.AppendUint32(dst, h.Seq)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(h.Flags))
	dst = binary.LittleEndian.AppendUint32(dst, h.Checksum)
	dst = binary.LittleEndian.AppendUint16(dst, h.ID)
	dst = binary.LittleEndian.AppendUint16(dst, h.Time)
	dst = binary.LittleEndian.AppendUint16(dst, h.Size)
	return binary.LittleEndian.AppendUint16(dst, h.Iteration)
}

// ConnectRequestBody is the server's ConnectRequest section (32 bytes).
type ConnectRequestBody struct {
	ServerTime float64
	Cookie     uint64
	ClientID   uint32
	ServerSeed uint32 // seeds the server→client keys
	ClientSeed uint32 // seeds the client→server keys
	Pad        uint32
}

// EchoResponseBody is the server's answer to an EchoRequest.
type EchoResponseBody struct {
	ClientTime float32
	Delta      float32 // server − client time
}

// FlowBody is the Flow section.
type FlowBody struct {
	Bytes    uint32
	Interval uint16
}

// Optional holds the optional sections; each is meaningful only when its
// flag is set in the header.
type Optional struct {
	ServerSwitch [8]byte
	// Referral is the 32-byte referral (connection key, sockaddr, server
	// id); ACE sends it but never in the captured sessions.
	Referral [32]byte
	// Retransmit lists the packet sequences a RequestRetransmit (NAK) asks for.
	Retransmit []uint32
	// Rejected lists the sequences a RejectRetransmit says are gone.
	Rejected []uint32
	Ack      uint32
	// Login is the LoginRequest body (the rest of the packet); it aliases
	// the decoded datagram. DecodeLoginRequest reads it.
	Login           []byte
	WorldLogin      uint64
	Connect         ConnectRequestBody
	ConnectResponse uint64 // the cookie
	// NetError holds NetError / NetErrorDisconnect's two u32s (string id,
	// table id). Neither ACE nor the captures send them; the layout is
	// retail's.
	NetError     [2]uint32
	CICMD        [2]uint32
	TimeSync     float64
	EchoRequest  float32
	EchoResponse EchoResponseBody
	Flow         FlowBody
}

// Fragment is one blob fragment: its 16-byte header and data.
type Fragment struct {
	Seq   uint32 // the message's sequence
	ID    uint32
	Count uint16 // fragments in the message
	Size  uint16 // header included
	Index uint16
	Queue uint16 // the message group
	// Data aliases the decoded datagram.
	Data []byte
}

// Hash is Hash32(the fragment's 16-byte header) + Hash32(its data).
func (f *Fragment) Hash() uint32 {
	return FragmentHeaderSize<<16 + f.Seq + f.ID + (uint32(f.Count) | uint32(f.Size)<<16) +
		(uint32(f.Index) | uint32(f.Queue)<<16) + Hash32(f.Data)
}

// Append appends the fragment's header (Size computed from Data) and data.
func (f *Fragment) Append(dst []byte) []byte {
	dst = binary.LittleEndian.AppendUint32(dst, f.Seq)
	dst = binary.LittleEndian.AppendUint32(dst, f.ID)
	dst = binary.LittleEndian.AppendUint16(dst, f.Count)
	dst = binary.LittleEndian.AppendUint16(dst, uint16(FragmentHeaderSize+len(f.Data)))
	dst = binary.LittleEndian.AppendUint16(dst, f.Index)
	dst = binary.LittleEndian.AppendUint16(dst, f.Queue)
	return append(dst, f.Data...)
}

// Packet is one decoded datagram. Decoding into the same Packet again
// reuses its slices.
type Packet struct {
	Header
	Optional
	// OptionalBytes are the bytes of every optional section taken as one
	// blob (they alias the datagram); their Hash32 is the checksum's first
	// payload term.
	OptionalBytes []byte
	Fragments     []Fragment
}

// Reset clears p, keeping its slices' storage.
func (p *Packet) Reset() {
	retr, rej, frags := p.Retransmit[:0], p.Rejected[:0], p.Fragments[:0]
	*p = Packet{}
	p.Retransmit, p.Rejected, p.Fragments = retr, rej, frags
}

// dec walks one datagram on the shared cursor; the first failure is kept
// in err as a *DecodeError naming the field and offset. Reads after a
// failure may still succeed on the bytes left; callers check err.
type dec struct {
	cursor.Cursor
	what string
	err  error
}

// need reports whether n more bytes are there (and no failure yet).
func (d *dec) need(field string, n int) bool {
	if d.err != nil {
		return false
	}
	if !d.Has(n) {
		d.short(field, n)
		return false
	}
	return true
}

//go:noinline
func (d *dec) short(field string, n int) {
	if d.err == nil {
		d.err = &DecodeError{What: d.what, Field: field, Offset: d.Off, Need: n, Have: d.Left()}
	}
}

//go:noinline
func (d *dec) fail(field string, off int, format string, a ...any) {
	if d.err == nil {
		d.err = &DecodeError{What: d.what, Field: field, Offset: off, Reason: fmt.Sprintf(format, a...)}
	}
}

func (d *dec) u16(field string) uint16 {
	v, ok := d.U16()
	if !ok {
		d.short(field, 2)
	}
	return v
}

func (d *dec) u32(field string) uint32 {
	v, ok := d.U32()
	if !ok {
		d.short(field, 4)
	}
	return v
}

func (d *dec) u64(field string) uint64 {
	v, ok := d.U64()
	if !ok {
		d.short(field, 8)
	}
	return v
}

func (d *dec) f32(field string) float32 { return math.Float32frombits(d.u32(field)) }
func (d *dec) f64(field string) float64 { return math.Float64frombits(d.u64(field)) }

func (d *dec) bytes(field string, dst []byte) {
	if v, ok := d.Bytes(len(dst)); ok {
		copy(dst, v)
	} else {
		d.short(field, len(dst))
	}
}

// list reads a u32 count and that many u32s into dst[:0], bounding the
// count by the bytes left before sizing anything.
func (d *dec) list(field string, dst []uint32) []uint32 {
	at := d.Off
	n := d.u32(field + "_count")
	if d.err != nil {
		return dst[:0]
	}
	if uint64(n)*4 > uint64(len(d.B)-d.Off) {
		d.fail(field+"_count", at, "count %d needs %d bytes, have %d", n, uint64(n)*4, len(d.B)-d.Off)
		return dst[:0]
	}
	dst = dst[:0]
	for range n {
		dst = append(dst, d.u32(field))
	}
	return dst
}

// Decode decodes one datagram into p, reusing p's slices. Optional
// sections are read in ACE's order; with BlobFragments the rest is
// fragments back to back, otherwise the body must end with the sections.
// Data slices alias b.
func Decode(b []byte, p *Packet) error {
	p.Reset()
	d := dec{Cursor: cursor.Cursor{B: b}, what: "packet"}
	h := &p.Header
	h.Seq = d.u32("seq")
	h.Flags = Flags(d.u32("flags"))
	h.Checksum = d.u32("checksum")
	h.ID = d.u16("id")
	h.Time = d.u16("time")
	h.Size = d.u16("size")
	h.Iteration = d.u16("iteration")
	if d.err != nil {
		return d.err
	}
	if int(h.Size) != len(b)-HeaderSize {
		d.fail("size", 16, "header says %d bytes follow, the datagram has %d", h.Size, len(b)-HeaderSize)
		return d.err
	}
	f := h.Flags
	start := d.Off
	if f&ServerSwitch != 0 {
		d.bytes("server_switch", p.ServerSwitch[:])
	}
	if f&Referral != 0 {
		d.bytes("referral", p.Referral[:])
	}
	if f&RequestRetransmit != 0 {
		p.Retransmit = d.list("retransmit", p.Retransmit)
	}
	if f&RejectRetransmit != 0 {
		p.Rejected = d.list("reject", p.Rejected)
	}
	if f&AckSequence != 0 {
		p.Ack = d.u32("ack_sequence")
	}
	if f&LoginRequest != 0 {
		if d.need("login_request", 1) {
			p.Login = b[d.Off:len(b):len(b)]
			d.Off = len(b)
		}
	}
	if f&WorldLoginRequest != 0 {
		p.WorldLogin = d.u64("world_login")
	}
	if f&ConnectRequest != 0 {
		c := &p.Connect
		c.ServerTime = d.f64("server_time")
		c.Cookie = d.u64("cookie")
		c.ClientID = d.u32("client_id")
		c.ServerSeed = d.u32("server_seed")
		c.ClientSeed = d.u32("client_seed")
		c.Pad = d.u32("connect_pad")
	}
	if f&ConnectResponse != 0 {
		p.ConnectResponse = d.u64("connect_response_cookie")
	}
	if f&(NetError|NetErrorDisconnect) != 0 {
		p.NetError[0] = d.u32("net_error_string")
		p.NetError[1] = d.u32("net_error_table")
	}
	if f&CICMD != 0 {
		p.CICMD[0] = d.u32("cicmd_command")
		p.CICMD[1] = d.u32("cicmd_param")
	}
	if f&TimeSync != 0 {
		p.TimeSync = d.f64("time_sync")
	}
	if f&EchoRequest != 0 {
		p.EchoRequest = d.f32("echo_request")
	}
	if f&EchoResponse != 0 {
		p.EchoResponse.ClientTime = d.f32("echo_client_time")
		p.EchoResponse.Delta = d.f32("echo_delta")
	}
	if f&Flow != 0 {
		p.Flow.Bytes = d.u32("flow_bytes")
		p.Flow.Interval = d.u16("flow_interval")
	}
	if d.err != nil {
		return d.err
	}
	p.OptionalBytes = b[start:d.Off:d.Off]
	if f&BlobFragments == 0 {
		if d.Off != len(b) {
			d.fail("trailing", d.Off, "%d bytes after the optional sections without BlobFragments", len(b)-d.Off)
		}
		return d.err
	}
	if d.Off == len(b) {
		d.fail("fragment", d.Off, "BlobFragments set but no fragment follows")
		return d.err
	}
	for d.Off < len(b) && d.err == nil {
		var fr Fragment
		d.fragment(&fr)
		if d.err == nil {
			p.Fragments = append(p.Fragments, fr)
		}
	}
	return d.err
}

// fragment reads one fragment at d.Off.
func (d *dec) fragment(fr *Fragment) {
	at := d.Off
	fr.Seq = d.u32("fragment_seq")
	fr.ID = d.u32("fragment_id")
	fr.Count = d.u16("fragment_count")
	fr.Size = d.u16("fragment_size")
	fr.Index = d.u16("fragment_index")
	fr.Queue = d.u16("fragment_queue")
	if d.err != nil {
		return
	}
	switch {
	case fr.Count == 0:
		d.fail("fragment_count", at+8, "count 0")
	case fr.Index >= fr.Count:
		d.fail("fragment_index", at+12, "index %d of %d fragments", fr.Index, fr.Count)
	case fr.Size < FragmentHeaderSize || fr.Size > FragmentHeaderSize+MaxFragmentData:
		d.fail("fragment_size", at+10, "size %d outside %d–%d", fr.Size, FragmentHeaderSize, FragmentHeaderSize+MaxFragmentData)
	}
	n := int(fr.Size) - FragmentHeaderSize
	if d.err != nil || !d.need("fragment_data", n) {
		return
	}
	fr.Data = d.B[d.Off : d.Off+n : d.Off+n]
	d.Off += n
}

// DecodeFragment decodes one fragment (header and data) from the start of
// b and reports how many bytes it used. Data aliases b.
func DecodeFragment(b []byte, fr *Fragment) (int, error) {
	d := dec{Cursor: cursor.Cursor{B: b}, what: "fragment"}
	*fr = Fragment{}
	d.fragment(fr)
	return d.Off, d.err
}

// PayloadHash is the checksum's payload term: Hash32 of the optional
// sections as one blob (0 when there are none) plus every fragment's Hash.
func (p *Packet) PayloadHash() uint32 {
	var h uint32
	if len(p.OptionalBytes) > 0 {
		h = Hash32(p.OptionalBytes)
	}
	for i := range p.Fragments {
		h += p.Fragments[i].Hash()
	}
	return h
}

// Checksum is the checksum p's header and payload call for: header hash +
// payload hash, with the payload hash XORed with key when the packet has
// EncryptedChecksum (key is ignored otherwise).
func (p *Packet) Checksum(key uint32) uint32 {
	ph := p.PayloadHash()
	if p.Flags&EncryptedChecksum != 0 {
		ph ^= key
	}
	return p.Header.Hash() + ph
}

// Key is the ISAAC key an EncryptedChecksum packet's checksum carries:
// (Checksum − header hash) XOR payload hash.
func (p *Packet) Key() uint32 { return (p.Header.Checksum - p.Header.Hash()) ^ p.PayloadHash() }

// VerifyPlain reports whether a packet without EncryptedChecksum carries
// the right checksum.
func (p *Packet) VerifyPlain() bool {
	return p.Flags&EncryptedChecksum == 0 && p.Header.Hash()+p.PayloadHash() == p.Header.Checksum
}

// Encode appends p as a datagram to dst: the header (Size computed, and
// Checksum computed with key when EncryptedChecksum is set), the optional
// sections its flags name from p's fields, then its fragments.
func Encode(dst []byte, p *Packet, key uint32) []byte {
	start := len(dst)
	dst = p.Header.Append(dst)
	body := len(dst)
	f := p.Flags
	le := binary.LittleEndian
	if f&ServerSwitch != 0 {
		dst = append(dst, p.ServerSwitch[:]...)
	}
	if f&Referral != 0 {
		dst = append(dst, p.Referral[:]...)
	}
	if f&RequestRetransmit != 0 {
		dst = appendList(dst, p.Retransmit)
	}
	if f&RejectRetransmit != 0 {
		dst = appendList(dst, p.Rejected)
	}
	if f&AckSequence != 0 {
		dst = le.AppendUint32(dst, p.Ack)
	}
	if f&LoginRequest != 0 {
		dst = append(dst, p.Login...)
	}
	if f&WorldLoginRequest != 0 {
		dst = le.AppendUint64(dst, p.WorldLogin)
	}
	if f&ConnectRequest != 0 {
		c := &p.Connect
		dst = le.AppendUint64(dst, math.Float64bits(c.ServerTime))
		dst = le.AppendUint64(dst, c.Cookie)
		dst = le.AppendUint32(dst, c.ClientID)
		dst = le.AppendUint32(dst, c.ServerSeed)
		dst = le.AppendUint32(dst, c.ClientSeed)
		dst = le.AppendUint32(dst, c.Pad)
	}
	if f&ConnectResponse != 0 {
		dst = le.AppendUint64(dst, p.ConnectResponse)
	}
	if f&(NetError|NetErrorDisconnect) != 0 {
		dst = le.AppendUint32(dst, p.NetError[0])
		dst = le.AppendUint32(dst, p.NetError[1])
	}
	if f&CICMD != 0 {
		dst = le.AppendUint32(dst, p.CICMD[0])
		dst = le.AppendUint32(dst, p.CICMD[1])
	}
	if f&TimeSync != 0 {
		dst = le.AppendUint64(dst, math.Float64bits(p.TimeSync))
	}
	if f&EchoRequest != 0 {
		dst = le.AppendUint32(dst, math.Float32bits(p.EchoRequest))
	}
	if f&EchoResponse != 0 {
		dst = le.AppendUint32(dst, math.Float32bits(p.EchoResponse.ClientTime))
		dst = le.AppendUint32(dst, math.Float32bits(p.EchoResponse.Delta))
	}
	if f&Flow != 0 {
		dst = le.AppendUint32(dst, p.Flow.Bytes)
		dst = le.AppendUint16(dst, p.Flow.Interval)
	}
	opt := Hash32(dst[body:])
	if len(dst) == body {
		opt = 0
	}
	for i := range p.Fragments {
		fr := &p.Fragments[i]
		dst = fr.Append(dst)
		opt += Hash32(dst[len(dst)-len(fr.Data)-FragmentHeaderSize : len(dst)-len(fr.Data)])
		opt += Hash32(fr.Data)
	}
	h := p.Header
	h.Size = uint16(len(dst) - body)
	if f&EncryptedChecksum != 0 {
		opt ^= key
	}
	h.Checksum = h.Hash() + opt
	h.Append(dst[start:start])
	return dst
}

func appendList(dst []byte, v []uint32) []byte {
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(v)))
	for _, x := range v {
		dst = binary.LittleEndian.AppendUint32(dst, x)
	}
	return dst
}
