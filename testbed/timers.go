package testbed

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"
)

// timer is a Lua callback due at a physics time, repeating when period > 0.
type timer struct {
	due, period float64
	fn          *lua.LFunction
}

// world.every(period, fn) calls fn every period seconds of physics time.
func (s *Scenario) luaEvery(L *lua.LState) int {
	p := float64(L.CheckNumber(1))
	if p <= 0 {
		L.RaiseError("world.every: period must be positive")
	}
	s.timers = append(s.timers, &timer{due: s.World.Now + p, period: p, fn: L.CheckFunction(2)})
	return 0
}

// world.after(delay, fn) calls fn once, delay seconds from now.
func (s *Scenario) luaAfter(L *lua.LState) int {
	s.timers = append(s.timers, &timer{due: s.World.Now + float64(L.CheckNumber(1)), fn: L.CheckFunction(2)})
	return 0
}

// RunTimers calls every due timer, in registration order, before a frame's
// schedules (systems.FrameTimers). The first error stops the scenario's
// timers and is kept in Err.
func (s *Scenario) RunTimers() {
	if s.inputOn {
		s.Input.Update(s.World, s.keys)
	}
	if s.Err != nil {
		return
	}
	for i := 0; i < len(s.timers); i++ {
		t := s.timers[i]
		if t.due > s.World.Now+1e-9 {
			continue
		}
		if err := s.call(t.fn); err != nil {
			s.Err = fmt.Errorf("timer: %w", err)
			return
		}
		if t.period > 0 {
			for t.due <= s.World.Now+1e-9 {
				t.due += t.period
			}
		} else {
			s.timers = append(s.timers[:i], s.timers[i+1:]...)
			i--
		}
	}
}

// call runs a Lua callback under the host's limits (fresh ones when no
// script is running, as in the viewer); errors carry the script's file:line.
func (s *Scenario) call(fn *lua.LFunction) error {
	_, err := s.host.Call(fn)
	return err
}
