package protocol_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/protocol"
)

// TestCapturesDecode decodes every message of the shared captures: none is
// unknown to the catalogue, none fails, and every catalogue-described one
// encodes back to its bytes (up to the zero padding after it).
func TestCapturesDecode(t *testing.T) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	s := capture.NewSession()
	var total, generic int
	s.OnMessage = func(m *capture.Message) {
		total++
		d, err := protocol.Decode(m.Data)
		if errors.Is(err, protocol.ErrUnknownOpcode) {
			t.Errorf("message %d: %v", m.Seq, err)
			return
		}
		if err != nil {
			n := min(len(m.Data), 96)
			t.Errorf("message %d: %v\n%s", m.Seq, err, hex.Dump(m.Data[:n]))
			return
		}
		if g, ok := d.(*protocol.Generic); ok {
			generic++
			enc := g.Encode(nil)
			if !bytes.HasPrefix(m.Data, enc) || !allZero(m.Data[len(enc):]) {
				t.Errorf("%s: re-encoded %d bytes differ from the %d captured", g.Name(), len(enc), len(m.Data))
			}
		}
	}
	for i := range ds {
		s.Feed(&ds[i])
	}
	if total == 0 || generic == 0 {
		t.Fatalf("%d messages, %d through the catalogue", total, generic)
	}
	t.Logf("%d messages, %d through the catalogue", total, generic)
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}
