package systems

import (
	"testing"

	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// positionAndMovement is a 0xF619 for guid: a position near the sample
// humanoid and a type-0 movement with the given stamps and forward command.
func positionAndMovement(guid uint32, pos, mv, ctl uint16, autonomous bool, fwd uint32) *protocol.PositionAndMovement {
	m := &protocol.PositionAndMovement{
		Position: protocol.UpdatePosition{Guid: guid, InstanceSequence: 1, PositionSequence: pos,
			Position: protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 62, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}}},
		MovementSequence: mv, ServerControlSequence: ctl, Autonomous: autonomous,
	}
	m.Movement.State.Flags = protocol.IMSForwardCommand
	m.Movement.State.ForwardCommand = fwd
	return m
}

// TestMovementEventTakesTheSetObjectMovementPath pins seed 004 Q1's first
// case of ACSmartBox::DispatchSmartBoxEvent: 0xF619 "Movement" runs
// SmartBox::UnpackPositionEvent, then CPhysics::SetObjectMovement on the
// object — the same gates as 0xF74C (update_times[1] stored before the
// server-control gate) — and LoseControlToServer when it returns nonzero
// (the local player under server control).
func TestMovementEventTakesTheSetObjectMovementPath(t *testing.T) {
	w, rec := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	fwd := func() uint32 { return o.Movement.Interp.Interpreted.ForwardCommand }

	viaBytes(t, w, positionAndMovement(0x50000001, 1, 5, 3, false, motion.WalkForward))
	if fwd() != motion.WalkForward {
		t.Fatalf("0xF619's movement was not applied: forward %s", motioncmd.Name(fwd()))
	}
	if o.Phys.UpdateTimes[protocol.SeqPosition] != 1 || o.Position == nil || !o.Position.Interpolating {
		t.Fatalf("0xF619's position was not applied (position stamp %d)", o.Phys.UpdateTimes[protocol.SeqPosition])
	}
	// The same gates as 0xF74C, in the same order.
	viaBytes(t, w, positionAndMovement(0x50000001, 2, 6, 2, false, motion.RunForward))
	if fwd() != motion.WalkForward || o.Phys.UpdateTimes[protocol.SeqMovement] != 6 {
		t.Fatal("(6, 2): dropped by the server-control gate after consuming movement stamp 6")
	}
	viaBytes(t, w, positionAndMovement(0x50000001, 3, 6, 3, false, motion.RunForward))
	if fwd() != motion.WalkForward {
		t.Fatal("(6, 3) is stale")
	}
	rec.Reset()
	viaBytes(t, w, positionAndMovement(0x50000001, 4, 7, 3, false, motion.RunForward))
	if fwd() != motion.RunForward {
		t.Fatal("(7, 3) is accepted")
	}
	var names []string
	for _, e := range rec.Events {
		if e.Kind == KindMessage {
			names = append(names, e.Message+":"+string(e.Reason))
		}
	}
	if len(names) != 2 || names[0] != "PositionAndMovement:" || names[1] != "PositionAndMovement:" {
		t.Fatalf("traced %v, want the position then the movement of one PositionAndMovement event", names)
	}

	// The local player: its own autonomous movement is ignored; a server
	// movement applies and takes control.
	w.PlayerGUID = 0x50000001
	lost := new(lostControl)
	w.Control = lost
	viaBytes(t, w, positionAndMovement(0x50000001, 5, 8, 3, true, motion.Ready))
	if fwd() != motion.RunForward || *lost != 0 {
		t.Fatal("the player's own autonomous 0xF619 must not move it nor take control")
	}
	viaBytes(t, w, positionAndMovement(0x50000001, 6, 9, 3, false, motion.Ready))
	if fwd() != motion.Ready || *lost != 1 {
		t.Fatalf("a server 0xF619 for the player: forward %s, LoseControlToServer %d; want Ready, 1", motioncmd.Name(fwd()), *lost)
	}
}

// TestMovementEventOfAStaleInstanceIsNotProcessed: UnpackPositionEvent
// must process the event before SetObjectMovement runs (seed 004 Q1: "if
// result == NETBLOB_PROCESSED_OK"); a message for an older incarnation
// changes nothing (divergence IN-02 for what "processed" means).
func TestMovementEventOfAStaleInstanceIsNotProcessed(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	o.Phys.UpdateTimes[protocol.SeqInstance] = 5
	m := positionAndMovement(0x50000001, 1, 1, 0, false, motion.WalkForward)
	m.Position.InstanceSequence = 4
	viaBytes(t, w, m)
	if o.Movement.Interp.Interpreted.ForwardCommand != motion.Ready || o.Phys.UpdateTimes[protocol.SeqMovement] != 0 {
		t.Fatal("a stale-instance 0xF619 must not reach SetObjectMovement")
	}
	// A stale position stamp drops only the position.
	o.Phys.UpdateTimes[protocol.SeqPosition] = 9
	m = positionAndMovement(0x50000001, 9, 1, 0, false, motion.WalkForward)
	m.Position.InstanceSequence = 5
	viaBytes(t, w, m)
	if o.Movement.Interp.Interpreted.ForwardCommand != motion.WalkForward {
		t.Fatal("a stale position stamp must not drop the movement")
	}
}
