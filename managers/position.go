package managers

import "github.com/dereth/dereth/physics"

// PositionManager holds the interpolation, sticky and constraint state of an
// object (PositionManager / InterpolationManager).
type PositionManager struct {
	// Target is the position being interpolated toward; Interpolating is
	// false when there is none.
	Target        physics.Position
	Interpolating bool
	// MaxSpeed bounds how fast adjust_offset closes the gap (units/s).
	MaxSpeed float32
	// Sticky is the guid of the object being stuck to, 0 for none.
	Sticky uint32
	// Constrained reports a full constraint (IsFullyConstrained).
	Constrained bool
	// Frames counts UseTime calls that found the target reached.
	Reached int
}

// NewPositionManager returns a manager that interpolates at up to 7.5 u/s.
func NewPositionManager() *PositionManager { return &PositionManager{MaxSpeed: 7.5} }

// InterpolateTo starts moving toward p.
func (m *PositionManager) InterpolateTo(p physics.Position) {
	m.Target, m.Interpolating = p, true
}

// StopInterpolating drops the target.
func (m *PositionManager) StopInterpolating() { m.Interpolating = false }

// AdjustOffset replaces the frame delta's translation with a step toward the
// target when interpolating in the same cell (PositionManager::adjust_offset;
// body not located in the seeds, divergence PM-01).
func (m *PositionManager) AdjustOffset(cur physics.Position, delta *physics.Frame, dt float64) {
	if !m.Interpolating || m.Constrained || cur.Cell != m.Target.Cell {
		return
	}
	gap := m.Target.Frame.Origin.Sub(cur.Frame.Origin)
	dist := gap.Len()
	step := m.MaxSpeed * float32(dt)
	if dist <= step {
		delta.Origin = cur.Frame.GlobalToLocalVec(gap)
		return
	}
	delta.Origin = cur.Frame.GlobalToLocalVec(gap.Scale(step / dist))
}

// UseTime ends interpolation once the target is reached
// (PositionManager::UseTime).
func (m *PositionManager) UseTime(cur physics.Position) {
	if m.Interpolating && cur.Cell == m.Target.Cell && cur.Frame.Origin.Sub(m.Target.Frame.Origin).Len() < physics.FrameEpsilon32*10 {
		m.Interpolating = false
		m.Reached++
	}
}

// HasWork reports whether adjust_offset or UseTime would do anything: only
// while interpolating.
func (m *PositionManager) HasWork() bool { return m.Interpolating }
