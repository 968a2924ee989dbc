// Package display keeps dereth's commands off the display. main imports it
// in the viewer build only (main_view.go).
//
// Linking Ebitengine is enough to need an X display on Linux and the BSDs:
// the init function of its internal/ui package creates the user interface,
// which calls glfw.Init, which opens DISPLAY and panics ("glfw: X11: Failed
// to open display") when it is unset or unreachable. Go runs every linked
// package's init before main, so main cannot skip it for a command that
// needs no window.
//
// This package therefore runs the command line in its own init, which Go
// runs before Ebitengine's: packages are initialised in import-path order
// as soon as their imports are, this one's path sorts before
// github.com/hajimehoshi/ebiten, and its imports (package cli and what the
// headless commands need, no window code) are all initialised before
// Ebitengine's ui package is. The spec does not promise the last part for
// every possible dependency graph, so main_test.go checks it on the built
// binary: run, dat, decode and help with DISPLAY unset and unreachable.
//
// A command that needs no window (run, dat, decode, help, -h, connect
// --headless, replay without --view, and every usage error) therefore
// finishes and exits here, before Ebitengine is initialised. Only the
// viewer gets past this package; main parses its flags again and opens
// the window. On Linux and the BSDs the viewer first checks its display:
// a DISPLAY no X server answers stops it with "display :N unreachable"
// (exit status 2) instead of Ebitengine's panic; without DISPLAY or
// WAYLAND_DISPLAY a screenshot (--screenshot) starts its own Xvfb, which
// is stopped when dereth exits or is killed (the parent-death signal on
// Linux, SIGINT/SIGTERM handlers everywhere), and the interactive viewer
// stops with a message saying it needs a display.
package display

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/dereth/dereth/cli"
)

func init() {
	if isTest() {
		return // a test binary gets its display from internal/xvfb
	}
	view, code := cli.Dispatch(os.Args[1:], os.Stdout, os.Stderr)
	if view == nil {
		os.Exit(code)
	}
	guard(view.Screenshot != "")
}

// isTest reports whether this is a `go test` binary, whose arguments are
// test flags, not a dereth command line.
func isTest() bool {
	return strings.HasSuffix(strings.TrimSuffix(filepath.Base(os.Args[0]), ".exe"), ".test")
}
