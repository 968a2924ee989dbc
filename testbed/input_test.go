package testbed

import (
	"testing"

	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/protocol"
)

// TestInputWalksThePlayerAndSendsMoveToState drives the local player with
// world.input (scenarios/input.lua) and decodes the MoveToState bytes the
// controller logged: the raw motion state and the player's canonical
// Position at the time of the key change.
func TestInputWalksThePlayerAndSendsMoveToState(t *testing.T) {
	portal, cell := sampleDATs(t)
	s, err := Run("scenarios/input.lua", Options{Portal: portal, Cell: cell})
	defer s.Close()
	if err != nil {
		t.Fatal(err)
	}
	if passed, failed := s.Expectations(); failed != 0 || passed == 0 {
		t.Fatalf("expectations: %d passed, %d failed", passed, failed)
	}
	var states []protocol.MoveToState
	for _, m := range s.Input.Log.Recent() {
		if m.Name != "MoveToState" {
			continue
		}
		var mts protocol.MoveToState
		if _, err := protocol.DecodeMoveToState(m.Bytes, &mts); err != nil {
			t.Fatalf("decode %x: %v", m.Bytes, err)
		}
		states = append(states, mts)
	}
	if len(states) != 3 {
		t.Fatalf("%d MoveToState messages kept, want walk, run, stop", len(states))
	}
	walk, run, stop := states[0], states[1], states[2]
	if walk.Raw.ForwardCommand != motion.WalkForward || walk.Raw.CurrentHoldKey == uint32(motion.HoldKeyRun) {
		t.Errorf("walk: forward %s hold %d", motioncmd.Name(walk.Raw.ForwardCommand), walk.Raw.CurrentHoldKey)
	}
	if walk.Position.Cell>>16 != 0xA9B4 || walk.Position.Frame.Origin.Y < 29.9 || walk.Position.Frame.Origin.Y > 30.1 {
		t.Errorf("walk carries position 0x%08X %v, want the spawn spot (96, 30) in 0xA9B4", walk.Position.Cell, walk.Position.Frame.Origin)
	}
	if run.Raw.ForwardCommand != motion.WalkForward || run.Raw.CurrentHoldKey != uint32(motion.HoldKeyRun) {
		t.Errorf("run: raw forward %s hold %d (retail keeps WalkForward raw and holds Run)", motioncmd.Name(run.Raw.ForwardCommand), run.Raw.CurrentHoldKey)
	}
	if run.Position.Frame.Origin.Y < walk.Position.Frame.Origin.Y+4 {
		t.Errorf("run sent from %v, walk from %v: the player should have walked", run.Position.Frame.Origin, walk.Position.Frame.Origin)
	}
	if stop.Raw.ForwardCommand != motion.Ready || stop.Sequence <= run.Sequence || run.Sequence <= walk.Sequence {
		t.Errorf("stop: forward %s, sequences %d %d %d", motioncmd.Name(stop.Raw.ForwardCommand), walk.Sequence, run.Sequence, stop.Sequence)
	}
	p := s.World.Object(0x50000000).Phys.Position
	if stop.Position.Cell != p.Cell || stop.Position.Frame != p.Frame {
		t.Errorf("the last MoveToState carries %v, the player is at %v", stop.Position, p)
	}
}
