package cli

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func dispatch(args ...string) (view *ViewOptions, code int, stdout, stderr string) {
	var o, e bytes.Buffer
	view, code = Dispatch(args, &o, &e)
	return view, code, o.String(), e.String()
}

// TestCommandHelp: every command and dat subcommand prints the same usage
// and flags to stdout for `-h`, `--help` and `dereth help ...`, exit 0.
func TestCommandHelp(t *testing.T) {
	paths := [][]string{}
	for _, c := range commands {
		paths = append(paths, []string{c.name})
		if c.subs != nil {
			for _, s := range c.subs() {
				paths = append(paths, []string{c.name, s})
			}
		}
	}
	for _, p := range paths {
		name := strings.Join(p, " ")
		t.Run(name, func(t *testing.T) {
			var first string
			for _, args := range [][]string{slices.Concat(p, []string{"-h"}), slices.Concat(p, []string{"--help"}), slices.Concat([]string{"help"}, p)} {
				view, code, out, errOut := dispatch(args...)
				if view != nil || code != 0 || errOut != "" {
					t.Fatalf("%q: view %v exit %d stderr %q", args, view, code, errOut)
				}
				usage, _, _ := strings.Cut(out, "\n")
				if !strings.HasPrefix(usage, "usage: dereth ") || !strings.Contains(usage, p[len(p)-1]) {
					t.Fatalf("%q: usage line %q", args, usage)
				}
				if first == "" {
					first = out
				} else if out != first {
					t.Fatalf("%q printed\n%s\nbut -h printed\n%s", args, out, first)
				}
			}
		})
	}
}

func TestDispatch(t *testing.T) {
	list := "usage: dereth [COMMAND]"
	tests := []struct {
		name        string
		args        []string
		view        *ViewOptions
		code        int
		out, errOut string // substrings; "" means that stream stays empty
	}{
		{"no arguments open the viewer", nil, &ViewOptions{}, 0, "", ""},
		{"view flags", []string{"view", "-script", "s.lua", "--screenshot=o.png", "--frames", "3"},
			&ViewOptions{Script: "s.lua", Screenshot: "o.png", Frames: 3}, 0, "", ""},
		{"view flags without view", []string{"--dat", "ac"}, &ViewOptions{DAT: "ac"}, 0, "", ""},
		{"view plugins", []string{"view", "--plugin", "a.lua", "--plugin", "b.lua"}, &ViewOptions{Plugins: []string{"a.lua", "b.lua"}}, 0, "", ""},
		{"help", []string{"help"}, nil, 0, list, ""},
		{"-h", []string{"-h"}, nil, 0, list, ""},
		{"-help", []string{"-help"}, nil, 0, list, ""},
		{"--help", []string{"--help"}, nil, 0, list, ""},
		{"unknown command", []string{"bogus"}, nil, 2, "", `dereth: unknown command "bogus"`},
		{"unknown flag", []string{"--bogus"}, nil, 2, "", "flag provided but not defined: -bogus"},
		{"view takes no arguments", []string{"view", "x"}, nil, 2, "", `takes no arguments, got "x"`},
		{"help on an unknown command", []string{"help", "bogus"}, nil, 2, "", `dereth help: unknown command "bogus"`},
		{"help on an unknown dat command", []string{"help", "dat", "frob"}, nil, 2, "", `unknown dat command "frob"`},
		{"help with too many arguments", []string{"help", "run", "x"}, nil, 2, "", "too many arguments"},
		{"a headless command", []string{"dat", "ls", "sample:cell"}, nil, 0, "LandBlock", ""},
		{"a headless command's misuse", []string{"run"}, nil, 2, "", "dereth run: want one SCRIPT.lua, got 0 arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			view, code, out, errOut := dispatch(tt.args...)
			if code != tt.code || (view == nil) != (tt.view == nil) || view != nil && !reflect.DeepEqual(*view, *tt.view) {
				t.Fatalf("view %+v exit %d, want %+v exit %d\nstderr: %s", view, code, tt.view, tt.code, errOut)
			}
			if !strings.Contains(out, tt.out) || (tt.out == "") != (out == "") {
				t.Errorf("stdout %q, want %q", out, tt.out)
			}
			if !strings.Contains(errOut, tt.errOut) || (tt.errOut == "") != (errOut == "") {
				t.Errorf("stderr %q, want %q", errOut, tt.errOut)
			}
		})
	}
}

// TestCommandList: the list has one line per command, naming it first.
func TestCommandList(t *testing.T) {
	_, _, out, _ := dispatch("help")
	for _, c := range commands {
		if n := strings.Count(out, "\n  "+c.name+" "); n != 1 {
			t.Errorf("%s listed %d times:\n%s", c.name, n, out)
		}
	}
}
