//go:build headless

package main

import (
	"fmt"
	"io"

	"github.com/dereth/dereth/cli"
)

// view is unavailable in the headless build (go build -tags headless).
func view(_ cli.ViewOptions, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "dereth: this is the headless build; build without -tags headless for the viewer")
	return 2
}
