package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/sampleworld"
)

// captureDungeon is the landblock the captured character logs in to (its
// EnvCell 0x01250107).
const captureDungeon = 0x01250000

// writeDungeonDATs writes the sample portal DAT and a cell DAT holding the
// captured login's landblock and EnvCells 0x0100–0x0107 into dir.
func writeDungeonDATs(t *testing.T, dir string) {
	t.Helper()
	b := dat.NewBuilder(dat.DatasetCell)
	objs := []any{
		&dat.LandBlock{ID: captureDungeon | dat.BlockCellPart, HasObjects: true},
		&dat.LandBlockInfo{ID: captureDungeon | dat.LandBlockInfoPart, NumCells: 8},
	}
	for i := range 8 {
		objs = append(objs, &dat.EnvCell{ID: captureDungeon | uint32(0x100+i), EnvironmentID: 0x0D000001,
			Surfaces: []uint32{0x08000001}})
	}
	for _, o := range objs {
		if err := b.AddObject(o); err != nil {
			t.Fatal(err)
		}
	}
	cell, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "client_cell_1.dat"), cell, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "client_portal.dat"), sampleworld.PortalBytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// travelSteps replays the captures with extra flags and returns the
// trace's travel and stream events as "stage detail" lines.
func travelSteps(t *testing.T, flags ...string) []string {
	t.Helper()
	trace := filepath.Join(t.TempDir(), "r.jsonl")
	var out, errOut bytes.Buffer
	args := append(append(flags, "--trace", trace), captures.Paths(t)...)
	if code := Replay(args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var steps []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e struct{ Kind, Stage, Detail string }
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		if e.Kind == "travel" || e.Kind == "stream" && e.Stage != "request" {
			steps = append(steps, e.Stage+" "+e.Detail)
		}
	}
	return steps
}

// A replayed session with a cell DAT streams: the captured login goes
// behind the reveal barrier, which opens only after the destination's
// landblock (with its EnvCell) published Near; the spatial commit and the
// reveal follow. Without --dat nothing streams and the login commits at
// once (no travel at all).
func TestReplayStreamsWithCellDAT(t *testing.T) {
	dir := t.TempDir()
	writeDungeonDATs(t, dir)
	steps := travelSteps(t, "--dat", dir)
	want := []string{
		"begin login",
		"destination login cell 0x01250107",
		"gen gen 1 recenter",
		"publish 0x0125 near gen 1",
		"barrier_open login",
		"spatial_commit login cell 0x01250107",
		"reveal login",
	}
	if got := strings.Join(steps, "\n"); got != strings.Join(want, "\n") {
		t.Fatalf("travel and stream steps:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	if steps := travelSteps(t); len(steps) != 0 {
		t.Fatalf("without a cell DAT: %q, want no travel or streaming", steps)
	}
}
