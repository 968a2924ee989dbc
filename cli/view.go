package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path/filepath"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/stream"
	"github.com/dereth/dereth/systems"
	"github.com/dereth/dereth/testbed"
)

// ViewOptions are the flags of `dereth view`.
type ViewOptions struct {
	DAT    string // folder with the retail DATs; "": the embedded sample world
	Script string // spawn script; "": the embedded sample script
	// Screenshot, when set, renders Frames frames (0: the first frame once
	// the world is loaded), saves a PNG here and exits; a load error is
	// saved as its error screen and exits non-zero.
	Screenshot string
	Frames     int
	// TraceEvents is how many of the newest trace events the spawn
	// script's world.trace can read; 0 leaves tracing off.
	TraceEvents int
	// Timeout is the spawn script's (and each timer callback's)
	// wall-clock limit in seconds (0: luahost's 10 s).
	Timeout float64
	// Plugins are the --plugin files run on the offline world (the
	// world's queries, timers, panels; no server, so no messages and
	// nothing sent).
	Plugins []string
	// Net, when set, is a live session or a replayed capture to view
	// instead of the spawn script's world (`dereth connect`, `dereth
	// replay --view`).
	Net *NetView
}

// ParseView parses the arguments of `dereth view` (or of `dereth` when
// they start with a flag). When ok is false the caller must exit with
// code: help was printed (0) or a usage error reported (2).
func ParseView(args []string, stdout, stderr io.Writer) (opts ViewOptions, code int, ok bool) {
	fs := NewFlagSet("view", "dereth [view] [--dat DIR] [--script FILE] [--plugin FILE.lua]... [--screenshot FILE [--frames N]] [--trace-events N] [--timeout S]")
	fs.Func("plugin", pluginFlag, func(v string) error {
		opts.Plugins = append(opts.Plugins, v)
		return nil
	})
	fs.StringVar(&opts.DAT, "dat", "", "folder `DIR` with retail client_portal.dat and client_cell_1.dat (default: the embedded sample world)")
	fs.StringVar(&opts.Script, "script", "", "spawn script `FILE` (default: the embedded sample script; F5 reloads it)")
	fs.StringVar(&opts.Screenshot, "screenshot", "", "save the window as a PNG `FILE` and exit: after --frames frames, or the first frame of the loaded world, its streamed ground built (a load error: its error screen, exit 1)")
	fs.IntVar(&opts.Frames, "frames", 0, "render exactly `N` frames before taking the --screenshot (default: the first frame of the loaded world)")
	fs.IntVar(&opts.TraceEvents, "trace-events", 0, "let the spawn script's world.trace read the newest `N` trace events (default: tracing off)")
	fs.Float64Var(&opts.Timeout, "timeout", 0, "stop the spawn script, and each of its timer callbacks, after `S` seconds of wall-clock time (0: 10)")
	if code, ok := fs.Parse(args, stdout, stderr); !ok {
		return opts, code, false
	}
	if fs.NArg() > 0 {
		return opts, fs.Fail(stderr, "takes no arguments, got %q", fs.Arg(0)), false
	}
	if opts.Frames < 0 {
		return opts, fs.Fail(stderr, "--frames must be 0 or more, got %d", opts.Frames), false
	}
	if !(opts.Timeout >= 0) || math.IsInf(opts.Timeout, 0) {
		return opts, fs.Fail(stderr, "--timeout must be 0 or more seconds, got %v", opts.Timeout), false
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
	// screenshot: a --screenshot run, which exits after one picture (no
	// F5 to press).
	screenshot bool
}

// OpenDATs opens the retail DATs in dir (client_portal.dat,
// client_cell_1.dat), or the embedded sample world when dir is empty.
func OpenDATs(dir string) (portal, cell *dat.Container, err error) {
	if dir == "" {
		if portal, err = sampleworld.Portal(); err == nil {
			cell, err = sampleworld.Cell()
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
// (opts.Script, the embedded sample script when empty, run from memory)
// with world.headless false, reporting progress in three steps. Print
// output goes to log. A script error keeps the script's own name and line
// and adds what to do next (ScriptError).
func LoadViewer(opts ViewOptions, log io.Writer, progress func(done, total int)) (*Viewer, *systems.World, error) {
	if progress == nil {
		progress = func(int, int) {}
	}
	progress(0, 3)
	portal, cell, err := OpenDATs(opts.DAT)
	if err != nil {
		return nil, nil, err
	}
	progress(1, 3)
	v := &Viewer{Portal: portal, Cell: cell, Script: opts.Script, screenshot: opts.Screenshot != ""}
	dir := "" // the embedded script may require files from the working directory
	if v.Script != "" {
		dir = filepath.Dir(v.Script)
	}
	v.Scenario = testbed.New(dir, testbed.Options{Stdout: log, Portal: portal, Cell: cell, Viewer: true,
		TraceEvents: traceEvents(opts.TraceEvents), Timeout: opts.Timeout, StreamLockstep: v.screenshot})
	if err := v.Scenario.StartStream(stream.DefaultConfig, nil); err != nil {
		return v, v.Scenario.World, fmt.Errorf("streaming: %w", err)
	}
	progress(2, 3)
	if err := v.run(); err != nil {
		return v, v.Scenario.World, err
	}
	progress(3, 3)
	return v, v.Scenario.World, nil
}

// run runs the spawn script: the file, or the embedded one.
func (v *Viewer) run() error {
	if v.Script == "" {
		if err := v.Scenario.RunSample(); err != nil {
			return &ScriptError{Err: err, Hint: "The built-in spawn script could not set up these DATs: " +
				"write your own (docs/scripting.md, examples/) and pass --script FILE."}
		}
		return nil
	}
	if err := v.Scenario.RunFile(v.Script); err != nil {
		return &ScriptError{Err: err, Hint: v.scriptHint(err)}
	}
	return nil
}

// scriptHint says what to do about the spawn script's error: a script
// that is not there is a path to check, one that failed is a file to fix;
// pressing F5 afterwards is offered only where there is a window to press
// it in (not in a --screenshot run).
func (v *Viewer) scriptHint(err error) string {
	var hint string
	if errors.Is(err, fs.ErrNotExist) {
		hint = "There is no " + v.Script + ": check the path"
	} else {
		hint = "Fix " + v.Script
	}
	if !v.screenshot {
		hint += " and press F5"
	}
	return hint + ", or pass another --script FILE."
}

// ScriptError is a spawn script's failure: the script's own message (its
// name and line first) and a hint saying what to do about it.
type ScriptError struct {
	Err  error
	Hint string
}

func (e *ScriptError) Error() string { return e.Err.Error() + "\n" + e.Hint }

// Unwrap returns the script's error.
func (e *ScriptError) Unwrap() error { return e.Err }

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
	return v.run()
}
