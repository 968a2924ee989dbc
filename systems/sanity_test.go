package systems

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// TestBadNumbersAreDroppedAndTraced pins the wire-side guard: a NaN, ±Inf
// or huge number in an inbound position, velocity, omega or speed drops
// the whole message with ReasonBadValue naming the field, and the world
// keeps the object's sane state (a NaN origin used to stay NaN forever).
func TestBadNumbersAreDroppedAndTraced(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	const guid = 0x50000001
	tests := []struct {
		name  string
		msg   func() protocol.Message
		field string
	}{
		{"CreateObject NaN origin", func() protocol.Message {
			m := human(0x50000002, motion.Ready)
			m.Physics.Position.Frame.Origin.X = nan
			return m
		}, "position.origin.x"},
		{"CreateObject infinite velocity", func() protocol.Message {
			m := human(0x50000002, motion.Ready)
			m.Physics.Flags |= protocol.PhysicsVelocity
			m.Physics.Velocity.Y = inf
			return m
		}, "velocity.y"},
		{"CreateObject NaN forward speed", func() protocol.Message {
			m := human(0x50000002, motion.WalkForward)
			m.Physics.Movement.State.Flags |= protocol.IMSForwardSpeed
			m.Physics.Movement.State.ForwardSpeed = nan
			return m
		}, "movement.forward_speed"},
		{"UpdatePosition NaN origin", func() protocol.Message {
			return &protocol.UpdatePosition{Guid: guid, InstanceSequence: 1, PositionSequence: 1, ForcePositionSequence: 1,
				Position: protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: nan, Y: 1, Z: 80}, Orientation: physics.IdentityQuat}}}
		}, "position.origin.x"},
		{"UpdatePosition huge origin", func() protocol.Message {
			return &protocol.UpdatePosition{Guid: guid, InstanceSequence: 1, PositionSequence: 1, ForcePositionSequence: 1,
				Position: protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 1, Y: 3e38, Z: 80}, Orientation: physics.IdentityQuat}}}
		}, "position.origin.y"},
		{"UpdatePosition NaN rotation", func() protocol.Message {
			return &protocol.UpdatePosition{Guid: guid, InstanceSequence: 1, PositionSequence: 1, ForcePositionSequence: 1,
				Position: protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 1, Y: 1, Z: 80}, Orientation: physics.Quat{W: nan}}}}
		}, "position.rotation[0]"},
		{"UpdatePosition infinite velocity", func() protocol.Message {
			return &protocol.UpdatePosition{Guid: guid, InstanceSequence: 1, PositionSequence: 1,
				Position: protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 61, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}},
				Velocity: physics.Vec3{Z: -inf}}
		}, "velocity.z"},
		{"VectorUpdate huge velocity", func() protocol.Message {
			return &protocol.VectorUpdate{Guid: guid, InstanceSequence: 1, VectorSequence: 1, Velocity: physics.Vec3{X: 1e30}}
		}, "velocity.x"},
		{"VectorUpdate NaN omega", func() protocol.Message {
			return &protocol.VectorUpdate{Guid: guid, InstanceSequence: 1, VectorSequence: 1, Omega: physics.Vec3{Z: nan}}
		}, "omega.z"},
		{"UpdateMotion infinite turn speed", func() protocol.Message {
			m := &protocol.UpdateMotion{Guid: guid, InstanceSequence: 1, MovementSequence: 1}
			m.Movement.Type = protocol.MovementInterpreted
			st := &m.Movement.State
			st.Reset()
			st.TurnCommand, st.TurnSpeed = motion.TurnRight, inf
			st.BuildFlags()
			return m
		}, "movement.turn_speed"},
		{"UpdateMotion NaN action speed", func() protocol.Message {
			m := &protocol.UpdateMotion{Guid: guid, InstanceSequence: 1, MovementSequence: 1}
			m.Movement.Type = protocol.MovementInterpreted
			st := &m.Movement.State
			st.Reset()
			st.Actions = []protocol.MotionItem{{Command: motion.Ready, Speed: nan}}
			st.BuildFlags()
			return m
		}, "movement.actions[0].speed"},
		{"PlayEffect NaN speed", func() protocol.Message {
			return &protocol.PlayEffect{Guid: guid, Script: 0x4E, Speed: nan}
		}, "speed"},
	}
	if !slices.Contains(Reasons, ReasonBadValue) {
		t.Fatalf("Reasons %v lacks %s (world.reason reads it)", Reasons, ReasonBadValue)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, rec := sampleWorld(t)
			viaBytes(t, w, human(guid, motion.Ready))
			before := *w.Object(guid).Phys
			m := tt.msg()
			if err := w.SmartBox.Apply(m); err != nil {
				t.Fatalf("Apply: %v", err)
			}
			last := rec.Events[len(rec.Events)-1]
			if last.Kind != KindMessage || last.Reason != ReasonBadValue || !strings.HasPrefix(last.Detail, tt.field+" = ") {
				t.Fatalf("last event %+v, want a %s dropped for %s naming %s", last, m.Name(), ReasonBadValue, tt.field)
			}
			if _, ok := w.Entity(0x50000002); ok {
				t.Fatal("the bad CreateObject created its object")
			}
			for range 3 {
				w.Step(1.0 / 30)
			}
			p := w.Object(guid).Phys
			if !p.Position.Frame.Origin.Finite() || !p.Velocity.Finite() || !p.Omega.Finite() || p.Velocity != before.Velocity {
				t.Fatalf("object state changed: origin %v velocity %v omega %v", p.Position.Frame.Origin, p.Velocity, p.Omega)
			}
		})
	}
}
