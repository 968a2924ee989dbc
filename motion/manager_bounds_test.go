package motion

import "testing"

// TestRedundantStyleLinksAcrossAnOddStyle: a style change back to a style
// still waiting in the queue cuts the links queued after it, whatever
// styles are queued in between — a style never blocks the cut (only
// substates, modifiers and actions do: MotionTableManager::add_to_queue's
// 0x70000000 mask). NonCombat, 0x8000003D, has the low bit set.
func TestRedundantStyleLinksAcrossAnOddStyle(t *testing.T) {
	anims, mt, setup := richTable()
	pa := NewPartArray(setup, mt, anims)
	pa.InitializeMotionTables()
	m := pa.Manager
	m.Pending = m.Pending[:0]
	for _, s := range []uint32{HandCombat, NonCombat, HandCombat} {
		if err := m.PerformMovement(MovementInterpretedCommand, s, 1, &pa.Sequence); err != ErrNone {
			t.Fatalf("%s: %#x", cmd(s), uint32(err))
		}
	}
	if len(m.Pending) != 3 || m.Pending[0].NumAnims == 0 || m.Pending[1].NumAnims != 0 || m.Pending[2].NumAnims != 0 {
		t.Fatalf("pending %v; want the first HandCombat waiting and the two after it cut to 0", m.Pending)
	}
}
