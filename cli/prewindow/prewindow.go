// Package prewindow runs every dereth command that needs no window before
// Ebitengine is initialised. main imports it in the viewer build only
// (main_view.go).
//
// Linking Ebitengine is enough to need an X display on Linux and the BSDs
// (its init opens one; see internal/display), and Go runs every linked
// package's init before main, so main cannot skip it for a command that
// needs no window. This package therefore runs the command line in its
// own init, which Go runs before Ebitengine's: packages are initialised in
// import-path order as soon as their imports are, this one's path sorts
// before github.com/hajimehoshi/ebiten, and its imports (package cli, what
// the headless commands need, and the display probe, no window code) are
// all initialised before Ebitengine's ui package is. The spec does not
// promise the last part for every possible dependency graph, so
// main_test.go checks it on the built binary: run, dat, decode and help
// with DISPLAY unset and unreachable.
//
// A command that needs no window (run, dat, decode, help, -h, connect
// --headless, replay without --view, and every usage error) therefore
// finishes and exits here. Only the viewer gets past this package, after
// display.Guard checked its display; main parses its flags again and
// opens the window.
package prewindow

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/dereth/dereth/cli"
	"github.com/dereth/dereth/internal/display"
)

func init() {
	if isTest() {
		return // a test binary gets its display from internal/xvfb
	}
	view, code := cli.Dispatch(os.Args[1:], os.Stdout, os.Stderr)
	if view == nil {
		os.Exit(code)
	}
	display.Guard(view.Screenshot != "")
}

// isTest reports whether this is a `go test` binary, whose arguments are
// test flags, not a dereth command line.
func isTest() bool {
	return strings.HasSuffix(strings.TrimSuffix(filepath.Base(os.Args[0]), ".exe"), ".test")
}
