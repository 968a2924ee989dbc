//go:build !headless

package main

import (
	"flag"
	"fmt"
	"io"

	_ "github.com/dereth/dereth/internal/display" // must initialise before Ebitengine

	"github.com/dereth/dereth/cli"
	"github.com/dereth/dereth/scenes"
	"github.com/dereth/dereth/systems"
)

// view opens the window on the sample world (or --dat DIR) populated by the
// default spawn script (or --script FILE).
func view(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("view", flag.ContinueOnError)
	fs.SetOutput(stderr)
	datDir := fs.String("dat", "", "folder with retail client_portal.dat and client_cell_1.dat (default: the embedded sample world)")
	script := fs.String("script", "", "spawn script `FILE` (default: the embedded sample script; F5 reloads it)")
	shot := fs.String("screenshot", "", "render --frames frames, save a PNG to `FILE` and exit")
	frames := fs.Int("frames", 0, "frames to render before --screenshot")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var v *cli.Viewer
	cfg := scenes.Config{
		Title:      "dereth",
		Screenshot: *shot,
		Frames:     *frames,
		Load: func(progress func(done, total int)) (*systems.World, scenes.Assets, error) {
			var w *systems.World
			var err error
			v, w, err = cli.LoadViewer(*datDir, *script, stderr, progress)
			if err != nil {
				return nil, nil, err
			}
			a, err := scenes.NewDATAssets(v.Portal, v.Cell)
			if err != nil {
				return nil, nil, err
			}
			return w, a, nil
		},
		ScriptErr: func() error {
			if v == nil {
				return nil
			}
			return v.Scenario.Err
		},
		Reload: func() error {
			if v == nil {
				return fmt.Errorf("nothing loaded")
			}
			return v.Reload()
		},
	}
	if err := scenes.Run(cfg); err != nil {
		fmt.Fprintf(stderr, "dereth: %v\n", err)
		return 1
	}
	return 0
}
