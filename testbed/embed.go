package testbed

import (
	_ "embed"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/systems"
)

// SampleScript is the default spawn script (testbed/scenarios/sample.lua),
// embedded so the binary runs it from anywhere.
//
//go:embed scenarios/sample.lua
var SampleScript []byte

// SampleName is the name the embedded spawn script's messages carry
// ("[built-in] sample.lua:12: ..."): never a file on disk.
const SampleName = "[built-in] sample.lua"

// RunSample runs the embedded default spawn script from memory: nothing
// is written to disk.
func (s *Scenario) RunSample() error { return s.host.RunSource(SampleName, SampleScript) }

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
	s.Status = ""
	s.Portals = nil
	s.World.SmartBox.CancelTravel()
	if s.stream != nil {
		// Streaming starts over: the objects it spawned are gone.
		cfg, src := s.stream.Config(), s.stream.Source()
		s.stopStream()
		if err := s.StartStream(cfg, src); err != nil {
			s.Err = err
		}
	}
}

func guids(w *systems.World, list []donburi.Entity) []uint32 {
	out := make([]uint32, len(list))
	for i, e := range list {
		out[i] = components.PhysicsObj.Get(w.ECS.Entry(e)).GUID
	}
	return out
}
