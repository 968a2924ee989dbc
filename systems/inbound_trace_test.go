package systems

import (
	"math"
	"strings"
	"testing"

	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/sampleworld"
)

// TestInboundMessagesTraced pins what every inbound path records: each
// message that reaches SmartBox.Apply ends in exactly one message event for
// it — applied (no reason, detail naming how) or dropped with its typed
// reason — and an error only where the message could not be applied
// (an unknown object, a message the world does not take). The steps run in
// order on one world, so each gate sees the stamps the steps before it
// stored (seed 004 Q1 for the movement gates, docs/scripting.md for the
// reasons).
func TestInboundMessagesTraced(t *testing.T) {
	w, rec := sampleWorld(t)
	const g = 0x50000001
	pos := func(x float32) protocol.Position {
		return protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: x, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}}
	}
	um := func(inst, mseq, sctl uint16, auto bool) *protocol.UpdateMotion {
		m := &protocol.UpdateMotion{Guid: g, InstanceSequence: inst, MovementSequence: mseq, ServerControlSequence: sctl, Autonomous: auto}
		m.Movement.State.Flags = protocol.IMSForwardCommand
		m.Movement.State.ForwardCommand = motion.WalkForward
		return m
	}
	up := func(pseq, tseq, fseq uint16, x float32) *protocol.UpdatePosition {
		return &protocol.UpdatePosition{Guid: g, InstanceSequence: 1, PositionSequence: pseq, TeleportSequence: tseq, ForcePositionSequence: fseq, Position: pos(x)}
	}
	withScripts := human(g, motion.Ready)
	withScripts.Physics.Flags |= protocol.PhysicsPeTable
	withScripts.Physics.PhysicsScriptTable = sampleworld.HumanScriptTable
	unknownType := um(1, 20, 3, false)
	unknownType.Movement.Type = 10
	nan := up(30, 0, 0, 0)
	nan.Velocity.Y = float32(math.NaN())

	steps := []struct {
		name    string
		m       protocol.Message
		player  bool // the object is the local player from this step on
		err     bool
		msg     string
		reason  Reason
		detail  string
		pending int // message events this step records before the last (MovementData)
	}{
		{"create", withScripts, false, false, "CreateObject", "", "", 0},
		{"create again, same instance", human(g, motion.Ready), false, false, "CreateObject", ReasonObjectExists, "", 0},
		{"unknown object", &protocol.UpdateMotion{Guid: 0x50000099, InstanceSequence: 1, MovementSequence: 1}, false, true, "UpdateMotion", ReasonUnknownObject, "", 0},
		{"older instance", um(0, 1, 0, false), false, false, "UpdateMotion", ReasonStaleInstance, "", 0},
		{"motion applied", um(1, 1, 3, false), false, false, "UpdateMotion", "", "", 0},
		{"motion stamp repeated", um(1, 1, 3, false), false, false, "UpdateMotion", ReasonStaleMovementSequence, "movement", 0},
		{"server control older", um(1, 2, 2, false), false, false, "UpdateMotion", ReasonStaleMovementSequence, "server control", 0},
		{"unknown movement type", unknownType, false, false, "UpdateMotion", "", "", 1},
		{"own autonomous movement", um(1, 21, 3, true), true, false, "UpdateMotion", ReasonOwnMovement, "", 0},
		{"own position", up(1, 0, 0, 61), true, false, "UpdatePosition", ReasonOwnPosition, "", 0},
		{"forced position snaps", up(2, 0, 1, 61), true, false, "UpdatePosition", "", "snap", 0},
		{"near position interpolates", up(3, 0, 1, 62), false, false, "UpdatePosition", "", "interpolate", 0},
		{"position stamp repeated", up(3, 0, 1, 63), false, false, "UpdatePosition", ReasonStaleSequence, "", 0},
		{"state", &protocol.SetState{Guid: g, InstanceSequence: 1, StateSequence: 1, State: uint32(physics.StateGravity)}, false, false, "SetState", "", "", 0},
		{"state stamp repeated", &protocol.SetState{Guid: g, InstanceSequence: 1, StateSequence: 1}, false, false, "SetState", ReasonStaleSequence, "", 0},
		{"vector", &protocol.VectorUpdate{Guid: g, InstanceSequence: 1, VectorSequence: 1}, false, false, "VectorUpdate", "", "", 0},
		{"vector older instance", &protocol.VectorUpdate{Guid: g, InstanceSequence: 0, VectorSequence: 2}, false, false, "VectorUpdate", ReasonStaleInstance, "", 0},
		{"effect", &protocol.PlayEffect{Guid: g, Script: 1, Speed: 1}, false, false, "PlayEffect", "", "", 0},
		{"effect without a script", &protocol.PlayEffect{Guid: g, Script: 0x63, Speed: 1}, false, false, "PlayEffect", ReasonNoScript, "script type 0x63", 0},
		{"appearance", &protocol.ObjDescEvent{Guid: g, InstanceSequence: 1, VisualDescSequence: 1}, false, false, "ObjDescEvent", "", "", 0},
		{"appearance stamp repeated", &protocol.ObjDescEvent{Guid: g, InstanceSequence: 1, VisualDescSequence: 1}, false, false, "ObjDescEvent", ReasonStaleSequence, "", 0},
		{"bad value", nan, false, false, "UpdatePosition", ReasonBadValue, "velocity", 0},
		{"teleport", &protocol.PlayerTeleport{TeleportSequence: 1}, true, false, "PlayerTeleport", "", "", 0},
		{"delete older instance", &protocol.DeleteObject{Guid: g, InstanceSequence: 0}, false, false, "DeleteObject", ReasonStaleInstance, "", 0},
		{"delete", &protocol.DeleteObject{Guid: g, InstanceSequence: 1}, false, false, "DeleteObject", "", "", 0},
	}
	for _, s := range steps {
		if s.player {
			w.PlayerGUID = g
		} else {
			w.PlayerGUID = 0
		}
		rec.Events = rec.Events[:0]
		err := w.SmartBox.Apply(s.m)
		if (err != nil) != s.err {
			t.Fatalf("%s: error %v, want error %v", s.name, err, s.err)
		}
		var got []Event
		for _, e := range rec.Events {
			if e.Kind == KindMessage {
				got = append(got, e)
			}
		}
		if len(got) != 1+s.pending {
			t.Fatalf("%s: %d message events %+v, want %d", s.name, len(got), got, 1+s.pending)
		}
		if s.pending > 0 {
			if e := got[0]; e.Message != "MovementData" || e.Reason != ReasonUnknownMovementType || e.Detail != "type 10" || e.Obj != g {
				t.Fatalf("%s: first event %+v, want MovementData dropped as unknown_movement_type, \"type 10\"", s.name, e)
			}
		}
		obj := uint32(g)
		if um, ok := s.m.(*protocol.UpdateMotion); ok {
			obj = um.Guid
		}
		e := got[len(got)-1]
		detailOK := e.Detail == s.detail
		if s.reason == ReasonBadValue {
			detailOK = strings.HasPrefix(e.Detail, s.detail+".")
		}
		if e.Message != s.msg || e.Reason != s.reason || !detailOK || e.Obj != obj || e.Frame != w.FrameNo {
			t.Fatalf("%s: event %+v, want message %q reason %q detail %q on 0x%08X", s.name, e, s.msg, s.reason, s.detail, obj)
		}
	}
}
