package capture

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/dereth/dereth/internal/captures"
	acnet "github.com/dereth/dereth/net"
)

// The captured session's counts, checked against an independent packet
// dump: 14 packets in login.pcap, 89 in entergameworld.pcap.
const (
	wantPackets       = 103
	wantClientPackets = 20
	wantServerPackets = 83
)

func readSession(t *testing.T) []Datagram {
	ds, err := ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// TestSessionVerifiesAndDecodes reads both captures as one session: every
// checksum verifies (ISAAC ones with the seeds from the captured
// ConnectRequest, across the uncaptured gap between the files), every
// fragment reassembles, every message decodes.
func TestSessionVerifiesAndDecodes(t *testing.T) {
	ds := readSession(t)
	s := NewSession()
	var nineFragments, tailFirst bool
	seenFirst := map[uint32]uint16{} // server message seq → first index seen
	s.OnPacket = func(d *Datagram, v acnet.Verdict, p *acnet.Packet, err error) {
		if err != nil {
			t.Errorf("%s frame %d: %v: %v", d.File, d.Frame, v, err)
		}
		if !d.FromServer {
			return
		}
		for _, f := range p.Fragments {
			if _, ok := seenFirst[f.Seq]; !ok && f.Count > 1 {
				seenFirst[f.Seq] = f.Index
			}
		}
	}
	var creates int
	s.OnMessage = func(m *Message) {
		if m.Err != nil {
			t.Errorf("%s frame %d: message %d (0x%X): %v", m.Datagram.File, m.Datagram.Frame, m.Seq, m.Data[:4], m.Err)
		}
		if m.FromServer && m.Count == 9 {
			nineFragments = true
		}
		if m.FromServer && m.Count > 1 && seenFirst[m.Seq] == m.Count-1 {
			tailFirst = true
		}
		if m.Decoded != nil && m.Decoded.Name() == "CreateObject" {
			creates++
		}
	}
	for i := range ds {
		s.Feed(&ds[i])
	}
	st := s.Stats
	t.Log(st.Summary())
	if st.Packets != wantPackets || st.ClientPackets != wantClientPackets || st.ServerPackets != wantServerPackets {
		t.Errorf("packets %d (client %d, server %d), want %d (%d, %d)", st.Packets, st.ClientPackets, st.ServerPackets, wantPackets, wantClientPackets, wantServerPackets)
	}
	if st.ChecksumOK != wantPackets || st.ChecksumBad != 0 || st.ChecksumUnverified != 0 || st.Malformed != 0 {
		t.Errorf("checksums ok %d bad %d unverified %d malformed %d, want all %d ok", st.ChecksumOK, st.ChecksumBad, st.ChecksumUnverified, st.Malformed, wantPackets)
	}
	if st.FragmentErrors != 0 || s.Pending() != 0 || st.DecodeErrors != 0 {
		t.Errorf("fragment errors %d, incomplete messages %d, decode errors %d; want none", st.FragmentErrors, s.Pending(), st.DecodeErrors)
	}
	if !nineFragments || !tailFirst {
		t.Errorf("9-fragment message reassembled: %v, a message whose last fragment came first: %v", nineFragments, tailFirst)
	}
	want := map[uint32]int{0xF745: 136, 0xF7B0: 19, 0xF7B1: 6, 0xF7E0: 3, 0x02CD: 2, 0xF7EA: 2, 0xF7E5: 1, 0xF7E6: 1,
		0xF658: 1, 0xF7E1: 1, 0xF7C8: 1, 0xF7DF: 1, 0xF657: 1, 0xF746: 1, 0xF74C: 1, 0xF74B: 1}
	for op, n := range want {
		if st.Messages[op] != n {
			t.Errorf("messages 0x%04X: %d, want %d", op, st.Messages[op], n)
		}
	}
	if len(st.Messages) != len(want) {
		t.Errorf("%d opcodes, want %d: %v", len(st.Messages), len(want), st.Messages)
	}
	if creates != 136 {
		t.Errorf("%d CreateObjects decoded, want 136", creates)
	}
	if s.Login == nil || s.Login.Account != "treestats" || s.Connect == nil {
		t.Errorf("login %v, connect %v", s.Login, s.Connect)
	}
}

// Without login.pcap the seeds are unknown: encrypted checksums are
// reported unverified, plain ones still verify, and reassembly anchors on
// the first fragment seen.
func TestSessionWithoutHandshake(t *testing.T) {
	paths := captures.Paths(t)
	ds, err := ReadFiles(paths[1])
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession()
	for i := range ds {
		s.Feed(&ds[i])
	}
	st := s.Stats
	if st.ChecksumUnverified == 0 || st.ChecksumBad != 0 || st.ChecksumOK+st.ChecksumUnverified != st.Packets {
		t.Errorf("%s", st.Summary())
	}
	if st.Messages[0xF745] != 136 || st.DecodeErrors != 0 {
		t.Errorf("without the handshake: %d CreateObjects, %d decode errors; want 136, 0", st.Messages[0xF745], st.DecodeErrors)
	}
}

// A corrupted packet is counted bad and its fragments are never used.
func TestSessionDropsBadChecksum(t *testing.T) {
	ds := readSession(t)
	s := NewSession()
	corrupted := 0
	for i := range ds {
		d := ds[i]
		if d.FromServer && len(d.Payload) > 400 && corrupted == 0 {
			d.Payload = bytes.Clone(d.Payload)
			d.Payload[300] ^= 1
			corrupted++
		}
		s.Feed(&d)
	}
	if s.Stats.ChecksumBad != 1 {
		t.Errorf("bad checksums %d, want 1", s.Stats.ChecksumBad)
	}
	if s.Stats.Messages[0xF745] == 136 && s.Server.Reasm.Pending() == 0 {
		t.Error("the corrupted packet's message was still delivered")
	}
}

// Every captured packet re-encodes byte for byte from its decoded fields,
// the checksum computed with dereth's own ISAAC generator for the
// direction's seed, keys drawn in capture order. Keys are skipped only
// across the gap between the two files, at each direction's first
// encrypted packet of the second file: 14 client keys (packets 6–19 were
// not captured) and 8 server keys (packets 6–12, and one more encrypted
// packet the server sent without a new sequence number, were not).
func TestCapturedPacketsReencode(t *testing.T) {
	ds := readSession(t)
	var conn acnet.ConnectRequestBody
	var gens [2]*acnet.ISAAC // client, server
	var skipped [2]int
	var usedInFile2 [2]bool
	var p acnet.Packet
	for i := range ds {
		d := &ds[i]
		if err := acnet.Decode(d.Payload, &p); err != nil {
			t.Fatalf("frame %d: %v", d.Frame, err)
		}
		dir := 0
		if d.FromServer {
			dir = 1
		}
		if p.Flags&acnet.ConnectRequest != 0 {
			conn = p.Connect
			gens[0], gens[1] = acnet.NewISAAC(conn.ClientSeed), acnet.NewISAAC(conn.ServerSeed)
		}
		key := uint32(0)
		if p.Flags&acnet.EncryptedChecksum != 0 {
			if gens[dir] == nil {
				t.Fatalf("frame %d: encrypted before the handshake", d.Frame)
			}
			for n := 0; ; n++ {
				key = gens[dir].Next()
				if p.Checksum(key) == p.Header.Checksum {
					break
				}
				if n == acnet.Window {
					t.Fatalf("%s frame %d: no key within %d", d.File, d.Frame, acnet.Window)
				}
				skipped[dir]++
				if filepath.Base(d.File) != captures.Session[1] || usedInFile2[dir] {
					t.Errorf("%s frame %d: key skipped inside a contiguous capture", d.File, d.Frame)
				}
			}
		}
		if key != 0 && filepath.Base(d.File) == captures.Session[1] {
			usedInFile2[dir] = true
		}
		if got := acnet.Encode(nil, &p, key); !bytes.Equal(got, d.Payload) {
			t.Errorf("%s frame %d (%v): re-encoded\n% x\nwant\n% x", d.File, d.Frame, p.Flags, got, d.Payload)
		}
	}
	if skipped != [2]int{14, 8} {
		t.Errorf("skipped %d client and %d server keys across the gap, want 14 and 8", skipped[0], skipped[1])
	}
}

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.pcap")
	os.WriteFile(bad, []byte("not a capture at all"), 0o644)
	if _, err := ReadFiles(bad); err == nil {
		t.Error("a text file reads as a capture")
	}
	if _, err := ReadFiles(filepath.Join(dir, "missing.pcap")); err == nil {
		t.Error("a missing file reads")
	}
}

// TestReadFilesOrdersByTime: the files of one session are chained in the
// order they were captured, whatever order they are named in (a shell's
// *.pcap names entergameworld.pcap before login.pcap), so the handshake
// and its seeds come first and every checksum verifies.
func TestReadFilesOrdersByTime(t *testing.T) {
	paths := captures.Paths(t)
	inOrder := readSession(t)
	reversed, err := ReadFiles(paths[1], paths[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(reversed) != len(inOrder) {
		t.Fatalf("%d datagrams named in reverse, %d in order", len(reversed), len(inOrder))
	}
	for i := range inOrder {
		a, b := &inOrder[i], &reversed[i]
		if a.File != b.File || a.Frame != b.Frame || !bytes.Equal(a.Payload, b.Payload) {
			t.Fatalf("datagram %d: %s frame %d named in reverse, %s frame %d in order", i, b.File, b.Frame, a.File, a.Frame)
		}
	}
	s := NewSession()
	for i := range reversed {
		s.Feed(&reversed[i])
	}
	if st := s.Stats; st.ChecksumOK != wantPackets || st.DecodeErrors != 0 || st.Messages[0xF658] != 1 {
		t.Errorf("named in reverse: %s", st.Summary())
	}
}
