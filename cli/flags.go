package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// FlagSet is one dereth command's flags: a standard library flag.FlagSet,
// so every command accepts -name value, --name value and --name=value
// (boolean flags: -name, --name, --name=false) and takes its positional
// arguments after the flags (or after --). It reports help and misuse the
// same way for every command: -h, -help and --help print the usage to
// stdout (exit 0); a bad flag or argument prints the message, the usage
// line and a pointer to `dereth help` to stderr (exit 2).
type FlagSet struct {
	*flag.FlagSet
	usage string // "dereth run [--trace FILE] ... SCRIPT.lua"
	help  string // the words after `dereth help` that print this usage
	// Detail, when set, is printed between the usage line and the flags
	// by Usage: subcommands, argument formats. It ends with a newline.
	Detail string
}

// NewFlagSet returns the flags of the command `dereth name` (name may be
// two words, "dat ls") whose usage line, without "usage: ", is usage.
func NewFlagSet(name, usage string) *FlagSet {
	fs := flag.NewFlagSet("dereth "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // Parse's errors are printed by FlagSet.Parse
	fs.Usage = func() {}
	return &FlagSet{FlagSet: fs, usage: usage, help: name}
}

// Parse parses args (the arguments after the command's name). When it
// returns ok false the command must stop and exit with code: help was
// printed (0) or a usage error was reported (2). A flag the set defines
// found among the positional arguments is a usage error, so
// `dereth decode FILE --json` does not try to read a file named --json.
func (f *FlagSet) Parse(args []string, stdout, stderr io.Writer) (code int, ok bool) {
	err := f.FlagSet.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		f.Usage(stdout)
		return 0, false
	}
	if err != nil {
		return f.Fail(stderr, "%v", err), false
	}
	if n := len(args) - f.NArg(); n > 0 && args[n-1] == "--" {
		return 0, true // everything after -- is an argument
	}
	for _, a := range f.Args() {
		if name := flagName(a); name != "" && f.Lookup(name) != nil {
			return f.Fail(stderr, "flag %s must come before the arguments", a), false
		}
	}
	return 0, true
}

// flagName returns the name of the flag a is spelled as (-name, --name,
// --name=value), or "" when a is not a flag.
func flagName(a string) string {
	s := strings.TrimPrefix(a, "-")
	if s == a {
		return ""
	}
	name, _, _ := strings.Cut(strings.TrimPrefix(s, "-"), "=")
	return name
}

// Fail reports a usage error on stderr, naming the command, and returns
// the exit status 2.
func (f *FlagSet) Fail(stderr io.Writer, format string, a ...any) int {
	fmt.Fprintf(stderr, "%s: %s\nusage: %s\nRun 'dereth help %s' for details.\n",
		f.Name(), fmt.Sprintf(format, a...), f.usage, f.help)
	return 2
}

// Usage prints the usage line, Detail and one line per flag to w.
func (f *FlagSet) Usage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n", f.usage)
	if f.Detail != "" {
		fmt.Fprintf(w, "\n%s", f.Detail)
	}
	n := 0
	f.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return
	}
	fmt.Fprintln(w, "\nflags:")
	tw := tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	f.VisitAll(func(fl *flag.Flag) {
		arg, usage := flag.UnquoteUsage(fl)
		if arg != "" {
			arg = " " + arg
		}
		fmt.Fprintf(tw, "  --%s%s\t%s\n", fl.Name, arg, usage)
	})
	tw.Flush()
}
