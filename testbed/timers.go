package testbed

import (
	"fmt"
	"math"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// timer is a Lua callback due at a physics time, repeating when period > 0.
type timer struct {
	due, period float64
	fn          *lua.LFunction
	// where is the "file:line" that registered the timer.
	where     string
	cancelled bool // by its handle's cancel(); dropped at the next frame
}

// world.every(period, fn) calls fn every period seconds of physics time.
// The period must be at least MinPeriod and must advance the clock.
func (s *Scenario) luaEvery(L *lua.LState) int {
	p := durationArg(L, 1, 0, false, true, "world.every", "period")
	if p < MinPeriod {
		L.RaiseError("world.every: period %v is shorter than %v s", p, MinPeriod)
	}
	if s.World.Now+p == s.World.Now {
		L.RaiseError("world.every: a period of %v s no longer advances the clock at %v s", p, s.World.Now)
	}
	t := &timer{due: s.World.Now + p, period: p, fn: L.CheckFunction(2), where: where(L)}
	s.timers = append(s.timers, t)
	return s.timerHandle(L, t)
}

// world.after(delay, fn) calls fn once, delay seconds from now.
func (s *Scenario) luaAfter(L *lua.LState) int {
	d := durationArg(L, 1, 0, false, false, "world.after", "delay")
	t := &timer{due: s.World.Now + d, fn: L.CheckFunction(2), where: where(L)}
	s.timers = append(s.timers, t)
	return s.timerHandle(L, t)
}

// where is the calling script's "file:line".
func where(L *lua.LState) string { return strings.TrimSuffix(strings.TrimSpace(L.Where(1)), ":") }

// catchUpSteps is how many periods RunTimers adds one at a time before it
// jumps a repeating timer over the rest arithmetically.
const catchUpSteps = 64

// RunTimers calls every due timer, in registration order, before a frame's
// schedules (systems.FrameTimers). A repeating timer fires at most once a
// frame. The first error — a callback's, or a period that no longer
// advances the clock (world.set_clock moved it far ahead) — stops all the
// scenario's timers and is kept in Err; a script that advanced time gets
// it raised by world.step or world.advance, which stops the script.
func (s *Scenario) RunTimers() {
	if s.inputOn {
		s.Input.Update(s.World, s.keys)
	}
	s.walkIntoPortals()
	if s.Err != nil {
		return
	}
	for i := 0; i < len(s.timers); i++ {
		t := s.timers[i]
		if t.due > s.World.Now+1e-9 && !t.cancelled {
			continue
		}
		if !t.cancelled {
			if err := s.call(t.fn); err != nil {
				s.Err = fmt.Errorf("timer: %w", err)
				return
			}
		}
		if now := s.World.Now; t.period > 0 && !t.cancelled {
			for n := 0; t.due <= now+1e-9; n++ {
				if n == catchUpSteps {
					// float64(x*y) rounds the product before the sum: never fused (physics.Vec3).
					t.due += float64((math.Floor((now-t.due)/t.period) + 1) * t.period)
					if t.due <= now {
						t.due = now + t.period
					}
					break
				}
				t.due += t.period
			}
			if t.due <= now {
				s.Err = fmt.Errorf("timer: %s: world.every period of %v s no longer advances the clock at %v s", t.where, t.period, now)
				return
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
