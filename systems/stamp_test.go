package systems

import (
	"fmt"
	"testing"

	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// TestEveryStampAtTheWrap pins each update_times gate (seed 004 Q1: the
// 16-bit `(diff > 0x7fff) ? (seq < old) : (old < seq)` compare of
// SetObjectMovement, applied to every counter the seeds name) at the wrap:
// 0x7FFF→0x8000 and 0xFFFF→0x0000 are newer; at a difference of exactly
// 0x8000 the smaller stamp is the newer one (0x8000→0x0000 accepted,
// 0x0000→0x8000 stale). Each counter goes through the message that
// carries it, as bytes: position [0], movement [1], state [2], vector
// [3], teleport [4] and force position [6] (a newer one forces a snap),
// server control [5], visual description [7], instance [8].
func TestEveryStampAtTheWrap(t *testing.T) {
	const guid = 0x50000001
	edges := []struct {
		stored, sent uint16
		newer        bool
	}{
		{0x7FFF, 0x8000, true},
		{0xFFFF, 0x0000, true},
		{0x0000, 0x8000, false},
		{0x8000, 0x0000, true},
	}
	near := protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 61, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}}
	// Each counter: the message carrying sent in that counter (the others
	// set so that their own gates pass), and whether the world took it.
	type counter struct {
		name  string
		index int
		send  func(times [9]uint16, sent uint16) protocol.Message
		took  func(e Event) bool
	}
	applied := func(e Event) bool { return e.Reason == "" }
	snapped := func(e Event) bool { return e.Reason == "" && e.Detail == "snap" }
	motionMsg := func(times [9]uint16, mv, ctl uint16) protocol.Message {
		um := &protocol.UpdateMotion{Guid: guid, InstanceSequence: times[protocol.SeqInstance], MovementSequence: mv, ServerControlSequence: ctl}
		um.Movement.State.Flags = protocol.IMSForwardCommand
		um.Movement.State.ForwardCommand = motion.WalkForward
		return um
	}
	posMsg := func(times [9]uint16, pos, tele, force uint16) protocol.Message {
		return &protocol.UpdatePosition{Guid: guid, Position: near, InstanceSequence: times[protocol.SeqInstance],
			PositionSequence: pos, TeleportSequence: tele, ForcePositionSequence: force}
	}
	counters := []counter{
		{"position", protocol.SeqPosition, func(t [9]uint16, s uint16) protocol.Message {
			return posMsg(t, s, t[protocol.SeqTeleport], t[protocol.SeqForcePosition])
		}, applied},
		{"movement", protocol.SeqMovement, func(t [9]uint16, s uint16) protocol.Message {
			return motionMsg(t, s, t[protocol.SeqServerControl])
		}, applied},
		{"state", protocol.SeqState, func(t [9]uint16, s uint16) protocol.Message {
			return &protocol.SetState{Guid: guid, State: uint32(physics.StateGravity), InstanceSequence: t[protocol.SeqInstance], StateSequence: s}
		}, applied},
		{"vector", protocol.SeqVector, func(t [9]uint16, s uint16) protocol.Message {
			return &protocol.VectorUpdate{Guid: guid, InstanceSequence: t[protocol.SeqInstance], VectorSequence: s}
		}, applied},
		{"teleport", protocol.SeqTeleport, func(t [9]uint16, s uint16) protocol.Message {
			return posMsg(t, t[protocol.SeqPosition]+1, s, t[protocol.SeqForcePosition])
		}, snapped},
		{"server control", protocol.SeqServerControl, func(t [9]uint16, s uint16) protocol.Message {
			return motionMsg(t, t[protocol.SeqMovement]+1, s)
		}, applied},
		{"force position", protocol.SeqForcePosition, func(t [9]uint16, s uint16) protocol.Message {
			return posMsg(t, t[protocol.SeqPosition]+1, t[protocol.SeqTeleport], s)
		}, snapped},
		{"visual description", protocol.SeqVisualDesc, func(t [9]uint16, s uint16) protocol.Message {
			return &protocol.ObjDescEvent{Guid: guid, InstanceSequence: t[protocol.SeqInstance], VisualDescSequence: s}
		}, applied},
		{"instance", protocol.SeqInstance, func(t [9]uint16, s uint16) protocol.Message {
			return &protocol.VectorUpdate{Guid: guid, InstanceSequence: s, VectorSequence: t[protocol.SeqVector] + 1}
		}, applied},
	}
	for _, c := range counters {
		for _, e := range edges {
			t.Run(fmt.Sprintf("%s %#04x→%#04x", c.name, e.stored, e.sent), func(t *testing.T) {
				w, rec := sampleWorld(t)
				viaBytes(t, w, human(guid, motion.Ready))
				o := w.Object(guid)
				o.Phys.UpdateTimes = [9]uint16{protocol.SeqInstance: 1}
				o.Phys.UpdateTimes[c.index] = e.stored
				rec.Reset()
				m := c.send(o.Phys.UpdateTimes, e.sent)
				viaBytes(t, w, m)
				var last Event
				for _, ev := range rec.Events {
					if ev.Kind == KindMessage {
						last = ev
					}
				}
				if last.Message != m.Name() {
					t.Fatalf("no %s traced: %+v", m.Name(), rec.Events)
				}
				if got := c.took(last); got != e.newer {
					t.Fatalf("%s stamp %#04x after %#04x: taken %v (%+v), want %v", c.name, e.sent, e.stored, got, last, e.newer)
				}
				if e.newer && o.Phys.UpdateTimes[c.index] != e.sent {
					t.Fatalf("accepted %s stamp not stored: %#04x", c.name, o.Phys.UpdateTimes[c.index])
				}
				// a gate stores only what it accepts (the teleport and force
				// position stamps are recorded as sent: divergence UP-01)
				gated := c.index != protocol.SeqTeleport && c.index != protocol.SeqForcePosition
				if !e.newer && gated && o.Phys.UpdateTimes[c.index] != e.stored {
					t.Fatalf("stale %s stamp stored: %#04x", c.name, o.Phys.UpdateTimes[c.index])
				}
			})
		}
	}
}
