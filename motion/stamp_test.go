package motion

import (
	"testing"

	"github.com/dereth/dereth/physics"
)

// stubBody is a Body that counts the interpreter's motion calls and does
// nothing else: a grounded creature in a cell.
type stubBody struct {
	do map[uint32]int
}

func (b *stubBody) DoInterpretedMotion(m uint32, p Params) WeenieError {
	b.do[m]++
	return ErrNone
}
func (b *stubBody) StopInterpretedMotion(uint32, Params) WeenieError { return ErrNone }
func (b *stubBody) StopCompletelyInternal() WeenieError              { return ErrNone }
func (b *stubBody) RemoveLinkAnimations()                            {}
func (b *stubBody) CheckForCompletedMotions()                        {}
func (b *stubBody) InitializeMotionTables()                          {}
func (b *stubBody) InterruptCurrentMovement()                        {}
func (b *stubBody) UnstickFromObject()                               {}
func (b *stubBody) SetLocalVelocity(physics.Vec3)                    {}
func (b *stubBody) InCell() bool                                     { return true }
func (b *stubBody) MovementIsAutonomous() bool                       { return false }
func (b *stubBody) PhysicsState() physics.State                      { return physics.StateGravity }
func (b *stubBody) TransientState() physics.Transient {
	return physics.TransientContact | physics.TransientOnWalkable
}
func (b *stubBody) Weenie() Weenie { return nil }

// TestServerActionsReplayThroughThe15BitWrap pins seed 004 Q1,
// CMotionInterp::move_to_interpreted_state: every action whose stamp is
// newer than server_action_stamp replays. Server action stamps are 15-bit
// (0x7FFF is followed by 0), so 70 000 consecutive actions — more than two
// wraps — all replay, each exactly once.
func TestServerActionsReplayThroughThe15BitWrap(t *testing.T) {
	b := &stubBody{do: map[uint32]int{}}
	m := NewInterp(b)
	m.EnterDefaultState()
	m.ServerActionStamp = 0x7F00
	s := ims(Ready, 1)
	stamp := m.ServerActionStamp
	const n = 70000
	for i := 0; i < n; i++ {
		stamp = (stamp + 1) & physics.ActionStampMask
		s.Actions = append(s.Actions[:0], Action{Motion: AttackHigh1, Speed: 1, Stamp: stamp})
		m.MoveToInterpretedState(s)
		if m.ServerActionStamp != stamp {
			t.Fatalf("action %d (stamp %#x) rejected: server_action_stamp stays %#x", i, stamp, m.ServerActionStamp)
		}
		m.Pending = m.Pending[:0]
	}
	if got := b.do[AttackHigh1]; got != n {
		t.Fatalf("%d of %d actions replayed", got, n)
	}
	// a replayed stamp is not newer
	m.MoveToInterpretedState(s)
	if got := b.do[AttackHigh1]; got != n {
		t.Fatalf("a repeated stamp replayed again (%d)", got)
	}
}
