package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dereth/dereth/internal/cputime"
)

// TestInstructionCountsHoldTheRecord runs the quick set of key benchmarks
// under callgrind and fails when any count is more than 10 % over
// tools/perf/baseline.json (or has no record). Updating the record is a
// deliberate change: go tool task perf -- -record. It takes about 20 s of
// CPU, so -short skips it; go tool task test runs it (and, with valgrind
// installed by go tool task deps, never skips it).
func TestInstructionCountsHoldTheRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the benchmarks under callgrind; go tool task test runs it without -short")
	}
	if _, err := exec.LookPath("valgrind"); err != nil {
		if os.Getenv("DERETH_REQUIRE_TOOLS") != "" {
			t.Fatal("no valgrind, and DERETH_REQUIRE_TOOLS (go tool task test) forbids skipping")
		}
		t.Skip("no valgrind on PATH (go tool task deps installs it)")
	}
	rec, err := LoadRecord("baseline.json")
	if err != nil {
		t.Fatal(err)
	}
	counts, err := Measure(true, func(s string) { t.Log(s) })
	if err != nil {
		t.Fatal(err)
	}
	fs := Compare(counts, rec)
	t.Log("\n" + Table(fs))
	if len(fs) < 6 {
		t.Fatalf("measured %d benchmarks, want the quick set's 6 (tick, floor, presenter, decode, receive, default view)", len(fs))
	}
	for _, f := range fs {
		if f.OverTheLimit {
			if f.Record == 0 {
				t.Errorf("%s: %.0f instructions per %s, not recorded", f.Bench, f.Count.Instructions, f.Count.Unit)
				continue
			}
			t.Errorf("%s: %.0f instructions per %s, %.1f%% over the record %.0f (limit %.0f%%)",
				f.Bench, f.Count.Instructions, f.Count.Unit, 100*f.Change, f.Record, 100*Tolerance)
		}
	}
}

// TestCompareAtTheTolerance: exactly 10 % over the record holds, one
// instruction more fails, fewer always holds, and a count with no record
// fails.
func TestCompareAtTheTolerance(t *testing.T) {
	rec := Record{Counts: map[string]Count{"B": {Instructions: 1000, Unit: "packet"}}}
	for _, tc := range []struct {
		name string
		got  map[string]Count
		over bool
	}{
		{"equal", map[string]Count{"B": {1000, "packet"}}, false},
		{"fewer", map[string]Count{"B": {500, "packet"}}, false},
		{"exactly 10% over", map[string]Count{"B": {1100, "packet"}}, false},
		{"just over 10%", map[string]Count{"B": {1101, "packet"}}, true},
		{"not recorded", map[string]Count{"C": {1, "packet"}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := Compare(tc.got, rec)
			if len(fs) != 1 || fs[0].OverTheLimit != tc.over {
				t.Fatalf("Compare = %+v, want one finding over the limit = %v", fs, tc.over)
			}
		})
	}
}

// TestReadDumps reads callgrind dumps as a meter writes them: the
// description names the benchmark and its units, the totals line the
// instructions; of two dumps for one benchmark (b.N at 1, then N) the one
// with more units counts, and dumps without a meter's description (the
// program's end) are ignored.
func TestReadDumps(t *testing.T) {
	dir := t.TempDir()
	write := func(name, desc string, total int) {
		body := "version: 1\ncreator: callgrind-3.19.0\npid: 1\ncmd: x\npart: 1\n\ndesc: I1 cache: \ndesc: Trigger: " + desc +
			"\n\npositions: line\nevents: Ir\nsummary: " + itoa(total) + "\n\n\ntotals: " + itoa(total) + "\n"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("cg.out.1", "Client Request: "+cputime.Describe("BenchmarkSessionReceive", 1, "ns/packet"), 5000)
	write("cg.out.2", "Client Request: "+cputime.Describe("BenchmarkSessionReceive", 1000, "ns/packet"), 1432000)
	write("cg.out.3", "Client Request: "+cputime.Describe("BenchmarkTickFloor/entities=1000", 3000, "ns/entity-quantum"), 2631000)
	write("cg.out.4", "Program termination", 0)
	got, err := readDumps(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Count{
		"BenchmarkSessionReceive":          {1432, "packet"},
		"BenchmarkTickFloor/entities=1000": {877, "entity-quantum"},
	}
	if len(got) != len(want) {
		t.Fatalf("readDumps = %v, want %v", got, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s = %+v, want %+v", k, got[k], w)
		}
	}
	write("cg.out.5", "Client Request: "+cputime.Describe("BenchmarkX", 1, "ns/packet"), 0)
	if err := os.WriteFile(filepath.Join(dir, "cg.out.6"), []byte("desc: Trigger: Client Request: dereth-meter B 2 ns/x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readDumps(dir); err == nil || !strings.Contains(err.Error(), "no totals") {
		t.Fatalf("a dump without totals: err = %v, want one naming the missing totals", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
