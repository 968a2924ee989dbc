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

// LoadViewer opens the DATs, then runs the spawn script (the embedded
// sample script when script is empty) with world.headless false, reporting
// progress in three steps. Print output goes to log.
func LoadViewer(datDir, script string, log io.Writer, progress func(done, total int)) (*Viewer, *systems.World, error) {
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
	v.Scenario = testbed.New(filepath.Dir(script), testbed.Options{Stdout: log, Portal: portal, Cell: cell, Viewer: true})
	progress(2, 3)
	if err := v.Scenario.RunFile(script); err != nil {
		return v, v.Scenario.World, err
	}
	progress(3, 3)
	return v, v.Scenario.World, nil
}

// Reload runs the spawn script again on a cleared world (F5).
func (v *Viewer) Reload() error {
	v.Scenario.Reset()
	return v.Scenario.RunFile(v.Script)
}
