package cli

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/dat/sample"
	"github.com/dereth/dereth/systems"
	"github.com/dereth/dereth/testbed"
)

// ViewOptions are the flags of `dereth view`.
type ViewOptions struct {
	DAT        string // folder with the retail DATs; "": the embedded sample world
	Script     string // spawn script; "": the embedded sample script
	Screenshot string // when set, render Frames frames, save a PNG here and exit
	Frames     int
	// TraceEvents is how many of the newest trace events the spawn
	// script's world.trace can read; 0 leaves tracing off.
	TraceEvents int
	// Net, when set, is a live session or a replayed capture to view
	// instead of the spawn script's world (`dereth connect`, `dereth
	// replay --view`).
	Net *NetView
}

// ParseView parses the arguments of `dereth view` (or of `dereth` when
// they start with a flag). When ok is false the caller must exit with
// code: help was printed (0) or a usage error reported (2).
func ParseView(args []string, stdout, stderr io.Writer) (opts ViewOptions, code int, ok bool) {
	fs := NewFlagSet("view", "dereth [view] [--dat DIR] [--script FILE] [--screenshot FILE [--frames N]] [--trace-events N]")
	fs.StringVar(&opts.DAT, "dat", "", "folder `DIR` with retail client_portal.dat and client_cell_1.dat (default: the embedded sample world)")
	fs.StringVar(&opts.Script, "script", "", "spawn script `FILE` (default: the embedded sample script; F5 reloads it)")
	fs.StringVar(&opts.Screenshot, "screenshot", "", "render --frames frames, save a PNG to `FILE` and exit")
	fs.IntVar(&opts.Frames, "frames", 0, "render `N` frames before taking the --screenshot")
	fs.IntVar(&opts.TraceEvents, "trace-events", 0, "let the spawn script's world.trace read the newest `N` trace events (default: tracing off)")
	if code, ok := fs.Parse(args, stdout, stderr); !ok {
		return opts, code, false
	}
	if fs.NArg() > 0 {
		return opts, fs.Fail(stderr, "takes no arguments, got %q", fs.Arg(0)), false
	}
	if opts.TraceEvents < 0 {
		return opts, fs.Fail(stderr, "--trace-events must be 0 or more, got %d", opts.TraceEvents), false
	}
	return opts, 0, true
}

// Viewer is a world prepared for the window: the DATs it reads and the
// scenario whose spawn script populated it.
type Viewer struct {
	Portal, Cell *dat.Container
	Scenario     *testbed.Scenario
	Script       string
}

// OpenDATs opens the retail DATs in dir (client_portal.dat,
// client_cell_1.dat), or the embedded sample world when dir is empty.
func OpenDATs(dir string) (portal, cell *dat.Container, err error) {
	if dir == "" {
		if portal, err = sample.Portal(); err == nil {
			cell, err = sample.Cell()
		}
		return portal, cell, err
	}
	if portal, err = dat.OpenFile(filepath.Join(dir, "client_portal.dat")); err != nil {
		return nil, nil, err
	}
	if cell, err = dat.OpenFile(filepath.Join(dir, "client_cell_1.dat")); err != nil {
		return nil, nil, err
	}
	return portal, cell, nil
}

// LoadViewer opens the DATs (opts.DAT), then runs the spawn script
// (opts.Script, the embedded sample script when empty) with world.headless
// false, reporting progress in three steps. Print output goes to log.
func LoadViewer(opts ViewOptions, log io.Writer, progress func(done, total int)) (*Viewer, *systems.World, error) {
	datDir, script := opts.DAT, opts.Script
	if progress == nil {
		progress = func(int, int) {}
	}
	progress(0, 3)
	portal, cell, err := OpenDATs(datDir)
	if err != nil {
		return nil, nil, err
	}
	progress(1, 3)
	if script == "" {
		if script, err = testbed.WriteSampleScript(); err != nil {
			return nil, nil, fmt.Errorf("spawn script: %w", err)
		}
	}
	v := &Viewer{Portal: portal, Cell: cell, Script: script}
	v.Scenario = testbed.New(filepath.Dir(script), testbed.Options{Stdout: log, Portal: portal, Cell: cell, Viewer: true,
		TraceEvents: traceEvents(opts.TraceEvents)})
	progress(2, 3)
	if err := v.Scenario.RunFile(script); err != nil {
		return v, v.Scenario.World, err
	}
	progress(3, 3)
	return v, v.Scenario.World, nil
}

// traceEvents maps --trace-events to testbed.Options.TraceEvents: 0 is
// off in the viewer.
func traceEvents(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// Reload runs the spawn script again on a cleared world (F5).
func (v *Viewer) Reload() error {
	v.Scenario.Reset()
	return v.Scenario.RunFile(v.Script)
}
