package testbed

import (
	"errors"
	"math"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/systems"
	"github.com/dereth/dereth/testbed/luahost"
)

// Bounds on what scripts may pass. A NaN or infinite number would spread
// through the simulation (a NaN clock never advances, a NaN origin stays
// NaN), so every number a world.* call takes is checked.
const (
	// maxVector bounds each component of an origin, velocity, omega or
	// other vector a script gives.
	maxVector = 1e6
	// MinPeriod is the shortest world.every period.
	MinPeriod = 1e-6
	// frameCost is what one frame charges to the instruction budget per
	// object (about what updating it costs, in VM instructions), so
	// world.advance stops inside the call when a limit trips.
	frameCost = 50
	// callCost is what every world.* call charges; spawnCost is
	// world.spawn's.
	callCost  = 10
	spawnCost = 1000
	// streamSpawnCost is what each object streaming publishes charges
	// (publication happens inside a frame).
	streamSpawnCost = 100
)

// finite reports whether f is neither NaN nor ±Inf.
func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// numberArg reads argument n as a finite number; def is used when the
// argument is absent and optional is set.
func numberArg(L *lua.LState, n int, def float64, optional bool, fn, what string) float64 {
	if optional && L.Get(n) == lua.LNil {
		return def
	}
	f := float64(L.CheckNumber(n))
	if !finite(f) {
		L.RaiseError("%s: %s must be a finite number, got %v", fn, what, f)
	}
	return f
}

// durationArg reads argument n as a number of seconds: finite and not
// negative (positive when positive is set).
func durationArg(L *lua.LState, n int, def float64, optional, positive bool, fn, what string) float64 {
	f := numberArg(L, n, def, optional, fn, what)
	switch {
	case positive && f <= 0:
		L.RaiseError("%s: %s must be positive, got %v", fn, what, f)
	case f < 0:
		L.RaiseError("%s: %s must not be negative, got %v", fn, what, f)
	}
	return f
}

// speedArg reads an optional speed multiplier.
func speedArg(L *lua.LState, n int, fn string) float64 {
	f := numberArg(L, n, 1, true, fn, "speed")
	if math.Abs(f) > systems.MaxSpeed {
		L.RaiseError("%s: speed %v is out of range (at most %v in magnitude)", fn, f, systems.MaxSpeed)
	}
	return f
}

// frame runs one World.Step for a script call fn: it refuses a step that
// no longer advances the clock (clock + dt == clock), raises a timer's
// error in the script (a timer error stops the script), and charges the
// frame's work to the budget so limits trip inside long calls.
func (s *Scenario) frame(L *lua.LState, fn string, dt float64) {
	if dt > 0 && s.World.Now+dt == s.World.Now {
		L.RaiseError("%s: a step of %v s no longer advances the clock at %v s", fn, dt, s.World.Now)
	}
	s.World.Step(dt)
	if s.Err != nil {
		var se *luahost.ScriptError
		var kind error
		if errors.As(s.Err, &se) {
			kind = se.Err
		}
		s.host.Raise(L, kind, "%s: %v", fn, s.Err)
	}
	s.host.Check(L, frameCost*int64(1+len(s.World.Objects)+len(s.World.Static)))
}
