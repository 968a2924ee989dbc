package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/dereth/dereth/internal/cputime"
)

// A suite is one test binary's benchmarks run under callgrind.
type suite struct {
	Pkg       string // package path relative to the module root, "./systems"
	Bench     string // -test.bench pattern
	BenchTime string // -test.benchtime, a fixed count ("5x"): counts do not depend on time
	Quick     bool   // in the quick set the record test runs
}

// suites are the key benchmarks: the tick and its floor, the presenter,
// a packet's decode and checksum, the session's receive, a 10,000-object
// login burst (the captures needed), a frame's render build. The quick set's counts are those the record test compares.
var suites = []suite{
	{"./systems", `^Benchmark(OrdinaryTick|TickFloor|Presenter)$/entities=1000$`, "3x", true},
	{"./net", `^BenchmarkDecodeVerify$`, "1000x", true},
	{"./net/session", `^BenchmarkSessionReceive$`, "1000x", true},
	{"./scenes/view", `^BenchmarkDrawDefaultView$`, "2x", true},
	{"./systems", `^BenchmarkFrameStep$/entities=1000$`, "3x", false},
	{"./systems", `^Benchmark(OrdinaryTick|TickFloor|Presenter|FrameStep)$/entities=10000$`, "3x", false},
	{"./scenes/view", `^BenchmarkDrawWorld$`, "3x", false},
	{"./net/session", `^BenchmarkLoginBurst$`, "1x", false},
}

// valgrindEnv is what Go needs under valgrind: no RDTSCP (valgrind does
// not decode it) and no asynchronous preemption signals.
const valgrindEnv = "GODEBUG=cpu.rdtscp=off,asyncpreemptoff=1"

// A Count is one benchmark's instructions per unit.
type Count struct {
	Instructions float64 `json:"instructions"`
	Unit         string  `json:"unit"`
}

// Record is the recorded baseline (tools/perf/baseline.json).
type Record struct {
	Note    string           `json:"note"`
	Command string           `json:"command"`
	Counts  map[string]Count `json:"counts"`
}

// Tolerance is how far a count may grow over its record before the check
// fails: 10 %.
const Tolerance = 0.10

// moduleRoot is the directory holding go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("perf: go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("perf: not inside the module")
	}
	return filepath.Dir(mod), nil
}

// Measure builds the suites' test binaries (one `go test -c` for all)
// and runs each suite's benchmarks under callgrind, as many suites at a
// time as the machine has CPUs, returning instructions per unit by
// benchmark name. quick limits it to the quick set. log receives
// progress lines. Counts do not depend on what runs beside them:
// callgrind counts the metered thread's own instructions.
func Measure(quick bool, log func(string)) (map[string]Count, error) {
	if _, err := exec.LookPath("valgrind"); err != nil {
		return nil, fmt.Errorf("perf: valgrind is not installed (go tool task deps installs it): %w", err)
	}
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "dereth-perf-")
	if err != nil {
		return nil, fmt.Errorf("perf: %w", err)
	}
	defer os.RemoveAll(tmp)
	var run []suite
	var pkgs []string
	for _, s := range suites {
		if quick && !s.Quick {
			continue
		}
		run = append(run, s)
		if !slices.Contains(pkgs, s.Pkg) {
			pkgs = append(pkgs, s.Pkg)
		}
	}
	// go test -c with a directory for -o writes pkg.test for each package
	// (the last path element), building them in parallel.
	bins := filepath.Join(tmp, "bin") + string(filepath.Separator)
	log("go test -c -o " + bins + " " + strings.Join(pkgs, " "))
	build := exec.Command("go", append([]string{"test", "-c", "-o", bins}, pkgs...)...)
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("perf: go test -c %s: %w\n%s", strings.Join(pkgs, " "), err, out)
	}
	results := make([]map[string]Count, len(run))
	errs := make([]error, len(run))
	sem := make(chan struct{}, max(1, runtime.NumCPU()))
	var wg sync.WaitGroup
	for i, s := range run {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			bin := filepath.Join(bins, path.Base(s.Pkg)+".test")
			results[i], errs[i] = callgrindSuite(root, bin, filepath.Join(tmp, fmt.Sprintf("cg%d", i)), s, log)
		}()
	}
	wg.Wait()
	counts := map[string]Count{}
	for i := range run {
		if errs[i] != nil {
			return nil, errs[i]
		}
		for k, v := range results[i] {
			counts[k] = v
		}
	}
	return counts, nil
}

// callgrindSuite runs one suite's benchmarks in bin under callgrind,
// writing the dumps to out, and reads them back. Instrumentation starts
// off (`--instr-atstart=no`): the meters turn it on around the measured
// parts (internal/callgrind), so a benchmark's set-up runs at valgrind's
// plain speed.
func callgrindSuite(root, bin, out string, s suite, log func(string)) (map[string]Count, error) {
	if err := os.Mkdir(out, 0o755); err != nil {
		return nil, fmt.Errorf("perf: %w", err)
	}
	args := []string{"--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no", "--callgrind-out-file=" + filepath.Join(out, "cg.out"),
		bin, "-test.run", "^$", "-test.bench", s.Bench, "-test.benchtime", s.BenchTime, "-test.benchmem"}
	log(fmt.Sprintf("%s valgrind %s", valgrindEnv, strings.Join(args, " ")))
	run := exec.Command("valgrind", args...)
	run.Dir = filepath.Join(root, s.Pkg)
	run.Env = append(os.Environ(), valgrindEnv)
	if b, err := run.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("perf: callgrind %s %s: %w\n%s", s.Pkg, s.Bench, err, b)
	}
	got, err := readDumps(out)
	if err != nil {
		return nil, err
	}
	if len(got) == 0 {
		return nil, fmt.Errorf("perf: %s %s: no meter dumps (does the benchmark use cputime.Meter?)", s.Pkg, s.Bench)
	}
	return got, nil
}

// readDumps reads the callgrind dumps in dir that a meter wrote
// (cputime.Describe) and returns instructions per unit by benchmark. A
// benchmark dumped more than once (testing runs b.N benchmarks at N=1
// first) keeps its dump with the most units.
func readDumps(dir string) (map[string]Count, error) {
	files, err := filepath.Glob(filepath.Join(dir, "cg.out.*"))
	if err != nil {
		return nil, fmt.Errorf("perf: %w", err)
	}
	units := map[string]int{}
	counts := map[string]Count{}
	for _, f := range files {
		desc, total, err := readDump(f)
		if err != nil {
			return nil, err
		}
		bench, n, unit, ok := cputime.Parse(strings.TrimPrefix(desc, "Trigger: Client Request: "))
		if !ok || n <= units[bench] {
			continue
		}
		units[bench] = n
		if i := strings.LastIndexByte(unit, '/'); i >= 0 {
			unit = unit[i+1:] // "ns/entity-quantum": instructions per entity-quantum
		}
		counts[bench] = Count{Instructions: float64(total) / float64(n), Unit: unit}
	}
	return counts, nil
}

// readDump reads a callgrind dump's description and its total
// instruction count.
func readDump(path string) (desc string, total int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, fmt.Errorf("perf: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	found := false
	for sc.Scan() {
		line := sc.Text()
		if d, ok := strings.CutPrefix(line, "desc: "); ok && strings.HasPrefix(d, "Trigger:") {
			desc = d
		}
		if t, ok := strings.CutPrefix(line, "totals: "); ok {
			fields := strings.Fields(t)
			if len(fields) == 0 {
				return "", 0, fmt.Errorf("perf: %s: empty totals line", path)
			}
			if total, err = strconv.ParseInt(fields[0], 10, 64); err != nil {
				return "", 0, fmt.Errorf("perf: %s: totals: %w", path, err)
			}
			found = true
		}
	}
	if err := sc.Err(); err != nil {
		return "", 0, fmt.Errorf("perf: %s: %w", path, err)
	}
	if !found {
		return "", 0, fmt.Errorf("perf: %s: no totals line", path)
	}
	return desc, total, nil
}

// A Finding is a measured count against its record.
type Finding struct {
	Bench        string
	Count        Count
	Record       float64 // 0: not recorded
	Change       float64 // measured / record − 1
	OverTheLimit bool
}

// Compare sets each measured count beside its record: a count more than
// Tolerance over the record, or one with no record, is over the limit.
func Compare(measured map[string]Count, rec Record) []Finding {
	var out []Finding
	for bench, c := range measured {
		f := Finding{Bench: bench, Count: c}
		if r, ok := rec.Counts[bench]; ok && r.Instructions > 0 {
			f.Record = r.Instructions
			f.Change = c.Instructions/r.Instructions - 1
			f.OverTheLimit = c.Instructions > r.Instructions*(1+Tolerance)
		} else {
			f.OverTheLimit = true
		}
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Bench < out[j].Bench })
	return out
}

// Table formats findings as the perf task prints them.
func Table(fs []Finding) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-48s %14s  %-16s %12s %8s\n", "benchmark", "instructions", "per", "record", "change")
	for _, f := range fs {
		rec, ch := "—", ""
		if f.Record > 0 {
			rec = strconv.FormatFloat(math.Round(f.Record), 'f', 0, 64)
			ch = fmt.Sprintf("%+.1f%%", 100*f.Change)
		}
		mark := ""
		if f.OverTheLimit {
			mark = "  OVER"
			if f.Record == 0 {
				mark = "  NOT RECORDED"
			}
		}
		fmt.Fprintf(&b, "%-48s %14.0f  %-16s %12s %8s%s\n", f.Bench, f.Count.Instructions, f.Count.Unit, rec, ch, mark)
	}
	return b.String()
}

// LoadRecord reads a baseline file.
func LoadRecord(path string) (Record, error) {
	var r Record
	b, err := os.ReadFile(path)
	if err != nil {
		return r, fmt.Errorf("perf: record: %w", err)
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("perf: record %s: %w", path, err)
	}
	return r, nil
}

// SaveRecord writes a baseline file, counts rounded to whole instructions.
func SaveRecord(path string, r Record) error {
	for k, c := range r.Counts {
		c.Instructions = math.Round(c.Instructions)
		r.Counts[k] = c
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("perf: record: %w", err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("perf: record: %w", err)
	}
	return nil
}
