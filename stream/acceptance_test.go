package stream_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dereth/dereth/cli"
	"github.com/dereth/dereth/stream/streamtest"
)

// TestAcceptanceWalk walks the streamtest world: `dereth run` takes the
// player east across 20 landblocks and through both portals and back
// (testdata/walk.lua), and the trace shows every reveal after its
// barrier opened and after the spatial commit.
func TestAcceptanceWalk(t *testing.T) {
	dir := t.TempDir()
	if err := streamtest.Write(dir); err != nil {
		t.Fatal(err)
	}
	reveals := runWalk(t, "--dat", dir, "testdata/walk.lua")
	if got := strings.Join(reveals, ","); got != "login,portal,portal" {
		t.Fatalf("reveals %q, want login and two portal exits", got)
	}
}

// TestAcceptanceSampleWalk is issue 12's acceptance run on the embedded
// sample world, as `dereth run` ships it: the player logs in at the
// default spawn, runs a zigzag across more than 20 landblock seams, walks
// into the town portal, returns through the dungeon portal and runs on to
// the spawn (testdata/sample_walk.lua). The trace shows every reveal after
// its barrier opened, after its spatial commit, and with the destination's
// ring published Near before the barrier opened.
func TestAcceptanceSampleWalk(t *testing.T) {
	reveals := runWalk(t, "testdata/sample_walk.lua")
	if got := strings.Join(reveals, ","); got != "login,portal,portal" {
		t.Fatalf("reveals %q, want login and two portal exits", got)
	}
}

// runWalk runs a walk script with `dereth run` (extra flags first), checks
// its expectations and its travel and stream trace, and returns the
// reveals in order.
func runWalk(t *testing.T, args ...string) []string {
	t.Helper()
	trace := filepath.Join(t.TempDir(), "walk.jsonl")
	var out, errb bytes.Buffer
	argv := append(args[:len(args)-1:len(args)-1], "--quiet", "--trace", trace, "--trace-kinds", "travel,stream", "--timeout", "120", args[len(args)-1])
	if code := cli.Run(argv, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	t.Log(strings.TrimSpace(out.String()))
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	reveals, err := checkTravel(f)
	if err != nil {
		t.Fatal(err)
	}
	return reveals
}

// checkTravel reads a travel,stream trace and checks every arrival: the
// barrier opens only with the destination's landblock (outdoors: its
// whole 3×3 near ring, bar landblocks the data lacks) published Near,
// the spatial commit follows the barrier, the reveal follows both.
func checkTravel(f *os.File) ([]string, error) {
	type ev struct {
		Frame  int    `json:"frame"`
		Kind   string `json:"kind"`
		Stage  string `json:"stage"`
		Detail string `json:"detail"`
	}
	tier := map[uint32]string{} // landblock → published tier
	absent := map[uint32]bool{} // landblocks the data lacks
	var dest uint32             // the destination cell
	var open, committed bool
	var reveals []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		var e ev
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("trace line %d: %w", n, err)
		}
		var block uint32
		var what string
		if e.Kind == "stream" {
			fmt.Sscanf(e.Detail, "0x%04X %s", &block, &what)
			switch e.Stage {
			case "publish":
				tier[block] = what
			case "teardown":
				if what == "none" {
					delete(tier, block)
				} else {
					tier[block] = what
				}
			case "error":
				absent[block] = true
			}
			continue
		}
		if e.Kind != "travel" {
			continue
		}
		switch e.Stage {
		case "begin":
			open, committed = false, false
		case "destination":
			open, committed = false, false
			if _, err := fmt.Sscanf(e.Detail[strings.Index(e.Detail, "cell "):], "cell 0x%08X", &dest); err != nil {
				return nil, fmt.Errorf("frame %d: destination %q: %w", e.Frame, e.Detail, err)
			}
		case "barrier_open":
			b := dest >> 16
			ring := []uint32{b}
			if dest&0xFFFF < 0x100 {
				ring = ring[:0]
				for dx := -1; dx <= 1; dx++ {
					for dy := -1; dy <= 1; dy++ {
						ring = append(ring, uint32(int(b>>8)+dx)<<8|uint32(int(b&0xFF)+dy))
					}
				}
			}
			for _, r := range ring {
				if tier[r] != "near" && !absent[r] {
					return nil, fmt.Errorf("frame %d: %s barrier opened with 0x%04X %q, not Near (destination 0x%08X)", e.Frame, e.Detail, r, tier[r], dest)
				}
			}
			open = true
		case "spatial_commit":
			if !open {
				return nil, fmt.Errorf("frame %d: spatial commit before the barrier opened", e.Frame)
			}
			committed = true
		case "reveal":
			if !open || !committed {
				return nil, fmt.Errorf("frame %d: %s reveal before its barrier opened (open %v, committed %v)", e.Frame, e.Detail, open, committed)
			}
			reveals = append(reveals, e.Detail)
			open, committed = false, false
		}
	}
	return reveals, sc.Err()
}
