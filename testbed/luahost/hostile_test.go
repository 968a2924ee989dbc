package luahost

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
			h, err := runHostile(t, tc.src, Options{Budget: 20_000_000, Timeout: 10 * time.Second})
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
	_, err := runHostile(t, "local function f(n) return f(n + 1) end\nf(0)\n", Options{Budget: 3_000_000})
	var se *ScriptError
	if !errors.As(err, &se) || !errors.Is(err, ErrBudget) {
		t.Fatalf("err = %v, want the budget error", err)
	}
	if n := strings.Count(se.Traceback, "\n") + 1; n > maxTraceback+1 {
		t.Errorf("traceback has %d lines, want at most %d", n, maxTraceback+1)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}
