//go:build !headless

package main

import (
	"errors"
	"fmt"
	"io"

	_ "github.com/dereth/dereth/cli/prewindow" // runs every other command before Ebitengine's init opens X

	"github.com/dereth/dereth/cli"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/plugin"
	"github.com/dereth/dereth/scenes"
	sview "github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/systems"
)

// view opens the window on the sample world (or --dat DIR) populated by the
// default spawn script (or --script FILE), or on a live or replayed
// session (opts.Net).
func view(opts cli.ViewOptions, stdout, stderr io.Writer) int {
	if opts.Net != nil {
		return netView(opts, stdout, stderr)
	}
	var v *cli.Viewer
	var pm *plugin.Manager
	var loadErr error
	cfg := scenes.Config{
		Title:      "dereth",
		Screenshot: opts.Screenshot,
		Frames:     opts.Frames,
		Shown:      pageShown,
		Load: logLoadErr(stderr, &loadErr, func(progress func(done, total int)) (*systems.World, scenes.Assets, error) {
			var w *systems.World
			var err error
			v, w, err = cli.LoadViewer(opts, stderr, progress)
			if err != nil {
				return nil, nil, err
			}
			if pm, err = cli.ViewPlugins(opts, w, stdout, stderr); err != nil {
				return nil, nil, err
			}
			a, err := viewAssets(w, v.Portal, v.Cell)
			if err != nil {
				return nil, nil, err
			}
			return w, a, nil
		}),
		ScriptErr: func() error {
			if v == nil {
				return nil
			}
			return v.Scenario.Err
		},
		Status: func() string {
			if v == nil {
				return ""
			}
			return v.Scenario.Status
		},
		Reload: func() error {
			if v == nil {
				return fmt.Errorf("nothing loaded")
			}
			return v.Reload()
		},
		UsePortal: func() error {
			if v == nil {
				return fmt.Errorf("nothing loaded")
			}
			g := v.Scenario.NearestPortal()
			if g == 0 {
				return fmt.Errorf("no portal within reach")
			}
			return v.Scenario.UsePortal(g)
		},
		Frame: func(w *systems.World, dt float64) error {
			if pm != nil {
				pm.Tick(w.Now)
			}
			return nil
		},
		Panels: func() []*plugin.Panel {
			if pm == nil {
				return nil
			}
			return pm.Panels()
		},
		Plugins: func() string {
			if pm == nil {
				return ""
			}
			return pm.Status()
		},
	}
	err := scenes.Run(cfg)
	if pm != nil {
		pm.Disconnect("the viewer closed")
		pm.Close()
	}
	if err != nil {
		if err != loadErr {
			fmt.Fprintf(stderr, "dereth: %v\n", err)
		}
		return 1
	}
	if loadErr != nil {
		return 1 // shown in the window and logged when it happened
	}
	if v != nil && v.Scenario.Err != nil {
		// A spawn script's error (a timer's too) is shown in the window;
		// say it on the terminal as well, and fail a screenshot run, whose
		// picture alone would not tell a pipeline.
		fmt.Fprintf(stderr, "dereth: spawn script: %v\n", v.Scenario.Err)
		if opts.Screenshot != "" {
			return 1
		}
	}
	return 0
}

// viewAssets are the window's assets for w: the DATs' meshes and
// surfaces, and w's land — the landblocks the streamer has published when
// w streams, else the world's own land (each landblock built once, for
// the simulation and the drawing alike).
func viewAssets(w *systems.World, portal, cell *dat.Container) (scenes.Assets, error) {
	a, err := scenes.NewDATAssets(portal, cell)
	if err != nil {
		return nil, err
	}
	if w.Stream != nil {
		return scenes.NewResidentAssets(a, w), nil
	}
	if w.Ground != nil {
		a.Land = w.Ground
	}
	return a, nil
}

// logLoadErr wraps a viewer's Load so that its error is also written to
// stderr as it happens (the window shows it too) and kept in *errp: an
// interactive viewer that could not load says why on the terminal.
func logLoadErr(stderr io.Writer, errp *error, load func(progress func(done, total int)) (*systems.World, scenes.Assets, error)) func(progress func(done, total int)) (*systems.World, scenes.Assets, error) {
	return func(progress func(done, total int)) (*systems.World, scenes.Assets, error) {
		w, a, err := load(progress)
		if err != nil {
			*errp = err
			fmt.Fprintf(stderr, "dereth: %v\n", err)
		}
		return w, a, err
	}
}

// netView opens the window on a live session (`dereth connect`: the
// keyboard drives the player, whose movement goes to the server) or a
// replayed capture (`dereth replay --view`: the capture drives it), and
// prints the session's summary when the window closes.
func netView(opts cli.ViewOptions, stdout, stderr io.Writer) int {
	n := opts.Net
	var loadErr error
	cfg := scenes.Config{
		Title:      n.Title,
		Screenshot: opts.Screenshot,
		Frames:     opts.Frames,
		Load: logLoadErr(stderr, &loadErr, func(progress func(done, total int)) (*systems.World, scenes.Assets, error) {
			w, portal, cell, err := n.Load(progress)
			if err != nil {
				return nil, nil, err
			}
			a, err := viewAssets(w, portal, cell)
			if err != nil {
				return nil, nil, err
			}
			return w, a, nil
		}),
		Frame: func(w *systems.World, dt float64) error {
			err := n.Frame(w, dt)
			if errors.Is(err, cli.ErrViewEnd) {
				return scenes.ErrEnd
			}
			return err
		},
		World:      n.World,
		Session:    true,
		NoControl:  !n.Live(),
		PlainLooks: n.SampleDAT(),
		Chat:       n.Chat(),
		Replay:     n.Timeline(),
		MissingAssets: func() []sview.MissingAsset {
			var out []sview.MissingAsset
			for _, m := range n.MissingAssets() {
				out = append(out, sview.MissingAsset{Type: m.Type, ID: m.ID, NotFound: true})
			}
			return out
		},
		Panels: func() []*plugin.Panel {
			if pm := n.Plugins(); pm != nil {
				return pm.Panels()
			}
			return nil
		},
		Plugins: func() string {
			if pm := n.Plugins(); pm != nil {
				return pm.Status()
			}
			return ""
		},
	}
	if n.Live() {
		cfg.Retry = "F5 connects again" // no file to fix: the network failed
		cfg.Net = func() string { return sview.NetText(n.NetStats()) }
		cfg.Reconnect = n.Reconnect
		cfg.Send = func(msg []byte) {
			if send := n.Send(); send != nil {
				send(msg)
			}
		}
	}
	err := scenes.Run(cfg)
	code := n.Close(stdout, stderr)
	if err != nil {
		if err != loadErr {
			fmt.Fprintf(stderr, "dereth: %v\n", err)
		}
		return 1
	}
	if loadErr != nil {
		return 1
	}
	return code
}
