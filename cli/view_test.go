package cli

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/testworld"
	"github.com/dereth/dereth/testbed"
)

// writeDATs writes a portal and a cell DAT as a --dat folder.
func writeDATs(t *testing.T, portal, cell []byte) string {
	t.Helper()
	dir := t.TempDir()
	for name, b := range map[string][]byte{"client_portal.dat": portal, "client_cell_1.dat": cell} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestRunOnOwnDATs: `dereth run --dat DIR SCRIPT` reads the user's DATs:
// a Setup only they hold spawns.
func TestRunOnOwnDATs(t *testing.T) {
	portal, cell, err := testworld.OtherDATs(false)
	if err != nil {
		t.Fatal(err)
	}
	dir := writeDATs(t, portal, cell)
	script := filepath.Join(t.TempDir(), "mine.lua")
	src := "local p = world.find_place()\nworld.set_default_place(p)\n" +
		"world.spawn{guid = 0x50000001, setup = 0x02000101}\nprint(string.format('block 0x%08X', p.block))\n"
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := Run([]string{"--dat", dir, script}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "block 0x7F7F0000") || !strings.Contains(out.String(), "0x50000001 creature cell 0x7F7F") {
		t.Fatalf("output:\n%s", out.String())
	}
}

// TestLoadViewerLeavesNoTempFiles: the default spawn script runs from
// memory, so loading writes nothing to the temporary folder.
func TestLoadViewerLeavesNoTempFiles(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	if _, _, err := LoadViewer(ViewOptions{}, io.Discard, nil); err != nil {
		t.Fatal(err)
	}
	left, err := os.ReadDir(tmp)
	if err != nil || len(left) != 0 {
		t.Fatalf("left in the temporary folder: %v %v", left, err)
	}
}

// TestLoadViewerScriptErrors: a failing spawn script's error names the
// script (the user's file, or the built-in one, never a temporary path)
// and its line, and says to pass --script. A script that is not there
// says so (there is nothing to fix in it); F5 is offered only in a
// window, never in a --screenshot run, which exits after its picture.
func TestLoadViewerScriptErrors(t *testing.T) {
	portal, noLand, err := testworld.OtherDATs(true)
	if err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(t.TempDir(), "mine.lua")
	if err := os.WriteFile(mine, []byte("local x = 1\nworld.spawn{setup = 0x02000001}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "nope.lua")
	tests := []struct {
		name      string
		opts      ViewOptions
		want, not []string
	}{
		{"user script", ViewOptions{Script: mine}, []string{mine + ":2: world.spawn: no cell given", "Fix " + mine + " and press F5", "--script"}, nil},
		{"user script, screenshot", ViewOptions{Script: mine, Screenshot: "x.png"}, []string{"Fix " + mine + ", or pass another --script FILE"}, []string{"F5"}},
		{"missing script", ViewOptions{Script: missing}, []string{"There is no " + missing + ": check the path and press F5"}, []string{"Fix "}},
		{"missing script, screenshot", ViewOptions{Script: missing, Screenshot: "x.png"}, []string{"There is no " + missing + ": check the path, or pass another --script FILE"}, []string{"Fix ", "F5"}},
		{"built-in script", ViewOptions{DAT: writeDATs(t, portal, noLand)},
			[]string{testbed.SampleName + ":", "world.find_place", "pass --script FILE"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := LoadViewer(tt.opts, io.Discard, nil)
			var se *ScriptError
			if !errors.As(err, &se) {
				t.Fatalf("error %v, want a ScriptError", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(err.Error(), w) {
					t.Errorf("error %q says %q", err, w)
				}
			}
			if strings.Contains(err.Error(), os.TempDir()) && tt.opts.Script == "" {
				t.Errorf("error %q names a temporary path", err)
			}
		})
	}
}

// TestViewerTimeoutHonoured: the viewer's --timeout bounds its spawn
// script within a second of its value, even inside one long host call,
// with the error at that call's line.
func TestViewerTimeoutHonoured(t *testing.T) {
	script := filepath.Join(t.TempDir(), "long.lua")
	src := "for i = 1, 50 do world.spawn{guid = 0x50000000 + i, cell = 0x01010001, setup = 0x02000001, origin = {i, i, 0}, motion = {forward = \"RunForward\"}} end\nworld.advance(33000)\n"
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	opts, code, ok := ParseView([]string{"--script", script, "--timeout", "0.5"}, io.Discard, io.Discard)
	if !ok {
		t.Fatalf("ParseView: exit %d", code)
	}
	start := time.Now()
	_, _, err := LoadViewer(opts, io.Discard, nil)
	if d := time.Since(start); d > 1500*time.Millisecond {
		t.Errorf("stopped after %v, want within a second of the 0.5 s timeout", d)
	}
	if err == nil || !strings.Contains(err.Error(), "long.lua:2: wall-clock limit of 500ms exceeded") {
		t.Fatalf("err = %v, want the wall-clock error at long.lua:2", err)
	}
}

// TestViewTimeoutFlag: the viewer refuses a negative, NaN or infinite
// --timeout (an infinite one became a negative Duration: no limit).
func TestViewTimeoutFlag(t *testing.T) {
	for _, v := range []string{"-1", "NaN", "Inf", "-Inf"} {
		var errb strings.Builder
		if _, code, ok := ParseView([]string{"--timeout", v}, io.Discard, &errb); ok || code != 2 || !strings.Contains(errb.String(), "--timeout must be 0 or more seconds") {
			t.Errorf("--timeout %s: ok %v, exit %d, stderr %q; want refused with exit 2", v, ok, code, errb.String())
		}
	}
	if _, _, ok := ParseView([]string{"--timeout", "2.5"}, io.Discard, io.Discard); !ok {
		t.Error("--timeout 2.5 refused")
	}
}
