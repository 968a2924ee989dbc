package physics

// Quantum clock constants (seed 000 update_object, seed 004 Q2/Q5; ACE
// PhysicsGlobals). Retail writes each as a float (0.000199999995f) and
// compares float32 speeds and framerates against it in float32, and the
// double clock against it widened to double. The *32 constants are the
// float32 values; the unsuffixed ones are exactly those values widened,
// for comparisons against float64 times.
const (
	// FrameEpsilon32 is the retail "effectively zero" epsilon
	// 0.000199999995f, the float32 nearest 0.0002
	// (0.00019999999494757503). change_cycle_speed compares float32 speeds
	// against it.
	FrameEpsilon32 float32 = 0.000199999995
	// MinQuantum32 is the smallest ordinary-object step, 1/30 s as a float
	// (0.033333335071802139).
	MinQuantum32 float32 = 1.0 / 30.0
	// MaxQuantum32 is the largest ordinary-object step, 0.1 s as a float
	// (0.10000000149011612).
	MaxQuantum32 float32 = 0.1
	// HugeQuantum32 is the stale-discard threshold, 2.0 s.
	HugeQuantum32 float32 = 2.0
)

// The clock constants widened to float64: update_object's double elapsed
// time is compared against these.
const (
	// FrameEpsilon: elapsed time at or below it is rebased away.
	FrameEpsilon = float64(FrameEpsilon32)
	// MinQuantum: a remainder at or below it stays in the clock.
	MinQuantum = float64(MinQuantum32)
	// MaxQuantum: longer elapsed time is subdivided into steps of it.
	MaxQuantum = float64(MaxQuantum32)
	// HugeQuantum: longer elapsed time is discarded.
	HugeQuantum = float64(HugeQuantum32)
)
