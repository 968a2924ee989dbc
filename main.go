// Command dereth is a lightweight Asheron's Call client core and world
// viewer.
//
//	dereth [view] [--dat DIR] [--script FILE] [--screenshot FILE [--frames N]] [--timeout S]
//	dereth run [--dat DIR] [--trace FILE] [--quiet] [--budget N] [--timeout S] SCRIPT.lua
//	dereth dat ls|show|check [--json] ARGS...
//	dereth decode [--json] FILE...
//	dereth connect [--headless] [--for DURATION] [--json] [flags] ACCOUNT@HOST[:PORT]
//	dereth replay [--view] [--json] [flags] CAPTURE.pcap...
//	dereth help [COMMAND [SUBCOMMAND]]
//
// `dereth help` lists the commands and `dereth help COMMAND` (or
// `dereth COMMAND -h`) prints one command's flags. Package cli parses every
// command line; this package only opens the viewer.
package main

import (
	"io"
	"os"

	"github.com/dereth/dereth/cli"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run runs the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	opts, code := cli.Dispatch(args, stdout, stderr)
	if opts == nil {
		return code
	}
	return view(*opts, stdout, stderr)
}
