package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/systems"
)

// retailIndex maps each stage name to its position in a schedule table.
func retailIndex(s *systems.Schedule) map[string]int {
	m := map[string]int{}
	for i, st := range s.Stages {
		m[st.Name] = i
	}
	return m
}

func TestRunConformanceWritesRetailOrderedTrace(t *testing.T) {
	files, _ := filepath.Glob("../testbed/conformance/c[0-9][0-9]-*.lua")
	if len(files) < 12 {
		t.Fatalf("found %d conformance scenarios", len(files))
	}
	order := map[string]map[string]int{"ordinary": retailIndex(systems.Ordinary()), "static": retailIndex(systems.Static())}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			trace := filepath.Join(t.TempDir(), "t.jsonl")
			var out, errb bytes.Buffer
			if code := Run([]string{"--trace", trace, "--quiet", f}, &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			fh, err := os.Open(trace)
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			last := map[string]int{} // obj/schedule → index of its last stage in this call
			n := 0
			sc := bufio.NewScanner(fh)
			for sc.Scan() {
				var e struct{ Obj, Kind, Schedule, Stage string }
				if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
					t.Fatalf("line %d: %v", n+1, err)
				}
				n++
				idx, ok := order[e.Schedule][e.Stage]
				key := e.Obj + "/" + e.Schedule
				if e.Kind == "stage" && e.Stage == systems.StageAnimateStatic {
					delete(last, key) // a new static call starts
				}
				if e.Kind != "stage" || !ok {
					continue
				}
				if e.Stage == systems.StageUpdateObjectInternal || e.Stage == systems.StagePartArrayUpdate && e.Schedule == "static" {
					last[key] = -1 // a new object call starts
				}
				if prev, seen := last[key]; seen && idx <= prev {
					t.Fatalf("trace line %d: %s %s ran after a later retail stage", n, e.Obj, e.Stage)
				}
				last[key] = idx
			}
			if n == 0 {
				t.Fatal("empty trace")
			}
		})
	}
}

func runScript(t *testing.T, name, src string, flags ...string) (int, string) {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := Run(append(append([]string{"--quiet"}, flags...), p), &out, &errb)
	return code, errb.String()
}

func TestRunFailingExpectationNamesFileLine(t *testing.T) {
	code, msg := runScript(t, "fail.lua", "local a = 1\nexpect.eq(a, 1)\nexpect.eq(a, 2, \"a is two\")\n")
	if code == 0 || !strings.Contains(msg, "fail.lua:3:") || !strings.Contains(msg, "a is two") {
		t.Fatalf("exit %d, stderr %q: want non-zero naming fail.lua:3", code, msg)
	}
}

func TestRunEndlessLoopStoppedByBudget(t *testing.T) {
	start := time.Now()
	code, msg := runScript(t, "loop.lua", "local n = 0\nwhile true do n = n + 1 end\n", "--budget", "1000000", "--timeout", "60")
	if code == 0 || !strings.Contains(msg, "instruction budget of 1000000 exhausted") || !strings.Contains(msg, "loop.lua:2") {
		t.Fatalf("exit %d, stderr %q: want the budget error at loop.lua:2", code, msg)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Fatalf("budget took %v", d)
	}
}

func TestRunSandboxRefusesOSAndIO(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`os.execute("ls")`, "os.execute"},
		{`io.open("/etc/passwd")`, "io.open"},
		{`dofile("/etc/passwd")`, "/etc/passwd"},
	} {
		code, msg := runScript(t, "s.lua", c.src+"\n")
		if code == 0 || !strings.Contains(msg, c.want) || !strings.Contains(msg, "s.lua:1") {
			t.Errorf("%s: exit %d, stderr %q", c.src, code, msg)
		}
	}
}

func TestRunScriptErrorInTimerFails(t *testing.T) {
	code, msg := runScript(t, "timer.lua", "world.every(0.1, function() error(\"boom\") end)\nworld.advance(0.5)\n")
	if code == 0 || !strings.Contains(msg, "boom") {
		t.Fatalf("exit %d, stderr %q", code, msg)
	}
}

func TestRunSampleScenario(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run([]string{"../testbed/scenarios/sample.lua"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "0x50000003 corpse") || !strings.Contains(out.String(), "NonCombat/Dead") {
		t.Fatalf("summary lacks the corpse:\n%s", out.String())
	}
}

// TestRunTimeoutHonouredInsideWorldAdvance pins that --timeout stops a
// script within a second of its value even when the time goes to one long
// host call (world.advance over fifty running creatures), with the error
// at that call's line. It used to run until killed.
func TestRunTimeoutHonouredInsideWorldAdvance(t *testing.T) {
	src := "for i = 1, 50 do world.spawn{guid = 0x50000000 + i, cell = 0x01010001, setup = 0x02000001, origin = {i, i, 0}, motion = {forward = \"RunForward\"}} end\nworld.advance(33000)\n"
	start := time.Now()
	done := make(chan struct{})
	var code int
	var msg string
	go func() {
		defer close(done)
		code, msg = runScript(t, "long.lua", src, "--timeout", "0.5", "--budget", "-1")
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("dereth run --timeout 0.5 still running after 5 s")
	}
	if d := time.Since(start); d > 1500*time.Millisecond {
		t.Errorf("stopped after %v, want within a second of the 0.5 s timeout", d)
	}
	if code != 1 || !strings.Contains(msg, "long.lua:2: wall-clock limit of 500ms exceeded") {
		t.Fatalf("exit %d, stderr %q: want the wall-clock error at long.lua:2", code, msg)
	}
}

// TestRunTimeoutRejectsNonFinite: a NaN or infinite --timeout is refused
// as misuse; before, it became a negative Duration and silently removed the
// wall-clock limit.
func TestRunTimeoutRejectsNonFinite(t *testing.T) {
	for _, v := range []string{"NaN", "Inf", "-Inf"} {
		code, msg := runScript(t, "ok.lua", "local a = 1\n", "--timeout", v)
		if code != 2 || !strings.Contains(msg, "--timeout must be a finite number of seconds") {
			t.Errorf("--timeout %s: exit %d, stderr %q; want 2 and the reason", v, code, msg)
		}
	}
}

// TestRunTraceKindsRefusesUnknownKinds: a misspelled --trace-kinds is
// refused as misuse, naming the closest kind and every kind, before any
// trace file is written; the kinds the world traces are accepted.
func TestRunTraceKindsRefusesUnknownKinds(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "t.jsonl")
	code, msg := runScript(t, "ok.lua", "local a = 1\n", "--trace", trace, "--trace-kinds", "stage,stages")
	if code != 2 || !strings.Contains(msg, `no event kind "stages"; did you mean "stage"?`) || !strings.Contains(msg, "stream, travel") {
		t.Errorf("exit %d, stderr %q; want 2 naming the kind", code, msg)
	}
	if _, err := os.Stat(trace); err == nil {
		t.Errorf("a refused run wrote %s", trace)
	}
	var all []string
	for _, k := range systems.Kinds {
		all = append(all, string(k))
	}
	if code, msg := runScript(t, "ok.lua", "local a = 1\n", "--trace", trace, "--trace-kinds", strings.Join(all, ",")); code != 0 {
		t.Errorf("every kind: exit %d, stderr %q", code, msg)
	}
}
