package protocol

import (
	"testing"

	"github.com/dereth/dereth/physics"
)

func TestNewerStampTable(t *testing.T) {
	tests := []struct {
		old, next uint16
		want      bool
	}{
		{0, 1, true},
		{1, 0, false},
		{5, 5, false},
		{0xFFFF, 0, true}, // wrap
		{0, 0xFFFF, false},
		{0xFFF0, 0x0002, true},
		{0x0002, 0xFFF0, false},
		{0, 0x7FFF, true},  // exactly half range: plain compare
		{0, 0x8000, false}, // past half range: the smaller one is newer
		{0x8000, 0, true},
		{0x7FFF, 0xFFFF, false}, // diff 0x8000
		{0x7FFF, 0xFFFE, true},  // diff 0x7FFF
	}
	for _, tt := range tests {
		if got := physics.NewerStamp(tt.old, tt.next); got != tt.want {
			t.Errorf("NewerStamp(%#04x, %#04x) = %v, want %v", tt.old, tt.next, got, tt.want)
		}
	}
}

// TestSequenceSweepKeepsAccepting feeds more than 65 536 consecutive
// UpdateMotion stamps, wrapping the movement counter several times, with the
// server-control stamp repeated across autonomous runs.
func TestSequenceSweepKeepsAccepting(t *testing.T) {
	lastMove, lastCtl := uint16(0xFF00), uint16(0xFFF0)
	move, ctl := lastMove, lastCtl
	const steps = 3*65536 + 17
	for i := range steps {
		move++
		if i%7 == 0 {
			ctl++ // a server-driven update; otherwise autonomous repeats
		}
		if !physics.NewerStamp(lastMove, move) {
			t.Fatalf("step %d: %#04x not newer than %#04x", i, move, lastMove)
		}
		times := [9]uint16{SeqMovement: lastMove, SeqServerControl: lastCtl}
		if g := GateMovement(&times, move, ctl); g != MovementAccepted {
			t.Fatalf("step %d: movement %#04x/%#04x dropped (%d) after %#04x/%#04x", i, move, ctl, g, lastMove, lastCtl)
		}
		if times[SeqMovement] != move || times[SeqServerControl] != ctl {
			t.Fatalf("step %d: accepted stamps not stored: %v", i, times)
		}
		lastMove, lastCtl = move, ctl
	}
}

func TestStaleMovementIsDropped(t *testing.T) {
	tests := []struct {
		name                         string
		lastMove, lastCtl, move, ctl uint16
		gate                         MovementGate
		storedMove, storedCtl        uint16
	}{
		{"next", 10, 4, 11, 4, MovementAccepted, 11, 4},
		{"replayed", 10, 4, 10, 4, MovementStale, 10, 4},
		{"older movement", 10, 4, 9, 4, MovementStale, 10, 4},
		{"older across wrap", 0x0002, 4, 0xFFF0, 4, MovementStale, 0x0002, 4},
		{"newer across wrap", 0xFFF0, 4, 0x0002, 4, MovementAccepted, 0x0002, 4},
		// seed 004 Q1: update_times[1] is stored before the second gate
		{"server control older", 10, 4, 11, 3, ServerControlStale, 11, 4},
		{"server control older across wrap", 10, 0x0001, 11, 0xFFFE, ServerControlStale, 11, 0x0001},
		{"server control advanced", 10, 4, 11, 5, MovementAccepted, 11, 5},
	}
	for _, tt := range tests {
		times := [9]uint16{SeqMovement: tt.lastMove, SeqServerControl: tt.lastCtl}
		got := GateMovement(&times, tt.move, tt.ctl)
		if got != tt.gate || times[SeqMovement] != tt.storedMove || times[SeqServerControl] != tt.storedCtl {
			t.Errorf("%s: GateMovement(%#x/%#x after %#x/%#x) = %d, stored %#x/%#x; want %d, %#x/%#x", tt.name, tt.move, tt.ctl,
				tt.lastMove, tt.lastCtl, got, times[SeqMovement], times[SeqServerControl], tt.gate, tt.storedMove, tt.storedCtl)
		}
	}
}
