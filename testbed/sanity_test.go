package testbed

import (
	"errors"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/testbed/luahost"
)

// within runs fn and fails the test when it has not returned after d (a
// hung run is left behind; the test process ends soon anyway).
func within(t *testing.T, d time.Duration, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still running after %v", d)
	}
}

// samplePortal is the embedded sample world's portal DAT.
func samplePortal(t *testing.T) *dat.Container {
	t.Helper()
	portal, err := sampleworld.Portal()
	if err != nil {
		t.Fatal(err)
	}
	return portal
}

// TestTimeAndNumbersAreSane pins the script-side guards of item 4: every
// time input rejects NaN, ±Inf and negative durations with a clear error,
// loops over time end even when clock + dt == clock, and positions,
// velocities and speeds reject non-finite values. Each case used to be
// accepted (the clock or an object became NaN) or to hang.
func TestTimeAndNumbersAreSane(t *testing.T) {
	const spawn = "local g = world.spawn{guid = 0x50000001, cell = 0x01010001, setup = 0x02000001}\n"
	portal := samplePortal(t)
	tests := []struct {
		name, src, want string
	}{
		{"step NaN", "world.step(0/0)", "world.step: dt must be a finite number, got NaN"},
		{"step -1", "world.step(-1)", "world.step: dt must not be negative, got -1"},
		{"step inf", "world.step(1/0)", "world.step: dt must be a finite number, got +Inf"},
		{"advance NaN", "world.advance(0/0)", "world.advance: seconds must be a finite number"},
		{"advance negative", "world.advance(-1)", "world.advance: seconds must not be negative"},
		{"advance NaN step", "world.advance(1, 0/0)", "world.advance: step must be a finite number"},
		{"advance zero step", "world.advance(1, 0)", "world.advance: step must be positive"},
		{"advance_to inf", "world.advance_to(1/0)", "world.advance_to: time must be a finite number"},
		{"every NaN", "world.every(0/0, print)", "world.every: period must be a finite number"},
		{"every negative", "world.every(-1, print)", "world.every: period must be positive"},
		{"every 1e-300", "world.every(1e-300, print)", "world.every: period 1e-300 is shorter than 1e-06 s"},
		{"after NaN", "world.after(0/0, print)", "world.after: delay must be a finite number"},
		{"after negative", "world.after(-2, print)", "world.after: delay must not be negative"},
		{"set_clock NaN", "world.set_clock(0/0)", "world.set_clock: time must be a finite number"},
		{"set_clock -inf", "world.set_clock(-1/0)", "world.set_clock: time must be a finite number"},
		{"set_clock negative", "world.set_clock(-5)", "world.set_clock: time must not be negative"},
		{"set_update_time NaN", spawn + "world.set_update_time(g, 0/0)", "world.set_update_time: time must be a finite number"},
		{"advance after set_clock 1e17", "world.set_clock(1e17)\nworld.advance(1)", "world.advance: a step of 0.03333333333333333 s no longer advances the clock at 1e+17 s"},
		{"step after set_clock 1e17", "world.set_clock(1e17)\nworld.step()", "no longer advances the clock"},
		{"every after set_clock 1e17", "world.set_clock(1e17)\nworld.every(1, print)", "world.every: a period of 1 s no longer advances the clock at 1e+17 s"},
		{"spawn NaN origin", "world.spawn{cell = 0x01010001, setup = 0x02000001, origin = {0/0, 0, 0}}", "world.spawn.origin: component 1 = NaN must be finite"},
		{"spawn huge origin", "world.spawn{cell = 0x01010001, setup = 0x02000001, origin = {0, 1e300, 0}}", "world.spawn.origin: component 2 = 1e+300 must be finite and at most 1e+06"},
		{"spawn inf velocity", "world.spawn{cell = 0x01010001, setup = 0x02000001, velocity = {0, 0, 1/0}}", "world.spawn.velocity: component 3 = +Inf"},
		{"spawn NaN heading", "world.spawn{cell = 0x01010001, setup = 0x02000001, heading = 0/0}", "world.spawn: field heading must be a finite number, got NaN"},
		{"spawn NaN scale", "world.spawn{cell = 0x01010001, setup = 0x02000001, scale = 0/0}", "field scale must be a finite number"},
		{"spawn zero scale", "world.spawn{cell = 0x01010001, setup = 0x02000001, scale = 0}", "world.spawn: scale must be in (0, 1000]"},
		{"spawn NaN motion speed", "world.spawn{cell = 0x01010001, setup = 0x02000001, motion = {forward = \"WalkForward\", forward_speed = 0/0}}", "field forward_speed must be a finite number"},
		{"move inf turn speed", spawn + "world.move(g, {turn = \"TurnRight\", turn_speed = 1/0})", "field turn_speed must be a finite number"},
		{"move huge speed", spawn + "world.move(g, {forward = \"RunForward\", forward_speed = 1e9})", "field forward_speed = 1e+09 is out of range"},
		{"do_motion NaN speed", spawn + "world.do_motion(g, \"WalkForward\", 0/0)", "world.do_motion: speed must be a finite number"},
		{"interpolate_to NaN", spawn + "world.interpolate_to(g, {0/0, 0, 0})", "origin: component 1 = NaN"},
		{"play_script NaN delay", spawn + "world.play_script(g, 0x33000001, 0/0)", "world.play_script: delay must be a finite number"},
		{"send NaN velocity", spawn + "world.send{type = \"VectorUpdate\", guid = g, instance = 1, vector_sequence = 1, velocity = {0/0, 0, 0}}", "component 1 = NaN"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			within(t, slack*5*time.Second, func() {
				_, err = runSnippet(t, tt.src, Options{Budget: 5_000_000, Timeout: slack * 10, Portal: portal})
			})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one containing %q", err, tt.want)
			}
			if !strings.Contains(err.Error(), "snippet.lua:") {
				t.Errorf("err = %v does not name the script line", err)
			}
		})
	}
}

// TestTimerCatchUpTerminates pins that a repeating timer whose period no
// longer advances the clock (world.set_clock moved it to 1e17, where the
// spacing of float64 is 16 s) ends: RunTimers used to add the period to
// the due time forever. The timer either keeps firing or stops with the
// clear error; it never hangs.
func TestTimerCatchUpTerminates(t *testing.T) {
	var err error
	within(t, slack*5*time.Second, func() {
		_, err = runSnippet(t, "world.every(1, function() end)\nworld.set_clock(1e17)\nworld.step(1e10)\nworld.step(1e10)", Options{})
	})
	if err != nil && !strings.Contains(err.Error(), "world.every period of 1 s no longer advances the clock") {
		t.Fatalf("err = %v", err)
	}
}

// TestTimerErrorStopsTheScript pins item 5's choice: a timer's error stops
// the script at the world.advance that ran it (naming both lines), and no
// timer runs after it. The script used to carry on past the error.
func TestTimerErrorStopsTheScript(t *testing.T) {
	s, err := runSnippet(t, "world.every(0.1, function() error(\"boom\") end)\nworld.advance(0.5)\nreached = true", Options{})
	if err == nil || !strings.Contains(err.Error(), "snippet.lua:2: world.advance: timer: ") || !strings.Contains(err.Error(), "snippet.lua:1: boom") {
		t.Fatalf("err = %v, want the timer's error raised at line 2", err)
	}
	if s.host.State().GetGlobal("reached") != lua.LNil {
		t.Fatal("the script ran on past the timer error")
	}
	// An expectation failing in a timer keeps its kind.
	_, err = runSnippet(t, "world.after(0, function() expect.eq(1, 2) end)\nworld.step()", Options{})
	if !errors.Is(err, luahost.ErrExpectation) || !strings.Contains(err.Error(), "snippet.lua:2: world.step: timer: ") {
		t.Fatalf("err = %v, want the expectation failure raised at line 2", err)
	}
}

// TestLimitsStopLongHostCalls pins item 1 for host calls: world.advance
// over many objects, a spawning loop and timer callbacks are stopped
// inside the call by the wall clock (within a second of the limit) and by
// the budget, and the error names the line that made the call. They used
// to run until killed.
func TestLimitsStopLongHostCalls(t *testing.T) {
	const crowd = "for i = 1, 50 do world.spawn{guid = 0x50000000 + i, cell = 0x01010001, setup = 0x02000001, origin = {i, i, 0}, motion = {forward = \"RunForward\"}} end\n"
	tests := []struct {
		name string
		src  string
		opts Options
		kind error
		want string
	}{
		{"advance, wall clock", crowd + "world.advance(33000)", Options{Budget: -1, Timeout: 0.3}, luahost.ErrTimeout, "snippet.lua:2: wall-clock limit of 300ms exceeded"},
		{"advance, budget", crowd + "world.advance(33000)", Options{Budget: 2_000_000}, luahost.ErrBudget, "snippet.lua:2: instruction budget of 2000000 exhausted"},
		{"spawning loop, budget", "for i = 1, 1e6 do\n  world.spawn{guid = 0x50000000 + i, cell = 0x01010001, setup = 0x02000001}\nend", Options{Budget: 1_000_000}, luahost.ErrBudget, "snippet.lua:2: instruction budget"},
		{"timer catch-up, wall clock", "world.every(1/30, function() for i = 1, 100 do end end)\nworld.advance(33000)", Options{Budget: -1, Timeout: 0.3}, luahost.ErrTimeout, "wall-clock limit of 300ms exceeded"},
	}
	portal := samplePortal(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Portal = portal
			var s *Scenario
			var err error
			if tt.kind != luahost.ErrTimeout {
				tt.opts.Timeout = slack * 10 // the budget must trip first
			}
			start := time.Now()
			within(t, slack*5*time.Second, func() { s, err = runSnippet(t, tt.src, tt.opts) })
			if tt.kind == luahost.ErrTimeout {
				if d := time.Since(start); d > time.Duration(tt.opts.Timeout*float64(time.Second))+slack*time.Second {
					t.Errorf("stopped after %v, more than %d s past the limit", d, slack)
				}
			}
			if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %v containing %q", err, tt.kind, tt.want)
			}
			if n := s.World.Len(); n > 2000 {
				t.Errorf("%d objects spawned under the budget", n)
			}
		})
	}
}
