package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session"
	"github.com/dereth/dereth/net/session/sessiontest"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// floodCreates returns n small CreateObject messages with distinct guids
// from base: every other one an item in a pack (no position), the others
// placed on a 1 m grid in one outdoor cell.
func floodCreates(n int, base uint32) [][]byte {
	out := make([][]byte, n)
	for i := range out {
		co := protocol.CreateObject{Guid: base + uint32(i), Model: protocol.ObjDesc{Marker: 0x11},
			Weenie: protocol.WeenieDesc{Name: "Flood", WeenieClassID: 1, ItemType: 0x80}}
		if i%2 == 1 {
			co.Physics.Flags = protocol.PhysicsPosition
			co.Physics.Position = protocol.Position{Cell: 0xA9B40021, Frame: physics.Frame{
				Origin: physics.Vec3{X: float32(i/2%24) + 0.5, Y: float32(i/2/24%24) + 0.5, Z: 12}, Orientation: physics.Quat{W: 1}}}
		}
		out[i] = co.Encode(nil)
	}
	return out
}

// floodConnect runs `dereth connect --headless --json --for D` against the
// in-order capture server sending n extra CreateObjects after the
// capture's; it returns the exit status, the summary and stderr.
func floodConnect(t *testing.T, n int, d string) (int, map[string]any, string) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	testSessionConfig = func(c *session.Config) {
		c.ConnectDelay, c.ConnectResend, c.LoginResend = 10*time.Millisecond, 50*time.Millisecond, 100*time.Millisecond
	}
	defer func() { testSessionConfig = nil }()
	t.Setenv("DERETH_PASSWORD", "treestats")
	srv := sessiontest.NewServer(t, ds)
	srv.Extra = floodCreates(n, 0x7F000000)
	go srv.Serve(time.Now().Add(60 * time.Second))
	var out, errOut bytes.Buffer
	code := Connect([]string{"--headless", "--json", "--for", d, "treestats@" + srv.Addr()}, &out, &errOut)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var sum map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil {
		t.Fatalf("summary: %v\n%s\n%s", err, out.String(), errOut.String())
	}
	return code, sum, errOut.String()
}

// TestConnectHeadlessObjectBound: with the world's bound at 1,000
// objects, a flood of 2,000 ends the session (exit 1) saying the bound
// was hit and how many CreateObjects were not applied: never a silent
// drop.
func TestConnectHeadlessObjectBound(t *testing.T) {
	defer func(m int) { maxObjects = m }(maxObjects)
	maxObjects = 1000
	code, sum, errOut := floodConnect(t, 2000, "3s")
	if code != 1 || !strings.Contains(errOut, "the world holds 1000 objects, its bound") || !strings.Contains(errOut, "CreateObjects not applied") {
		t.Errorf("exit %d, stderr %q; want exit 1 naming the object bound", code, errOut)
	}
	if sum["objects_created"] != float64(1000) {
		t.Errorf("objects created %v, want the bound's 1000", sum["objects_created"])
	}
}
