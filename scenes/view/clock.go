package view

import (
	"time"

	"github.com/dereth/dereth/physics"
)

// RealClock turns wall-clock time into the viewer's frame steps: each
// frame advances the physics clock by the time elapsed since the last, so
// a slow frame rate does not slow the world down (update_object subdivides
// long steps into quanta and discards stale ones, as retail does). It also
// measures the ratio of simulated to real time the HUD shows.
type RealClock struct {
	// Now reads the wall clock (time.Now when nil); tests inject their own.
	Now func() time.Time

	last    time.Time
	started bool
	// the current ratio window: real and simulated seconds so far
	real, sim float64
	ratio     float64
}

// RatioWindow is how much real time one sim/real ratio is measured over.
const RatioWindow = time.Second

func (c *RealClock) now() time.Time {
	if c.Now == nil {
		return time.Now()
	}
	return c.Now()
}

// Start begins timing: the next Elapsed counts from now.
func (c *RealClock) Start() {
	c.last, c.started = c.now(), true
	c.real, c.sim, c.ratio = 0, 0, 1
}

// Elapsed returns the wall-clock seconds since the last call (or Start).
func (c *RealClock) Elapsed() float64 {
	if !c.started {
		c.Start()
	}
	t := c.now()
	dt := max(t.Sub(c.last).Seconds(), 0)
	c.last = t
	return dt
}

// Record notes one frame: real seconds of wall clock in which the world
// was stepped by step seconds. Objects simulate a step shorter than
// physics.HugeQuantum; a longer one they discard as stale, so it counts
// as no simulated time.
func (c *RealClock) Record(real, step float64) {
	if step >= physics.HugeQuantum {
		step = 0
	}
	c.real += real
	c.sim += step
	if c.real >= RatioWindow.Seconds() {
		c.ratio = c.sim / c.real
		c.real, c.sim = 0, 0
	}
}

// Ratio is simulated over real time in the last full RatioWindow (1
// before the first): 1 in real time, below 1 when the world lags (a fixed
// step at a low frame rate, or stale frames discarded).
func (c *RealClock) Ratio() float64 {
	if !c.started {
		return 1
	}
	return c.ratio
}
