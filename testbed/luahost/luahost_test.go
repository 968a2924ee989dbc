package luahost

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// newTestHost returns a Host on testdata with two Go functions used by the
// wall-clock scripts: sleep(ms) sleeps ignoring the context, wait() blocks
// on L.Context().Done() for up to 10 s.
func newTestHost(t testing.TB, opts Options) (*Host, *bytes.Buffer) {
	t.Helper()
	if opts.Dir == "" {
		opts.Dir = "testdata"
	}
	out := &bytes.Buffer{}
	opts.Stdout = out
	h := New(opts)
	t.Cleanup(h.Close)
	h.SetGlobalFunc("sleep", func(L *lua.LState) int {
		time.Sleep(time.Duration(L.CheckInt(1)) * time.Millisecond)
		return 0
	})
	h.SetGlobalFunc("wait", func(L *lua.LState) int {
		select {
		case <-L.Context().Done():
		case <-time.After(10 * time.Second):
		}
		return 0
	})
	h.SetGlobalFunc("wait_host", func(L *lua.LState) int {
		select {
		case <-h.Context().Done():
		case <-time.After(10 * time.Second):
		}
		return 0
	})
	return h, out
}

func TestRunFile(t *testing.T) {
	tests := []struct {
		name    string
		script  string
		budget  int64
		timeout time.Duration
		want    string // exact message; "" means the script must pass
		prefix  bool   // want is a prefix of the message
		kind    error  // errors.Is target, nil for an ordinary script error
		within  time.Duration
	}{
		{name: "pass", script: "pass.lua"},
		{
			name: "failing expect.eq names its line", script: "fail_eq.lua",
			want: "testdata/fail_eq.lua:4: expect.eq failed: got 3, want 4 (sum)", kind: ErrExpectation,
		},
		{
			name: "endless loop stopped by budget", script: "loop.lua", budget: 100_000,
			want: "testdata/loop.lua:2: instruction budget of 100000 exhausted", kind: ErrBudget, within: time.Second,
		},
		{
			name: "pcall cannot swallow the budget", script: "loop_pcall.lua", budget: 100_000,
			want: "instruction budget of 100000 exhausted", kind: ErrBudget, within: time.Second,
		},
		{
			name: "coroutine instructions count", script: "loop_coroutine.lua", budget: 100_000,
			want: "testdata/loop_coroutine.lua:3: instruction budget of 100000 exhausted", kind: ErrBudget, within: time.Second,
		},
		{
			name: "wall clock stops a sleeping Go function loop", script: "sleep.lua", timeout: 100 * time.Millisecond,
			want: "testdata/sleep.lua:", prefix: true, kind: ErrTimeout, within: time.Second,
		},
		{
			name: "wall clock with a budget that would allow it", script: "sleep.lua", budget: 1 << 40, timeout: 100 * time.Millisecond,
			want: "testdata/sleep.lua:", prefix: true, kind: ErrTimeout, within: time.Second,
		},
		{
			name: "wall clock releases a Go function waiting on the context", script: "wait.lua", timeout: 100 * time.Millisecond,
			want: "testdata/wait.lua:3: wall-clock limit of 100ms exceeded", kind: ErrTimeout, within: time.Second,
		},
		{
			name: "wall clock releases a Go function waiting on Host.Context", script: "wait_host.lua", timeout: 100 * time.Millisecond,
			want: "testdata/wait_host.lua:3: wall-clock limit of 100ms exceeded", kind: ErrTimeout, within: time.Second,
		},
		{
			name: "os.execute", script: "os_execute.lua",
			want: "testdata/os_execute.lua:2: sandbox: os.execute is not available in dereth scripts", kind: ErrSandbox,
		},
		{
			name: "io.open", script: "io_open.lua",
			want: "testdata/io_open.lua:1: sandbox: io.open is not available in dereth scripts", kind: ErrSandbox,
		},
		{
			name: "syntax error", script: "syntax.lua",
			want: "testdata/syntax.lua:3: syntax error near '=' (column 11)", kind: ErrSyntax,
		},
		{
			name: "runtime error", script: "runtime.lua",
			want: "testdata/runtime.lua:2: attempt to index a non-table object(nil) with key 'field'",
		},
		{
			name: "error with a table value", script: "error_table.lua",
			want: "testdata/error_table.lua:1: error object: {code=7}",
		},
		{
			name: "subsequence out of order", script: "subseq_fail.lua",
			want: `testdata/subseq_fail.lua:6: expect.subsequence failed: pattern[3] {stage="Frame::combine"} not found after list[3] ` +
				`(pattern[2] matched there; 2 of 3 pattern elements matched, list has 3 elements); ` +
				`it occurs earlier, at list[2] — out of order (retail order)`,
			kind: ErrExpectation,
		},
		{
			name: "require ../x", script: "require_parent.lua",
			want: `testdata/require_parent.lua:1: sandbox: require("../x"): path escapes the script folder testdata`, kind: ErrSandbox,
		},
		{
			name: "require absolute path", script: "require_abs.lua",
			want: `testdata/require_abs.lua:1: sandbox: require("/etc/passwd"): absolute paths are not allowed; paths are relative to the script folder testdata`,
			kind: ErrSandbox,
		},
		{
			name: "dofile ../x", script: "dofile_parent.lua",
			want: `testdata/dofile_parent.lua:1: sandbox: dofile("../luahost_test.go"): path escapes the script folder testdata`, kind: ErrSandbox,
		},
		{
			name: "require missing module", script: "require_missing.lua",
			want: `testdata/require_missing.lua:1: require("nope"): nope.lua not found in the script folder testdata`,
		},
		{
			name: "syntax error in a required module", script: "require_syntax.lua",
			want: `testdata/lib/broken.lua:2: syntax error near ',' (column 6) (loaded by require("lib.broken") at testdata/require_syntax.lua:1)`,
			kind: ErrSyntax,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, _ := newTestHost(t, Options{Budget: tc.budget, Timeout: tc.timeout})
			start := time.Now()
			err := h.RunFile(filepath.Join("testdata", tc.script))
			elapsed := time.Since(start)
			if tc.within > 0 && elapsed > slack*tc.within {
				t.Errorf("took %v, want under %v", elapsed, tc.within)
			}
			if tc.want == "" {
				if err != nil {
					t.Fatalf("RunFile: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("RunFile succeeded, want error %q", tc.want)
			}
			var se *ScriptError
			if !errors.As(err, &se) {
				t.Fatalf("error %T %v is not a *ScriptError", err, err)
			}
			msg := err.Error()
			t.Logf("message: %s", msg)
			switch {
			case tc.prefix && !strings.HasPrefix(msg, tc.want):
				t.Errorf("message %q\nwant prefix %q", msg, tc.want)
			case !tc.prefix && tc.name == "pcall cannot swallow the budget" && !strings.HasSuffix(msg, tc.want):
				t.Errorf("message %q\nwant suffix %q", msg, tc.want)
			case !tc.prefix && tc.name != "pcall cannot swallow the budget" && msg != tc.want:
				t.Errorf("message %q\nwant        %q", msg, tc.want)
			}
			if !locPrefix.MatchString(msg) {
				t.Errorf("message %q does not start with file:line:", msg)
			}
			for _, k := range []error{ErrBudget, ErrTimeout, ErrExpectation, ErrSandbox, ErrSyntax} {
				if got, want := errors.Is(err, k), k == tc.kind; got != want {
					t.Errorf("errors.Is(err, %v) = %v, want %v", k, got, want)
				}
			}
		})
	}
}

func TestTimeoutMessage(t *testing.T) {
	h, _ := newTestHost(t, Options{Timeout: 50 * time.Millisecond})
	err := h.RunFile("testdata/sleep.lua")
	if err == nil || !strings.HasSuffix(err.Error(), ": wall-clock limit of 50ms exceeded") {
		t.Fatalf("err = %v, want the wall-clock message", err)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("timeout error does not match context.DeadlineExceeded")
	}
}

func TestPassPrintsAndCounts(t *testing.T) {
	h, out := newTestHost(t, Options{})
	if err := h.RunFile("testdata/pass.lua"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "pass.lua done\n" {
		t.Errorf("print output %q", got)
	}
	passed, failed := h.Expectations()
	// pass.lua runs 21 passing checks; the expect.eq inside expect.error fails on purpose.
	if passed != 21 || failed != 1 {
		t.Errorf("Expectations() = %d, %d; want 21, 1", passed, failed)
	}
}

// TestBudgetIsPerRun runs a script needing ~1/2 of the budget twice on one
// Host (each RunFile arms a fresh budget), then once with too small a
// budget.
func TestBudgetIsPerRun(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "count.lua"), "local n = 0\nfor i = 1, 1000 do n = n + 1 end\n")
	h, _ := newTestHost(t, Options{Dir: dir, Budget: 4000})
	for i := range 2 {
		if err := h.RunFile(filepath.Join(dir, "count.lua")); err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		if used := h.lim.used(); used < 2000 || used > 2100 {
			t.Errorf("run %d used %d instructions, want about 2000", i, used)
		}
	}
	small, _ := newTestHost(t, Options{Dir: dir, Budget: 1000})
	err := small.RunFile(filepath.Join(dir, "count.lua"))
	if !errors.Is(err, ErrBudget) {
		t.Fatalf("budget 1000: err = %v, want ErrBudget", err)
	}
}

func TestSandboxGlobals(t *testing.T) {
	tests := []struct{ src, want string }{
		{`os.exit(1)`, "sandbox: os.exit is not available in dereth scripts"},
		{`local t = os.time()`, "sandbox: os.time is not available in dereth scripts"},
		{`io.write("x")`, "sandbox: io.write is not available in dereth scripts"},
		{`os.foo = 1`, "sandbox: os.foo is not available in dereth scripts"},
		{`debug.traceback()`, "sandbox: debug.traceback is not available in dereth scripts"},
		{`package.path = "/"`, "sandbox: package.path is not available in dereth scripts"},
		{`loadfile("x.lua")`, "sandbox: loadfile is not available in dereth scripts"},
		{`setmetatable(os, nil)`, "cannot change a protected metatable"},
		{`dofile("data.txt")`, `sandbox: dofile("data.txt"): only .lua files can be loaded`},
		{`expect.truthy(module == nil and _printregs == nil and channel == nil); error("ok")`, "ok"},
	}
	dir := t.TempDir()
	for i, tc := range tests {
		name := filepath.Join(dir, "s"+string(rune('a'+i))+".lua")
		writeFile(t, name, tc.src+"\n")
		h, _ := newTestHost(t, Options{Dir: dir})
		err := h.RunFile(name)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want it to contain %q", tc.src, err, tc.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), name+":1: ") {
			t.Errorf("%s: err = %q, want prefix %q", tc.src, err, name+":1: ")
		}
	}
}

func TestSymlinkEscape(t *testing.T) {
	base := t.TempDir()
	scripts := filepath.Join(base, "scripts")
	if err := os.Mkdir(scripts, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(base, "outside.lua"), "return 1\n")
	writeFile(t, filepath.Join(scripts, "inside.lua"), "return 2\n")
	if err := os.Symlink(filepath.Join(base, "outside.lua"), filepath.Join(scripts, "out.lua")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("inside.lua", filepath.Join(scripts, "alias.lua")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(scripts, "main.lua"), "expect.eq(require('alias'), 2)\nrequire('out')\n")
	h, _ := newTestHost(t, Options{Dir: scripts})
	err := h.RunFile(filepath.Join(scripts, "main.lua"))
	want := filepath.Join(scripts, "main.lua") + `:2: sandbox: require("out"): out.lua resolves outside the script folder ` + scripts
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
	if !errors.Is(err, ErrSandbox) {
		t.Errorf("symlink escape is not ErrSandbox")
	}
	// A Dir reached through a symlink accepts scripts named by their real path.
	linkDir := filepath.Join(base, "link")
	if err := os.Symlink(scripts, linkDir); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(scripts, "ok.lua"), "expect.eq(require('inside'), 2)\n")
	viaLink, _ := newTestHost(t, Options{Dir: linkDir})
	if err := viaLink.RunFile(filepath.Join(scripts, "ok.lua")); err != nil {
		t.Errorf("Dir via symlink, script by real path: %v", err)
	}
	if err := viaLink.RunFile(filepath.Join(linkDir, "ok.lua")); err != nil {
		t.Errorf("Dir via symlink, script via symlink: %v", err)
	}
	// RunFile itself refuses a symlink that leaves the folder, and paths outside it.
	for _, p := range []string{filepath.Join(scripts, "out.lua"), filepath.Join(base, "outside.lua")} {
		if err := h.RunFile(p); err == nil {
			t.Errorf("RunFile(%s) succeeded, want a refusal", p)
		}
	}
}

// TestExpectMessages pins the failure text of each expect function.
func TestExpectMessages(t *testing.T) {
	tests := []struct{ src, want string }{
		{`expect.eq("a", "b")`, `expect.eq failed: got "a", want "b"`},
		{`expect.eq(nil, false, 3)`, `expect.eq failed: got nil, want false (3)`},
		{`expect.eq({b = 2, a = 1, 10, 20}, {a = 1, b = 3, 10, 20})`,
			"expect.eq failed: got {10, 20, a=1, b=2}, want {10, 20, a=1, b=3}\n\tfirst difference at .b: got 2, want 3"},
		{`expect.eq({x = {1, 2}}, {x = {1, 2, 3}}, "len")`,
			"expect.eq failed: got {x={1, 2}}, want {x={1, 2, 3}} (len)\n\tfirst difference at .x[3]: got nil, want 3"},
		{`expect.ne({1}, {1}, "same")`, `expect.ne failed: got {1}, want anything else (same)`},
		{`expect.near(1.5, 1, 0.25)`, `expect.near failed: got 1.5, want 1 ± 0.25 (off by 0.5)`},
		{`expect.near({x = 1, y = 2}, {x = 1, y = 3}, 0.5, "pos")`,
			"expect.near failed: got {x=1, y=2}, want {x=1, y=3} ± 0.5 (pos)\n\tfirst difference at .y: got 2, want 3 (off by 1)"},
		{`expect.truthy(nil, "spawned")`, `expect.truthy failed: got nil (spawned)`},
		{`expect.falsy({})`, `expect.falsy failed: got {}`},
		{`expect.error(function() end)`, `expect.error failed: function did not raise an error`},
		{`expect.error(function() error("abc") end, "xyz")`, `expect.error failed: error "`},
		{`expect.subsequence({1, 2}, {3})`, `expect.subsequence failed: pattern[1] 3 not found in list (2 elements)`},
		{`expect.subsequence({{a = 1, b = 2}}, {{a = 1, c = 3}})`, `expect.subsequence failed: pattern[1] {a=1, c=3} not found in list (1 elements)`},
		{`expect.eq(1)`, `expect.eq: usage expect.eq(got, want [, msg]), got 1 argument(s)`},
	}
	dir := t.TempDir()
	for i, tc := range tests {
		name := filepath.Join(dir, "e"+string(rune('a'+i))+".lua")
		writeFile(t, name, "local x = 1\n"+tc.src+"\n")
		h, _ := newTestHost(t, Options{Dir: dir})
		err := h.RunFile(name)
		want := name + ":2: " + tc.want
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s:\n got  %v\n want %s", tc.src, err, want)
		}
	}
}

func TestRequireCycle(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.lua"), "return require('b')\n")
	writeFile(t, filepath.Join(dir, "b.lua"), "return require('a')\n")
	writeFile(t, filepath.Join(dir, "main.lua"), "require('a')\n")
	h, _ := newTestHost(t, Options{Dir: dir})
	err := h.RunFile(filepath.Join(dir, "main.lua"))
	want := filepath.Join(dir, "b.lua") + `:1: require("a"): loop while loading a.lua`
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
}

func TestTraceback(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "tb.lua"), "local function inner()\n\terror('deep')\nend\nlocal function outer()\n\tinner()\nend\nouter()\n")
	h, _ := newTestHost(t, Options{Dir: dir})
	err := h.RunFile(filepath.Join(dir, "tb.lua"))
	var se *ScriptError
	if !errors.As(err, &se) {
		t.Fatalf("err = %v", err)
	}
	name := filepath.Join(dir, "tb.lua")
	for _, line := range []string{name + ":2:", name + ":5:", name + ":7: in main chunk"} {
		if !strings.Contains(se.Traceback, line) {
			t.Errorf("traceback %q lacks %q", se.Traceback, line)
		}
	}
}

func TestSetGlobalTable(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "g.lua"), `
expect.eq(world.double(21), 42)
expect.eq(world.name, "dereth")
expect.eq(world.echo({1, 2, {k = "v"}}), {1, 2, {k = "v"}})
`)
	h, _ := newTestHost(t, Options{Dir: dir})
	tb := h.SetGlobalTable("world", map[string]lua.LGFunction{
		"double": func(L *lua.LState) int { L.Push(L.CheckNumber(1) * 2); return 1 },
	})
	tb.RawSetString("name", lua.LString("dereth"))
	h.SetGlobalTable("world", map[string]lua.LGFunction{
		"echo": func(L *lua.LState) int { L.Push(ToLua(L, FromLua(L.Get(1)))); return 1 },
	})
	if err := h.RunFile(filepath.Join(dir, "g.lua")); err != nil {
		t.Fatal(err)
	}
}

func TestRunFileOutsideDir(t *testing.T) {
	h, _ := newTestHost(t, Options{})
	for _, p := range []string{"luahost_test.go", "testdata/../host.go", "testdata/missing.lua"} {
		err := h.RunFile(p)
		if err == nil {
			t.Errorf("RunFile(%q) succeeded", p)
			continue
		}
		if !strings.HasPrefix(err.Error(), "luahost: run "+p+":") {
			t.Errorf("RunFile(%q) = %v, want a luahost: run error naming the path", p, err)
		}
	}
	bad := New(Options{Dir: "testdata/no-such-dir"})
	defer bad.Close()
	if err := bad.RunFile("testdata/no-such-dir/x.lua"); err == nil || !strings.Contains(err.Error(), "no-such-dir") {
		t.Errorf("missing Dir: err = %v", err)
	}
}

func writeFile(t testing.TB, name, content string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCompileErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"local a = 1\nlocal function f()\n\treturn a\n", ":3: syntax error at end of file"},
		{"local a = 1\ngoto nowhere\n", ":2: compile error: no visible label 'nowhere' for <goto> at line 2"},
		{"x = 1\n\nx = x +* 2\n", ":3: syntax error near '*' (column 8)"},
	}
	dir := t.TempDir()
	for i, tc := range tests {
		name := filepath.Join(dir, "c"+string(rune('a'+i))+".lua")
		writeFile(t, name, tc.src)
		h, _ := newTestHost(t, Options{Dir: dir})
		err := h.RunFile(name)
		if err == nil || !strings.HasPrefix(err.Error(), name+tc.want) {
			t.Errorf("%q:\n got  %v\n want %s%s", tc.src, err, name, tc.want)
		}
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: not ErrSyntax", tc.src)
		}
	}
}

// TestGoFunctionErrors checks that errors raised by Go functions registered
// through the helper API, including Go panics, report the calling script
// line.
func TestGoFunctionErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{`api.check("x")`, "bad argument #1 to check (number expected, got string)"},
		{`api.raise()`, "raised from Go"},
		{`api.panic()`, "kaboom"},
	}
	dir := t.TempDir()
	for i, tc := range tests {
		name := filepath.Join(dir, "g"+string(rune('a'+i))+".lua")
		writeFile(t, name, "local x = 1\n"+tc.src+"\n")
		h, _ := newTestHost(t, Options{Dir: dir})
		h.SetGlobalTable("api", map[string]lua.LGFunction{
			"check": func(L *lua.LState) int { L.CheckNumber(1); return 0 },
			"raise": func(L *lua.LState) int { L.RaiseError("raised from Go"); return 0 },
			"panic": func(L *lua.LState) int { panic("kaboom") },
		})
		err := h.RunFile(name)
		want := name + ":2: " + tc.want
		if err == nil || err.Error() != want {
			t.Errorf("%s:\n got  %v\n want %s", tc.src, err, want)
		}
	}
}

// TestNestedRunFile: a RunFile from a Go function during a run shares the
// outer budget, so the inner endless loop is stopped by it and the outer
// script fails with the budget error.
func TestNestedRunFile(t *testing.T) {
	h, _ := newTestHost(t, Options{Budget: 50_000})
	var inner error
	h.SetGlobalFunc("run", func(L *lua.LState) int {
		inner = h.RunFile(L.CheckString(1))
		return 0
	})
	err := h.RunFile("testdata/nested.lua")
	if !errors.Is(inner, ErrBudget) || !strings.HasPrefix(inner.Error(), "testdata/loop.lua:2: ") {
		t.Errorf("inner run: %v, want the budget error in loop.lua", inner)
	}
	if !errors.Is(err, ErrBudget) {
		t.Errorf("outer run: %v, want ErrBudget", err)
	}
}

func TestCall(t *testing.T) {
	h, _ := newTestHost(t, Options{Budget: 100_000})
	if err := h.RunFile("testdata/callbacks.lua"); err != nil {
		t.Fatal(err)
	}
	L := h.State()
	got, err := h.Call(L.GetGlobal("add"), lua.LNumber(2), lua.LNumber(3))
	if err != nil || len(got) != 2 || got[0] != lua.LNumber(5) || got[1] != lua.LString("sum") {
		t.Fatalf("Call(add, 2, 3) = %v, %v; want [5 sum]", got, err)
	}
	if L.GetTop() != 0 {
		t.Errorf("Call left %d values on the stack", L.GetTop())
	}
	_, err = h.Call(L.GetGlobal("check"), lua.LNumber(2))
	if want := "testdata/callbacks.lua:4: expect.eq failed: got 2, want 1 (callback arg)"; err == nil || err.Error() != want || !errors.Is(err, ErrExpectation) {
		t.Errorf("Call(check, 2) = %v, want %q (ErrExpectation)", err, want)
	}
	// Each top-level Call has a fresh budget: spin exhausts it, twice.
	for i := range 2 {
		_, err = h.Call(L.GetGlobal("spin"))
		if want := "testdata/callbacks.lua:7: instruction budget of 100000 exhausted"; err == nil || err.Error() != want || !errors.Is(err, ErrBudget) {
			t.Errorf("spin %d: err = %v, want %q", i, err, want)
		}
	}
	if _, err := h.Call(L.GetGlobal("add"), lua.LNumber(1), lua.LNumber(1)); err != nil {
		t.Errorf("Call after an exhausted budget: %v", err)
	}
}
