package protocol

import (
	"bytes"
	"testing"

	"github.com/dereth/dereth/protocol/schema"
)

// catalogWire is a message of d with every field zero: its header, then
// the bytes Encode writes for an empty field set.
func catalogWire(d *schema.Message) []byte {
	return (&Generic{Desc: d, Guid: 0x50000001, Sequence: 7}).Encode(nil)
}

// TestCatalogRoundTrip walks every description of the catalogue: a message
// with zero fields encodes, decodes (through Decode's table) as that
// message, and encodes again to the same bytes.
func TestCatalogRoundTrip(t *testing.T) {
	n := 0
	for _, m := range Catalog() {
		d, _ := Describe(m.Group, m.Op)
		if d.Dir != m.Dir {
			continue // the other direction's twin (same opcode)
		}
		if _, typed := decoders[Opcode(m.Op)]; typed && m.Group == schema.TopLevel {
			continue // a typed codec (ACE's layout) decodes it
		}
		wire := catalogWire(d)
		got, err := Decode(wire)
		if err != nil {
			t.Errorf("%s %s: %v (wire %x)", m.Group, m.Name, err, wire)
			continue
		}
		g, ok := got.(*Generic)
		if !ok {
			continue // a message with a typed codec
		}
		if g.Desc != d {
			t.Errorf("%s: decoded as %s", m.Name, g.Desc.Name)
		}
		if again := g.Encode(nil); !bytes.Equal(again, wire) {
			t.Errorf("%s: re-encoded %x, want %x", m.Name, again, wire)
		}
		n++
	}
	if n < 300 {
		t.Fatalf("only %d catalogue messages round-tripped", n)
	}
}
