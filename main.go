// Command dereth is a lightweight Asheron's Call client core and world
// viewer.
//
//	dereth [view] [--dat DIR] [--script FILE]  open the viewer (default)
//	dereth run [--trace FILE] SCRIPT.lua   run a Lua scenario headless
//	dereth dat ls|show|check ...           inspect a DAT file
//	dereth decode [--json] FILE...         decode captured wire messages
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/dereth/dereth/cli"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: dereth <command> [arguments]

commands:
  view [--dat DIR] [--script FILE] [--screenshot FILE --frames N]
                                  open the viewer (the default command)
  run [--trace FILE] SCRIPT.lua   run a Lua scenario headless and print a summary
  dat ls|show|check ...           list, inspect and check a DAT file (sample:portal, sample:cell)
  decode [--json] FILE...         decode captured server messages
`)
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || len(args[0]) > 0 && args[0][0] == '-' {
		return view(args, stderr)
	}
	switch args[0] {
	case "view":
		return view(args[1:], stderr)
	case "run":
		return cli.Run(args[1:], stdout, stderr)
	case "dat":
		return cli.Dat(args[1:], stdout, stderr)
	case "decode":
		return cli.Decode(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "dereth: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}
