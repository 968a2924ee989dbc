package systems

import (
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// TestOutboundFieldsFromTheObject pins the outbound payloads' fields that
// the systems/ mutation run found unchecked (outbound.go:26, 28, 48, 51,
// 52, 69): MoveToState carries the turn and the standing-long-jump flag,
// an object without an interpreter sends the default raw state; Jump
// takes the next game-action sequence and the object's four stamps.
func TestOutboundFieldsFromTheObject(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	o.Phys.Autonomous = true
	w.PlayerGUID = o.Phys.GUID
	t1 := &o.Phys.UpdateTimes
	t1[protocol.SeqInstance], t1[protocol.SeqServerControl], t1[protocol.SeqTeleport], t1[protocol.SeqForcePosition] = 11, 12, 13, 14
	in := w.Interp(o)
	p := motion.DefaultParams()
	p.Speed = 0.5
	in.PerformMovement(motion.MovementRawCommand, motion.TurnRight, &p)
	in.StandingLongJump = true
	var ob Outbound
	m := roundTrip(t, ob.MoveToState(o))
	if m.Raw.TurnCommand != motion.TurnRight || m.Raw.TurnSpeed != 0.5 || !m.StandingLongJump {
		t.Fatalf("MoveToState turn %s/%v, standing long jump %v; want TurnRight at 0.5, true",
			motioncmd.Name(m.Raw.TurnCommand), m.Raw.TurnSpeed, m.StandingLongJump)
	}
	j := roundTrip(t, ob.Jump(o, 0.75))
	if j.Sequence != 2 || j.Extent != 0.75 || j.InstanceSequence != 11 || j.ServerControlSequence != 12 ||
		j.TeleportSequence != 13 || j.ForcePositionSequence != 14 {
		t.Fatalf("Jump %+v, want sequence 2 (after the MoveToState), extent 0.75, stamps 11 12 13 14", j)
	}

	d := archetypes.Desc{GUID: 0x50000002, Archetype: "object", Cell: 0xA9B40012, Scale: 1,
		Frame: physics.Frame{Origin: physics.Vec3{X: 10, Y: 10}, Orientation: physics.IdentityQuat}}
	bare, err := NewWorld().Spawn(d)
	if err != nil {
		t.Fatal(err)
	}
	if bare.Movement != nil {
		t.Fatal("setup: the bare object has a MovementManager")
	}
	var ob2 Outbound
	s := ob2.MoveToState(bare)
	var want protocol.RawMotionState
	want.Reset()
	want.BuildFlags()
	if s.Raw.ForwardCommand != want.ForwardCommand || s.Raw.CurrentStyle != want.CurrentStyle ||
		s.Raw.ForwardSpeed != 1 || s.Raw.TurnSpeed != 1 || s.Raw.SidestepSpeed != 1 || s.Raw.Flags != want.Flags {
		t.Fatalf("MoveToState without an interpreter: raw %+v, want the default raw state %+v", s.Raw, want)
	}
}
