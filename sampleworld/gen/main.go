// Command gen writes the sample world's DAT files (portal.dat, cell.dat)
// into the current directory; `go generate ./sampleworld` runs it there.
package main

import (
	"fmt"
	"os"

	"github.com/dereth/dereth/sampleworld/world"
)

func main() {
	portal, cell, err := world.Build()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	for name, data := range map[string][]byte{"portal.dat": portal, "cell.dat": cell} {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}
