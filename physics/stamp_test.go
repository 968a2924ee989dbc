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
