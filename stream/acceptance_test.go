package stream_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dereth/dereth/cli"
	"github.com/dereth/dereth/stream/streamtest"
)

// TestAcceptanceWalk is issue 12's acceptance run: `dereth run` walks the
// player across 20 landblocks and through both portals and back
// (testdata/walk.lua), and the trace shows every reveal after its
// barrier opened and after the spatial commit.
func TestAcceptanceWalk(t *testing.T) {
	dir := t.TempDir()
	if err := streamtest.Write(dir); err != nil {
		t.Fatal(err)
	}
	trace := filepath.Join(dir, "walk.jsonl")
	var out, errb bytes.Buffer
	if code := cli.Run([]string{"--dat", dir, "--trace", trace, "--timeout", "120", "testdata/walk.lua"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	if !strings.Contains(out.String(), "0 failed") {
		t.Fatalf("expectations failed:\n%s", out.String())
	}
	t.Log(strings.SplitN(out.String(), "\n", 2)[0])
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type ev struct {
		Frame  int    `json:"frame"`
		Kind   string `json:"kind"`
		Stage  string `json:"stage"`
		Detail string `json:"detail"`
	}
	var open, committed bool
	var reveals []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e ev
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		if e.Kind != "travel" {
			continue
		}
		switch e.Stage {
		case "begin", "destination":
			open, committed = false, false
		case "barrier_open":
			open = true
		case "spatial_commit":
			if !open {
				t.Fatalf("frame %d: spatial commit before the barrier opened", e.Frame)
			}
			committed = true
		case "reveal":
			if !open || !committed {
				t.Fatalf("frame %d: %s reveal before its barrier opened (open %v, committed %v)", e.Frame, e.Detail, open, committed)
			}
			reveals = append(reveals, e.Detail)
			open, committed = false, false
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(reveals, ","); got != "login,portal,portal" {
		t.Fatalf("reveals %q, want login and two portal exits", got)
	}
}
