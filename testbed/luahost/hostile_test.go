package luahost

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// runHostile runs src as s.lua in a fresh host with opts and returns the
// host (still open) and the run's error.
func runHostile(t *testing.T, src string, opts Options) (*Host, error) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "s.lua"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	opts.Dir = dir
	h, _ := newTestHost(t, opts)
	return h, h.RunFile(filepath.Join(dir, "s.lua"))
}

// TestPanicsBecomeLuaErrors pins that the known ways to make gopher-lua
// panic out of PCall (a full registry cannot take the error handler) end
// as an ordinary *ScriptError naming the script line, and that the host
// runs the next script normally afterwards.
func TestPanicsBecomeLuaErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // substring of the message after "s.lua:LINE: "; "" means the script passes
		line int
	}{
		{name: "unpack of 1e8 values", src: "local x = 1\nlocal t = {unpack({}, 1, 1e8)}\n", want: "unpack", line: 2},
		{name: "table.concat of 300k strings", src: "local t = {}\nfor i = 1, 300000 do t[i] = \"ab\" end\nlocal s = table.concat(t)\nassert(#s == 600000, #s)\n"},
		{name: "registry overflow", src: "local t = {}\nfor i = 1, 8000 do t[i] = i end\nlocal function f(...) return 1 + f(...) end\nf(unpack(t))\n", want: "registry overflow", line: 3},
		{name: "registry overflow inside xpcall", src: "local t = {}\nfor i = 1, 8000 do t[i] = i end\nlocal function f(...) return 1 + f(...) end\nlocal ok, e = xpcall(function() return f(unpack(t)) end, function(e) return e end)\nassert(not ok and e:find(\"registry overflow\"), e)\n"},
		{name: "deep recursion", src: "local function f(n) return 1 + f(n + 1) end\nf(0)\n", want: "stack overflow", line: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, err := runHostile(t, tc.src, Options{Budget: 20_000_000, Timeout: slack * 10 * time.Second})
			if tc.want == "" {
				if err != nil {
					t.Fatalf("RunFile: %v", err)
				}
			} else {
				var se *ScriptError
				if !errors.As(err, &se) {
					t.Fatalf("error %T %v, want a *ScriptError", err, err)
				}
				prefix := filepath.Join(h.dir, "s.lua") + ":" + string(rune('0'+tc.line)) + ": "
				if !strings.HasPrefix(se.Message, prefix) || !strings.Contains(se.Message, tc.want) {
					t.Fatalf("message %q, want %q… containing %q", se.Message, prefix, tc.want)
				}
			}
			// The host survives: the next script runs on a clean stack.
			writeFile(t, filepath.Join(h.dir, "next.lua"), "local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end\nassert(f(100) == 100)\n")
			if err := h.RunFile(filepath.Join(h.dir, "next.lua")); err != nil {
				t.Fatalf("next script after %q: %v", tc.name, err)
			}
		})
	}
}

// TestTailRecursionTracebackBounded pins that a budget tripped inside an
// endless tail call reports a short traceback: gopher-lua counts every
// tail call as a stack level, and walking them all took seconds and
// gigabytes.
func TestTailRecursionTracebackBounded(t *testing.T) {
	start := time.Now()
	_, err := runHostile(t, "local function f(n) return f(n + 1) end\nf(0)\n", Options{Budget: 3_000_000, Timeout: slack * 10 * time.Second})
	var se *ScriptError
	if !errors.As(err, &se) || !errors.Is(err, ErrBudget) {
		t.Fatalf("err = %v, want the budget error", err)
	}
	if n := strings.Count(se.Traceback, "\n") + 1; n > maxTraceback+1 {
		t.Errorf("traceback has %d lines, want at most %d", n, maxTraceback+1)
	}
	if d := time.Since(start); d > slack*2*time.Second {
		t.Errorf("took %v", d)
	}
}

// within runs fn and fails the test when it has not returned after d (a
// hung run is left behind: the test process ends soon anyway).
func within(t *testing.T, d time.Duration, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still running after %v", d)
	}
}

// TestLimitsReachLongOperations pins that the instruction budget, the
// wall clock and the memory limits stop the string library's long
// operations, string building and heap growth inside the operation, with
// the error at the script line that called it.
func TestLimitsReachLongOperations(t *testing.T) {
	const slow = `local s = ("a"):rep(5000)` + "\n"
	tests := []struct {
		name string
		src  string
		opts Options
		kind error
		line int
		want string
	}{
		{"gsub backtracking, budget", slow + `local r = s:gsub(".-.-.-.-.-b", "")`, Options{Budget: 2_000_000}, ErrBudget, 2, "instruction budget of 2000000 exhausted"},
		{"gsub backtracking, wall clock", slow + `local r = s:gsub(".-.-.-.-.-b", "")`, Options{Budget: -1, Timeout: 200 * time.Millisecond}, ErrTimeout, 2, "wall-clock limit of 200ms exceeded"},
		{"find backtracking", slow + `local i = s:find(".-.-.-.-.-b")`, Options{Budget: 2_000_000}, ErrBudget, 2, "exhausted"},
		{"match backtracking", slow + `local m = s:match("(.-)(.-)(.-)(.-)b")`, Options{Budget: 2_000_000}, ErrBudget, 2, "exhausted"},
		{"gmatch backtracking", slow + "for w in s:gmatch(\".-.-.-.-.-b\") do\nend", Options{Budget: 2_000_000}, ErrBudget, 2, "exhausted"},
		{"expect.error pattern", slow + `expect.error(function() error(s) end, ".-.-.-.-.-b")`, Options{Budget: 2_000_000}, ErrBudget, 2, "exhausted"},
		{"string.rep of 4 GiB", `local s = string.rep("x", 2^32)`, Options{}, ErrMemory, 1, "string.rep: a string of 4294967296 bytes is longer than the 16 MiB limit"},
		{"doubling with ..", "local s = \"x\"\nfor i = 1, 40 do s = s .. s end", Options{}, ErrMemory, 2, "the .. operator: a string of 33554432 bytes is longer than the 16 MiB limit"},
		{"gsub expansion", "local s = (\"x\"):rep(1e5)\nlocal r = s:gsub(\"x\", (\"y\"):rep(1000))", Options{}, ErrMemory, 2, "string.gsub: a string of"},
		{"table.concat", "local t = {}\nfor i = 1, 40 do t[i] = (\"x\"):rep(1e6) end\nlocal s = table.concat(t)", Options{}, ErrMemory, 3, "table.concat: a string of 40000000 bytes"},
		{"string.format widths", "local f = (\"%999999s\"):rep(40)\nlocal s = f:format(unpack({}, 1, 40))", Options{}, ErrMemory, 2, "string.format: a string of"},
		{"heap growth in tables", "local t = {}\nfor i = 1, 1e8 do t[i] = {i, i} end", Options{Budget: 20_000_000, Memory: 32 << 20}, ErrMemory, 2, "memory limit of 32 MiB exceeded"},
		{"heap growth in coroutines", "local t = {}\nfor i = 1, 1e6 do t[i] = coroutine.create(print) end", Options{Budget: 20_000_000, Memory: 32 << 20}, ErrMemory, 2, "memory limit of 32 MiB exceeded"},
		{"max string option", "local s = (\"x\"):rep(1000)", Options{MaxString: 999}, ErrMemory, 1, "longer than the 999 bytes limit"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var h *Host
			var err error
			opts := tc.opts
			if opts.Timeout == 0 && tc.kind != ErrTimeout {
				opts.Timeout = slack * DefaultTimeout // the budget or memory limit must trip first
			}
			within(t, slack*5*time.Second, func() { h, err = runHostile(t, tc.src+"\n", opts) })
			if !errors.Is(err, tc.kind) {
				t.Fatalf("err = %v, want %v", err, tc.kind)
			}
			prefix := filepath.Join(h.dir, "s.lua") + ":" + string(rune('0'+tc.line)) + ": "
			if msg := err.Error(); !strings.HasPrefix(msg, prefix) || !strings.Contains(msg, tc.want) {
				t.Fatalf("message %q, want %q… containing %q", msg, prefix, tc.want)
			}
		})
	}
}

// TestCheckStopsAGoLoop pins that a Go function that calls Check as it
// works is stopped by the wall clock and the budget with the error at the
// line that called it, not the line after.
func TestCheckStopsAGoLoop(t *testing.T) {
	for _, opts := range []Options{{Budget: 10_000}, {Budget: -1, Timeout: 100 * time.Millisecond}} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "s.lua"), "local x = 1\nwork()\nx = 2\n")
		opts.Dir = dir
		h, _ := newTestHost(t, opts)
		h.SetGlobalFunc("work", func(L *lua.LState) int {
			for {
				h.Check(L, 100)
				time.Sleep(time.Millisecond)
			}
		})
		var err error
		within(t, slack*2*time.Second, func() { err = h.RunFile(filepath.Join(dir, "s.lua")) })
		if err == nil || !strings.HasPrefix(err.Error(), filepath.Join(dir, "s.lua")+":2: ") || !(errors.Is(err, ErrBudget) || errors.Is(err, ErrTimeout)) {
			t.Errorf("%+v: err = %v, want a limit error at s.lua:2", opts, err)
		}
	}
}

// TestDeepNestingIsRefusedBeforeCompiling: a 1 MiB loadstring of 520,000
// nested `{` (which gopher-lua's parser takes seconds and hundreds of
// MiB to read), long operator and unary chains, are refused with "too
// many syntax levels" before the parser or compiler goes deep; nesting
// at Lua 5.1's bound still compiles.
func TestDeepNestingIsRefusedBeforeCompiling(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		ok        bool
	}{
		{"braces", "return " + strings.Repeat("{", 520000) + strings.Repeat("}", 520000), false},
		{"parens", "return " + strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300), false},
		{"blocks", strings.Repeat("do ", 300) + strings.Repeat("end ", 300), false},
		{"sum", "return " + strings.Repeat("1+", 10000) + "1", false},
		{"minus", "return " + strings.Repeat("- ", 500000) + "1", false},
		{"not", "return " + strings.Repeat("not ", 250000) + "1", false},
		{"binary minus", "return " + strings.Repeat("1 - ", 1000) + "1", true},
		{"braces at the bound", "return " + strings.Repeat("{", MaxSyntaxLevels) + strings.Repeat("}", MaxSyntaxLevels), true},
		{"brackets in strings", "return '" + strings.Repeat("{", 1000) + "' .. [[" + strings.Repeat("(", 1000) + "]] -- " + strings.Repeat("[", 1000), true},
		{"long elseif chain", "local x = 1 if x == 0 then" + strings.Repeat(" elseif x == 0 then", 500) + " end return 1", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "s.lua"), []byte(`local f, msg = loadstring(SRC) ok = f ~= nil err = msg`), 0o644); err != nil {
				t.Fatal(err)
			}
			h := New(Options{Dir: dir, Timeout: slack * DefaultTimeout})
			defer h.Close()
			h.State().SetGlobal("SRC", lua.LString(tc.src))
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			start := time.Now()
			err := h.RunFile(filepath.Join(dir, "s.lua"))
			took := time.Since(start)
			runtime.ReadMemStats(&ms1)
			if err != nil {
				t.Fatal(err)
			}
			ok := h.State().GetGlobal("ok") == lua.LTrue
			msg := lua.LVAsString(h.State().GetGlobal("err"))
			if ok != tc.ok || !tc.ok && !strings.Contains(msg, "too many syntax levels") {
				t.Errorf("compiled %v (%s), want %v", ok, msg, tc.ok)
			}
			// Generous bounds for the race detector on a loaded machine;
			// the unchecked parser took 11 s and 305 MiB on the braces.
			if took > slack*5*time.Second || ms1.TotalAlloc-ms0.TotalAlloc > 200<<20 {
				t.Errorf("took %v and %d MiB", took, (ms1.TotalAlloc-ms0.TotalAlloc)>>20)
			}
		})
	}
}
