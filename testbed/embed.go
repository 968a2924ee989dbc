package testbed

import (
	_ "embed"
	"os"
	"path/filepath"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/systems"
)

// SampleScript is the default spawn script (testbed/scenarios/sample.lua),
// embedded so the binary runs it from anywhere.
//
//go:embed scenarios/sample.lua
var SampleScript []byte

// WriteSampleScript copies the embedded spawn script into a new temporary
// folder (scripts run from their own folder) and returns its path.
func WriteSampleScript() (string, error) {
	dir, err := os.MkdirTemp("", "dereth-script-")
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, "sample.lua")
	return p, os.WriteFile(p, SampleScript, 0o644)
}

// Reset removes every object and timer so a spawn script can run again
// (the viewer's F5).
func (s *Scenario) Reset() {
	for _, list := range [][]uint32{guids(s.World, s.World.Objects), guids(s.World, s.World.Static)} {
		for _, g := range list {
			s.World.Remove(g)
		}
	}
	s.timers = nil
	s.Err = nil
}

func guids(w *systems.World, list []donburi.Entity) []uint32 {
	out := make([]uint32, len(list))
	for i, e := range list {
		out[i] = components.PhysicsObj.Get(w.ECS.Entry(e)).GUID
	}
	return out
}
