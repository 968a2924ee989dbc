package physics

import "testing"

func TestNewerStampWraparound(t *testing.T) {
	cases := []struct {
		old, next uint16
		want      bool
	}{
		{1, 2, true}, {2, 1, false}, {5, 5, false},
		{0xFFFF, 0, true}, {0, 0xFFFF, false},
		{0x0000, 0x7FFF, true}, {0x0000, 0x8001, false},
	}
	for _, c := range cases {
		if got := NewerStamp(c.old, c.next); got != c.want {
			t.Errorf("NewerStamp(%#x, %#x) = %v, want %v", c.old, c.next, got, c.want)
		}
	}
	// a sweep over more than 65 536 consecutive stamps keeps accepting
	s := uint16(0xFF00)
	for i := 0; i < 70000; i++ {
		if !NewerStamp(s, s+1) {
			t.Fatalf("stamp %#x → %#x rejected at step %d", s, s+1, i)
		}
		s++
	}
}

// TestNewerStampAtTheWrap pins the 16-bit update_times compare (seed 004
// Q1, CPhysics::SetObjectMovement: `newer = (diff > 0x7fff) ? (seqA < old)
// : (old < seqA)`) at its three edges: 0x7FFF→0x8000 and 0xFFFF→0x0000 are
// newer, and at a difference of exactly 0x8000 the smaller stamp is the
// newer one.
func TestNewerStampAtTheWrap(t *testing.T) {
	cases := []struct {
		old, next uint16
		want      bool
	}{
		{0x7FFF, 0x8000, true}, {0x8000, 0x7FFF, false},
		{0xFFFF, 0x0000, true}, {0x0000, 0xFFFF, false},
		{0x0000, 0x8000, false}, {0x8000, 0x0000, true}, // diff exactly 0x8000
		{0x7FFF, 0xFFFF, false}, {0xFFFF, 0x7FFF, true},
		{0x0001, 0x8000, true}, {0x8000, 0x0001, false}, // diff 0x7FFF
	}
	for _, c := range cases {
		if got := NewerStamp(c.old, c.next); got != c.want {
			t.Errorf("NewerStamp(%#x, %#x) = %v, want %v", c.old, c.next, got, c.want)
		}
	}
}

// TestNewerActionStampIs15Bit pins the server action stamps of
// move_to_interpreted_state (seed 004 Q1, CMotionInterp::
// move_to_interpreted_state 0x005289C0: "newer(action.stamp,
// server_action_stamp) … identical in shape to the SetObjectMovement 0x7fff
// test"). The stamps are 15 bits on the wire (the top bit is the autonomous
// flag), so after 0x7FFF the next is 0: the same compare over a 15-bit
// counter, with half its range (0x3FFF) as the window.
func TestNewerActionStampIs15Bit(t *testing.T) {
	cases := []struct {
		old, next uint16
		want      bool
	}{
		{0x7FFF, 0x0000, true}, {0x0000, 0x7FFF, false}, // the 15-bit wrap
		{0x3FFF, 0x4000, true}, {0x4000, 0x3FFF, false},
		{0x0000, 0x4000, false}, {0x4000, 0x0000, true}, // diff exactly 0x4000
		{0x0001, 0x4000, true}, {0x4000, 0x0001, false}, // diff 0x3FFF
		{0x1234, 0x1234, false},
		{0x7FFE, 0x8001, true}, // the autonomous bit is not part of the stamp
	}
	for _, c := range cases {
		if got := NewerActionStamp(c.old, c.next); got != c.want {
			t.Errorf("NewerActionStamp(%#x, %#x) = %v, want %v", c.old, c.next, got, c.want)
		}
	}
	s := uint16(0x7F00)
	for i := 0; i < 70000; i++ {
		next := (s + 1) & 0x7FFF
		if !NewerActionStamp(s, next) {
			t.Fatalf("action stamp %#x → %#x rejected at step %d", s, next, i)
		}
		s = next
	}
}
