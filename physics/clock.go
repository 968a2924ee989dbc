package physics

// Quantum clock constants (ACE PhysicsGlobals, consistent with seed 000).
const (
	// FrameEpsilon is the retail "effectively zero" epsilon, 0.000199999995:
	// elapsed time at or below it is rebased away, and change_cycle_speed
	// uses it to guard its divide.
	FrameEpsilon = 0.000199999995
	// MinQuantum is the smallest ordinary-object step, 1/30 s; a remainder at
	// or below it stays in the clock.
	MinQuantum = 1.0 / 30.0
	// MaxQuantum is the largest ordinary-object step, 0.1 s; longer elapsed
	// time is subdivided.
	MaxQuantum = 0.1
	// HugeQuantum is the stale-discard threshold, 2.0 s.
	HugeQuantum = 2.0
)
