// Package cli implements dereth's command line: the dispatch to
// subcommands, their flags and help, and the subcommands themselves as
// functions over argument lists and writers, so package main only opens the
// viewer and tests drive everything else directly.
//
// It imports no window code. The viewer build runs Dispatch from a package
// initialised before Ebitengine (cli/prewindow), so a command that needs
// no window is done before Ebitengine's initialisation could open an X
// display.
package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// command is one dereth subcommand.
type command struct {
	name, summary string
	// subs lists the subcommands `dereth help NAME SUB` explains (nil:
	// none).
	subs func() []string
	// run runs the command on the arguments after its name and returns the
	// exit status; nil for view and help, which Dispatch handles itself.
	run func(args []string, stdout, stderr io.Writer) int
	// view, when set, is used by Dispatch instead of run: a command that
	// may need the window returns its ViewOptions (with Net set) instead
	// of running.
	view func(args []string, stdout, stderr io.Writer) (*ViewOptions, int)
}

// commands are dereth's subcommands in the order help lists them.
var commands = []command{
	{name: "view", summary: "open the viewer on the sample world or retail DATs (the default)"},
	{name: "run", summary: "run a Lua scenario headless and print a per-object summary", run: Run},
	{name: "dat", summary: "list, show and check DAT files", subs: datNames, run: Dat},
	{name: "decode", summary: "decode captured server messages", run: Decode},
	{name: "connect", summary: "log in to an ACE server and enter the world", run: Connect, view: connectOrView},
	{name: "replay", summary: "replay a captured AC session into a world and summarise it", run: Replay, view: replayOrView},
	{name: "version", summary: "print dereth's version and the commit it was built from", run: Version},
	{name: "help", summary: "list the commands, or print one command's usage and flags"},
}

func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// isHelp reports whether a is one of the flags that ask for help.
func isHelp(a string) bool { return a == "-h" || a == "-help" || a == "--help" }

// Dispatch runs the dereth command line args (without the program name)
// and returns its exit status, having printed any output and messages to
// stdout and stderr. The viewer is the exception: when args select it (no
// arguments, "view", or flags first; `connect` without --headless;
// `replay --view`) and its flags parse, Dispatch returns them in view for
// the caller to open the window. Dispatch never touches a display.
func Dispatch(args []string, stdout, stderr io.Writer) (view *ViewOptions, code int) {
	if len(args) == 0 {
		return parseView(args, stdout, stderr)
	}
	switch a := args[0]; {
	case isHelp(a):
		listCommands(stdout)
		return nil, 0
	case a == "--version" || a == "-version":
		return nil, Version(args[1:], stdout, stderr)
	case a == "view":
		return parseView(args[1:], stdout, stderr)
	case a == "help":
		return nil, help(args[1:], stdout, stderr)
	case strings.HasPrefix(a, "-"):
		return parseView(args, stdout, stderr) // the default command's flags
	}
	if c, ok := lookup(args[0]); ok && c.view != nil {
		return c.view(args[1:], stdout, stderr)
	}
	if c, ok := lookup(args[0]); ok && c.run != nil {
		return nil, c.run(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "dereth: unknown command %q\nRun 'dereth help' for the list of commands.\n", args[0])
	return nil, 2
}

func parseView(args []string, stdout, stderr io.Writer) (*ViewOptions, int) {
	opts, code, ok := ParseView(args, stdout, stderr)
	if !ok {
		return nil, code
	}
	return &opts, 0
}

// listCommands prints dereth's usage: one line per command.
func listCommands(w io.Writer) {
	fmt.Fprint(w, "usage: dereth [COMMAND] [flags] [arguments]\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, "\nWith no COMMAND, or flags first, dereth opens the viewer.\n"+
		"Run 'dereth help COMMAND' for a command's usage and flags.\n")
}

// help implements `dereth help [COMMAND [SUBCOMMAND]]`: the command list,
// or what `dereth COMMAND [SUBCOMMAND] -h` prints.
func help(args []string, stdout, stderr io.Writer) int {
	fs := NewFlagSet("help", "dereth help [COMMAND [SUBCOMMAND]]")
	fs.Detail = "Without COMMAND, lists the commands; with one, prints its usage and flags\n" +
		"(as 'dereth COMMAND -h' does).\n"
	if code, ok := fs.Parse(args, stdout, stderr); !ok {
		return code
	}
	args = fs.Args()
	if len(args) == 0 {
		listCommands(stdout)
		return 0
	}
	c, ok := lookup(args[0])
	switch {
	case !ok:
		return fs.Fail(stderr, "unknown command %q", args[0])
	case len(args) == 1:
	case len(args) == 2 && c.subs != nil && slices.Contains(c.subs(), args[1]):
	case len(args) == 2 && c.subs != nil:
		return fs.Fail(stderr, "unknown %s command %q", c.name, args[1])
	default:
		return fs.Fail(stderr, "too many arguments")
	}
	_, code := Dispatch(append(slices.Clip(args), "-h"), stdout, stderr)
	return code
}
