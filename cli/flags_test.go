package cli

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// testFlags is a FlagSet with one flag of each kind the commands use.
func testFlags() (fs *FlagSet, name *string, on *bool) {
	fs = NewFlagSet("test", "dereth test [--name S] [--on] ARGS...")
	name = fs.String("name", "", "a `S`")
	on = fs.Bool("on", false, "a switch")
	return fs, name, on
}

func TestFlagSpellings(t *testing.T) {
	tests := []struct {
		args []string
		name string
		on   bool
		rest []string
	}{
		{[]string{"--name", "v", "a"}, "v", false, []string{"a"}},
		{[]string{"-name", "v", "a"}, "v", false, []string{"a"}},
		{[]string{"--name=v", "a"}, "v", false, []string{"a"}},
		{[]string{"-name=v", "a"}, "v", false, []string{"a"}},
		{[]string{"--on", "a", "b"}, "", true, []string{"a", "b"}},
		{[]string{"-on", "--name", "v"}, "v", true, nil},
		{[]string{"--on=false"}, "", false, nil},
		{[]string{"--", "--name", "-on"}, "", false, []string{"--name", "-on"}},
		{[]string{"a", "--", "b"}, "", false, []string{"a", "--", "b"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			fs, name, on := testFlags()
			var out, errb bytes.Buffer
			if code, ok := fs.Parse(tt.args, &out, &errb); !ok {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			if *name != tt.name || *on != tt.on || !slices.Equal(fs.Args(), tt.rest) {
				t.Fatalf("name %q on %v args %q, want %q %v %q", *name, *on, fs.Args(), tt.name, tt.on, tt.rest)
			}
		})
	}
}

func TestFlagHelpAndMisuse(t *testing.T) {
	tests := []struct {
		args       []string
		code       int
		out, errIn string // "" errIn: stderr must be empty
	}{
		{[]string{"-h"}, 0, "usage: dereth test [--name S] [--on] ARGS...", ""},
		{[]string{"-help"}, 0, "  --name S   a S\n", ""},
		{[]string{"--help", "a"}, 0, "  --on       a switch\n", ""},
		{[]string{"--bogus"}, 2, "", "dereth test: flag provided but not defined: -bogus\nusage: dereth test"},
		{[]string{"--name"}, 2, "", "flag needs an argument: -name"},
		{[]string{"--on=maybe"}, 2, "", "invalid boolean value"},
		{[]string{"a", "--on"}, 2, "", "flag --on must come before the arguments"},
		{[]string{"a", "-name=v"}, 2, "", "flag -name=v must come before the arguments"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			fs, _, _ := testFlags()
			var out, errb bytes.Buffer
			code, ok := fs.Parse(tt.args, &out, &errb)
			if ok || code != tt.code {
				t.Fatalf("ok %v exit %d, want exit %d", ok, code, tt.code)
			}
			if !strings.Contains(out.String(), tt.out) || (tt.out == "") != (out.Len() == 0) {
				t.Errorf("stdout %q, want it to contain %q", out.String(), tt.out)
			}
			if !strings.Contains(errb.String(), tt.errIn) || (tt.errIn == "") != (errb.Len() == 0) {
				t.Errorf("stderr %q, want it to contain %q", errb.String(), tt.errIn)
			}
			if tt.code == 2 && !strings.Contains(errb.String(), "Run 'dereth help test' for details.") {
				t.Errorf("stderr %q does not point at the help", errb.String())
			}
		})
	}
}
