package testbed

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dereth/dereth/systems"
)

var update = flag.Bool("update", false, "rewrite the conformance golden traces")

// goldenTrace runs a conformance scenario with every trace event written
// as JSON Lines (what dereth run --trace writes); prepare may change the
// world before the script runs.
func goldenTrace(t *testing.T, script string, prepare func(*Scenario)) []byte {
	t.Helper()
	var buf bytes.Buffer
	j := systems.NewJSONL(&buf)
	s := New(filepath.Dir(script), Options{Trace: j})
	defer s.Close()
	if prepare != nil {
		prepare(s)
	}
	if err := s.RunFile(script); err != nil && prepare == nil {
		t.Fatal(err)
	}
	if j.Err != nil {
		t.Fatal(j.Err)
	}
	return buf.Bytes()
}

func goldenPath(script string) string {
	return filepath.Join("conformance", "golden", strings.TrimSuffix(filepath.Base(script), ".lua")+".jsonl")
}

// firstDiff names the first line where got and want differ.
func firstDiff(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl []byte
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if !bytes.Equal(gl, wl) {
			return fmt.Sprintf("line %d:\n got  %s\n want %s", i+1, gl, wl)
		}
	}
	return ""
}

// TestConformanceGoldenTraces compares every conformance scenario's whole
// trace — every stage of every object in every frame, hooks, completions,
// queue entries — with its golden JSONL file (go test -run Golden -update
// rewrites them after a deliberate change).
func TestConformanceGoldenTraces(t *testing.T) {
	files, err := filepath.Glob("conformance/c[0-9][0-9]-*.lua")
	if err != nil || len(files) < 12 {
		t.Fatalf("conformance scenarios: %v %v", files, err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".lua"), func(t *testing.T) {
			got := goldenTrace(t, f, nil)
			if len(got) == 0 {
				t.Fatal("empty trace")
			}
			if *update {
				if err := os.MkdirAll(filepath.Dir(goldenPath(f)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(goldenPath(f), got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(goldenPath(f))
			if err != nil {
				t.Fatalf("%v (run go test ./testbed -run Golden -update)", err)
			}
			if d := firstDiff(got, want); d != "" {
				t.Fatalf("trace differs from %s at %s", goldenPath(f), d)
			}
		})
	}
}

// TestGoldenTraceCatchesSwappedStages swaps two neighbouring stages of the
// ordinary schedule, or of the static one, behind Validate's back and
// requires the golden comparison to fail.
func TestGoldenTraceCatchesSwappedStages(t *testing.T) {
	cases := []struct {
		script string
		sched  func(*systems.World) *systems.Schedule
		a, b   string
	}{
		{"conformance/c02-manager-tail-order.lua", func(w *systems.World) *systems.Schedule { return w.Ordinary },
			systems.StageHandleTargetting, systems.StageMovementUseTime},
		{"conformance/c02-manager-tail-order.lua", func(w *systems.World) *systems.Schedule { return w.Ordinary },
			systems.StageFrameCombine, systems.StageUpdatePhysics},
		{"conformance/c09-static-order.lua", func(w *systems.World) *systems.Schedule { return w.StaticSched },
			systems.StageUpdateScripts, systems.StageUpdateParticles},
	}
	for _, c := range cases {
		t.Run(c.a+"<->"+c.b, func(t *testing.T) {
			want, err := os.ReadFile(goldenPath(c.script))
			if err != nil {
				t.Fatal(err)
			}
			got := goldenTrace(t, c.script, func(s *Scenario) {
				st := c.sched(s.World).Stages
				i, j := -1, -1
				for k := range st {
					switch st[k].Name {
					case c.a:
						i = k
					case c.b:
						j = k
					}
				}
				if i < 0 || j < 0 {
					t.Fatalf("no stages %q and %q", c.a, c.b)
				}
				st[i], st[j] = st[j], st[i]
			})
			if firstDiff(got, want) == "" {
				t.Fatalf("swapping %s and %s left the golden trace unchanged", c.a, c.b)
			}
		})
	}
}
