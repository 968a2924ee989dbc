//go:build !headless

package main

import (
	"fmt"
	"io"

	_ "github.com/dereth/dereth/internal/display" // runs every other command before Ebitengine's init opens X

	"github.com/dereth/dereth/cli"
	"github.com/dereth/dereth/scenes"
	"github.com/dereth/dereth/systems"
)

// view opens the window on the sample world (or --dat DIR) populated by the
// default spawn script (or --script FILE).
func view(opts cli.ViewOptions, stderr io.Writer) int {
	var v *cli.Viewer
	cfg := scenes.Config{
		Title:      "dereth",
		Screenshot: opts.Screenshot,
		Frames:     opts.Frames,
		Load: func(progress func(done, total int)) (*systems.World, scenes.Assets, error) {
			var w *systems.World
			var err error
			v, w, err = cli.LoadViewer(opts, stderr, progress)
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
	}
	if err := scenes.Run(cfg); err != nil {
		fmt.Fprintf(stderr, "dereth: %v\n", err)
		return 1
	}
	return 0
}
