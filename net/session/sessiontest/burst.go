package sessiontest

import (
	"fmt"

	acnet "github.com/dereth/dereth/net"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/protocol"
)

// LoginBurst returns n CreateObject messages for a login into a busy
// place: the capture's server CreateObjects in their captured order,
// repeated until there are n, each with a guid of its own from base up
// (the captured sizes, models, positions and weenie data kept). It fails
// when the capture holds no CreateObject.
func LoginBurst(ds []capture.Datagram, n int, base uint32) ([][]byte, error) {
	var creates []protocol.CreateObject
	cs := capture.NewSession()
	cs.OnMessage = func(m *capture.Message) {
		if c, ok := m.Decoded.(*protocol.CreateObject); ok && m.FromServer {
			creates = append(creates, *c)
		}
	}
	for i := range ds {
		cs.Feed(&ds[i])
	}
	if len(creates) == 0 {
		return nil, fmt.Errorf("sessiontest: the capture holds no server CreateObject")
	}
	out := make([][]byte, n)
	for i := range out {
		c := creates[i%len(creates)]
		c.Guid = base + uint32(i)
		out[i] = c.Encode(nil)
	}
	return out, nil
}

// Pack packs messages into server data packets as the server packs Extra
// (fragments of at most acnet.MaxFragmentData, several to a 464-byte
// packet, queue 10), message sequences from frag and packet sequences
// from seq, each keyed with keys' next key. It returns the datagrams.
func Pack(msgs [][]byte, seq, frag uint32, keys *acnet.ISAAC) [][]byte {
	seq--
	frag--
	var out [][]byte
	var p acnet.Packet
	size := 0
	flush := func() {
		if len(p.Fragments) == 0 {
			return
		}
		seq++
		p.Seq, p.ID, p.Iteration = seq, acnet.ServerID, 1
		p.Flags = acnet.BlobFragments | acnet.EncryptedChecksum
		out = append(out, acnet.Encode(nil, &p, keys.Next()))
		p, size = acnet.Packet{}, 0
	}
	for _, m := range msgs {
		count := (len(m) + acnet.MaxFragmentData - 1) / acnet.MaxFragmentData
		frag++
		for i := range count {
			part := m[i*acnet.MaxFragmentData : min(len(m), (i+1)*acnet.MaxFragmentData)]
			if size+acnet.FragmentHeaderSize+len(part) > 464 {
				flush()
			}
			p.Fragments = append(p.Fragments, acnet.Fragment{Seq: frag, ID: 0x80000000 | frag, Count: uint16(count), Index: uint16(i), Queue: 10, Data: part})
			size += acnet.FragmentHeaderSize + len(part)
		}
	}
	flush()
	return out
}
