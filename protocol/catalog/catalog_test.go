package catalog

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/dereth/dereth/internal/protoxml"
	"github.com/dereth/dereth/protocol/schema"
)

// protocolXML finds a local protocol.xml: $DERETH_PROTOCOL_XML, else
// ../shared/protocol.xml or ../shared/protocol/protocol.xml beside the
// checkout. It is third-party data and never committed.
func protocolXML(t *testing.T) string {
	if p := os.Getenv("DERETH_PROTOCOL_XML"); p != "" {
		return p
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	for _, p := range []string{
		filepath.Join(root, "..", "shared", "protocol.xml"),
		filepath.Join(root, "..", "shared", "protocol", "protocol.xml"),
	} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Skip("protocol.xml not found: set DERETH_PROTOCOL_XML to a copy of ACClientLib/ACProtocol's protocol.xml, or put it at ../shared/protocol.xml")
	return ""
}

type key struct {
	g  schema.Group
	d  schema.Direction
	op uint32
}

// TestCatalogMatchesProtocolXML fails on any message, event, action, type
// or enum value of protocol.xml the catalogue lacks or lays out
// differently (regenerate with go run ./tools/protogen -xml PATH).
func TestCatalogMatchesProtocolXML(t *testing.T) {
	x, err := protoxml.ParseFile(protocolXML(t))
	if err != nil {
		t.Fatal(err)
	}
	have := map[key]*schema.Message{}
	for i := range All.Messages {
		m := &All.Messages[i]
		have[key{m.Group, m.Dir, m.Op}] = m
	}
	var counts [3]int
	for i := range x.Messages {
		m := &x.Messages[i]
		counts[m.Group]++
		got, ok := have[key{m.Group, m.Dir, m.Op}]
		switch {
		case !ok:
			t.Errorf("%s %s 0x%04X %s: not in the catalogue", m.Group, m.Dir, m.Op, m.Name)
		case got.Name != m.Name || got.Queue != m.Queue:
			t.Errorf("%s 0x%04X: catalogue has %s (%s), protocol.xml %s (%s)", m.Group, m.Op, got.Name, got.Queue, m.Name, m.Queue)
		case !reflect.DeepEqual(got.Nodes, m.Nodes):
			t.Errorf("%s %s: the catalogue lays it out differently from protocol.xml", m.Group, m.Name)
		}
	}
	types := map[string]*schema.Type{}
	for i := range All.Types {
		types[All.Types[i].Name] = &All.Types[i]
	}
	for i := range x.Types {
		if got, ok := types[x.Types[i].Name]; !ok {
			t.Errorf("type %s: not in the catalogue", x.Types[i].Name)
		} else if !reflect.DeepEqual(*got, x.Types[i]) {
			t.Errorf("type %s: the catalogue lays it out differently from protocol.xml", got.Name)
		}
	}
	enums := map[string]map[schema.Value]bool{}
	for _, e := range All.Enums {
		enums[e.Name] = map[schema.Value]bool{}
		for _, v := range e.Values {
			enums[e.Name][v] = true
		}
	}
	values := 0
	for _, e := range x.Enums {
		vs, ok := enums[e.Name]
		if !ok {
			t.Errorf("enum %s: not in the catalogue", e.Name)
			continue
		}
		for _, v := range e.Values {
			values++
			if !vs[v] {
				t.Errorf("enum %s: value %s = %s not in the catalogue", e.Name, v.Name, v.Value)
			}
		}
	}
	t.Logf("protocol.xml: %d messages, %d events, %d actions, %d types, %d enums (%d values); catalogue: %d messages in all",
		counts[schema.TopLevel], counts[schema.Event], counts[schema.Action], len(x.Types), len(x.Enums), values, len(All.Messages))
}
