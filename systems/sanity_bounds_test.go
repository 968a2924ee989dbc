package systems

import (
	"math"
	"strings"
	"testing"

	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// sanityField is one number the inbound guard bounds: set writes v into a
// fresh message about guid 7 whose other numbers are all sane.
type sanityField struct {
	field string
	limit float64
	set   func(v float32) protocol.Message
}

func saneFrame() physics.Frame {
	return physics.Frame{Origin: physics.Vec3{X: 1, Y: 2, Z: 3}, Orientation: physics.IdentityQuat}
}

func createWith(f func(pd *protocol.PhysicsDesc)) protocol.Message {
	m := &protocol.CreateObject{Guid: 7}
	m.Physics.Flags = protocol.PhysicsPosition
	m.Physics.Position.Frame = saneFrame()
	f(&m.Physics)
	return m
}

func motionWith(typ protocol.MovementType, f func(md *protocol.MovementData)) protocol.Message {
	m := &protocol.UpdateMotion{Guid: 7}
	m.Movement.Type = typ
	f(&m.Movement)
	return m
}

// The bounds as docs/security.md states them (origins within 1e5,
// velocities within 1e4 units per second, speeds within 1e3) and as the
// constants' doc comments give omega's (1e4 radians per second): written
// as numbers here, so a changed constant fails with the documentation.
const (
	docCoordinate = 1e5
	docVelocity   = 1e4
	docOmega      = 1e4
	docSpeed      = 1e3
)

func sanityFields() []sanityField {
	var out []sanityField
	axes := []struct {
		n string
		p func(*physics.Vec3) *float32
	}{
		{"x", func(v *physics.Vec3) *float32 { return &v.X }},
		{"y", func(v *physics.Vec3) *float32 { return &v.Y }},
		{"z", func(v *physics.Vec3) *float32 { return &v.Z }},
	}
	for _, a := range axes {
		out = append(out,
			sanityField{"position.origin." + a.n, docCoordinate, func(v float32) protocol.Message {
				return createWith(func(pd *protocol.PhysicsDesc) { *a.p(&pd.Position.Frame.Origin) = v })
			}},
			sanityField{"velocity." + a.n, docVelocity, func(v float32) protocol.Message {
				return createWith(func(pd *protocol.PhysicsDesc) { *a.p(&pd.Velocity) = v })
			}},
			sanityField{"acceleration." + a.n, docVelocity, func(v float32) protocol.Message {
				return createWith(func(pd *protocol.PhysicsDesc) { *a.p(&pd.Acceleration) = v })
			}},
			sanityField{"omega." + a.n, docOmega, func(v float32) protocol.Message {
				return createWith(func(pd *protocol.PhysicsDesc) { *a.p(&pd.Omega) = v })
			}},
			sanityField{"position.origin." + a.n, docCoordinate, func(v float32) protocol.Message {
				m := &protocol.UpdatePosition{Guid: 7}
				m.Position.Frame = saneFrame()
				*a.p(&m.Position.Frame.Origin) = v
				return m
			}},
			sanityField{"velocity." + a.n, docVelocity, func(v float32) protocol.Message {
				m := &protocol.UpdatePosition{Guid: 7}
				m.Position.Frame = saneFrame()
				*a.p(&m.Velocity) = v
				return m
			}},
			sanityField{"velocity." + a.n, docVelocity, func(v float32) protocol.Message {
				m := &protocol.VectorUpdate{Guid: 7}
				*a.p(&m.Velocity) = v
				return m
			}},
			sanityField{"omega." + a.n, docOmega, func(v float32) protocol.Message {
				m := &protocol.VectorUpdate{Guid: 7}
				*a.p(&m.Omega) = v
				return m
			}},
		)
		for _, typ := range []protocol.MovementType{protocol.MovementMoveToObject, protocol.MovementMoveToPosition} {
			out = append(out, sanityField{"movement.origin." + a.n, docCoordinate, func(v float32) protocol.Message {
				return motionWith(typ, func(md *protocol.MovementData) { *a.p(&md.Origin.Pos) = v })
			}})
		}
	}
	quat := []func(*physics.Quat) *float32{
		func(q *physics.Quat) *float32 { return &q.W },
		func(q *physics.Quat) *float32 { return &q.X },
		func(q *physics.Quat) *float32 { return &q.Y },
		func(q *physics.Quat) *float32 { return &q.Z },
	}
	for i, p := range quat {
		name := "position.rotation[" + string(rune('0'+i)) + "]"
		out = append(out,
			sanityField{name, 2, func(v float32) protocol.Message {
				return createWith(func(pd *protocol.PhysicsDesc) { *p(&pd.Position.Frame.Orientation) = v })
			}},
			sanityField{name, 2, func(v float32) protocol.Message {
				m := &protocol.UpdatePosition{Guid: 7}
				m.Position.Frame = saneFrame()
				*p(&m.Position.Frame.Orientation) = v
				return m
			}})
	}
	out = append(out,
		sanityField{"scale", docSpeed, func(v float32) protocol.Message {
			return createWith(func(pd *protocol.PhysicsDesc) { pd.Flags |= protocol.PhysicsObjScale; pd.Scale = v })
		}},
		sanityField{"movement.forward_speed", docSpeed, func(v float32) protocol.Message {
			return createWith(func(pd *protocol.PhysicsDesc) {
				pd.Movement = &protocol.MovementData{}
				pd.Movement.State.ForwardSpeed = v
			})
		}},
		sanityField{"speed", docSpeed, func(v float32) protocol.Message { return &protocol.PlayEffect{Guid: 7, Speed: v} }},
	)
	state := []struct {
		n string
		p func(*protocol.MovementData) *float32
	}{
		{"forward_speed", func(md *protocol.MovementData) *float32 { return &md.State.ForwardSpeed }},
		{"sidestep_speed", func(md *protocol.MovementData) *float32 { return &md.State.SidestepSpeed }},
		{"turn_speed", func(md *protocol.MovementData) *float32 { return &md.State.TurnSpeed }},
	}
	for _, s := range state {
		out = append(out, sanityField{"movement." + s.n, docSpeed, func(v float32) protocol.Message {
			return motionWith(protocol.MovementInterpreted, func(md *protocol.MovementData) { *s.p(md) = v })
		}})
	}
	out = append(out, sanityField{"movement.actions[1].speed", docSpeed, func(v float32) protocol.Message {
		return motionWith(protocol.MovementInterpreted, func(md *protocol.MovementData) {
			md.State.Actions = []protocol.MotionItem{{Speed: 1}, {Speed: v}}
		})
	}})
	moveTo := []struct {
		n     string
		limit float64
		p     func(*protocol.MovementData) *float32
	}{
		{"distance_to_object", docCoordinate, func(md *protocol.MovementData) *float32 { return &md.MoveTo.DistanceToObject }},
		{"min_distance", docCoordinate, func(md *protocol.MovementData) *float32 { return &md.MoveTo.MinDistance }},
		{"fail_distance", math.MaxFloat32, func(md *protocol.MovementData) *float32 { return &md.MoveTo.FailDistance }},
		{"speed", docSpeed, func(md *protocol.MovementData) *float32 { return &md.MoveTo.Speed }},
		{"walk_run_threshold", docCoordinate, func(md *protocol.MovementData) *float32 { return &md.MoveTo.WalkRunThreshold }},
		{"desired_heading", 1e4, func(md *protocol.MovementData) *float32 { return &md.MoveTo.DesiredHeading }},
		{"run_rate", docSpeed, func(md *protocol.MovementData) *float32 { return &md.RunRate }},
	}
	turnTo := []struct {
		n     string
		limit float64
		p     func(*protocol.MovementData) *float32
	}{
		{"desired_heading", 1e4, func(md *protocol.MovementData) *float32 { return &md.DesiredHeading }},
		{"turn_to.speed", docSpeed, func(md *protocol.MovementData) *float32 { return &md.TurnTo.Speed }},
		{"turn_to.desired_heading", 1e4, func(md *protocol.MovementData) *float32 { return &md.TurnTo.DesiredHeading }},
	}
	for _, typ := range []protocol.MovementType{protocol.MovementMoveToObject, protocol.MovementMoveToPosition} {
		for _, f := range moveTo {
			out = append(out, sanityField{"movement." + f.n, f.limit, func(v float32) protocol.Message {
				return motionWith(typ, func(md *protocol.MovementData) { *f.p(md) = v })
			}})
		}
	}
	for _, typ := range []protocol.MovementType{protocol.MovementTurnToObject, protocol.MovementTurnToHeading} {
		for _, f := range turnTo {
			out = append(out, sanityField{"movement." + f.n, f.limit, func(v float32) protocol.Message {
				return motionWith(typ, func(md *protocol.MovementData) { *f.p(md) = v })
			}})
		}
	}
	return out
}

// TestSanityBoundsAreInclusive pins every bound of the inbound guard at
// its exact value: a number of exactly the bound (either sign) passes, the
// next float32 beyond it and NaN drop the message naming the field, and
// the message's guid is reported either way.
func TestSanityBoundsAreInclusive(t *testing.T) {
	for _, f := range sanityFields() {
		lim := float32(f.limit)
		if float64(lim) != f.limit {
			t.Fatalf("%s: bound %g is not a float32", f.field, f.limit)
		}
		beyond := math.Nextafter32(lim, float32(math.Inf(1)))
		for _, c := range []struct {
			v   float32
			bad bool
		}{{lim, false}, {-lim, false}, {beyond, true}, {-beyond, true}, {float32(math.NaN()), true}} {
			m := f.set(c.v)
			guid, bad := badValue(m)
			if guid != 7 {
				t.Errorf("%s %s: guid %d, want 7", m.Name(), f.field, guid)
			}
			if !c.bad && bad != "" {
				t.Errorf("%s %s = %v (the bound): dropped as %q", m.Name(), f.field, c.v, bad)
			}
			if c.bad && !strings.HasPrefix(bad, f.field+" = ") {
				t.Errorf("%s %s = %v: bad = %q, want it named", m.Name(), f.field, c.v, bad)
			}
		}
	}
}

// TestSanityNamesTheFirstBadField: with several bad numbers the first
// checked one is named, and a zero rotation is bad only when everything
// before it was sane.
func TestSanityNamesTheFirstBadField(t *testing.T) {
	nan := float32(math.NaN())
	cases := []struct {
		name string
		m    protocol.Message
		want string
	}{
		{"origin before velocity", createWith(func(pd *protocol.PhysicsDesc) {
			pd.Position.Frame.Origin.Y, pd.Velocity.X = nan, nan
		}), "position.origin.y = "},
		{"x before z", &protocol.VectorUpdate{Guid: 7, Velocity: physics.Vec3{X: nan, Z: nan}}, "velocity.x = "},
		{"zero rotation", &protocol.UpdatePosition{Guid: 7, Position: protocol.Position{Frame: physics.Frame{Origin: physics.Vec3{X: 1}}}}, "position.rotation is zero"},
		{"bad origin before zero rotation", &protocol.UpdatePosition{Guid: 7, Position: protocol.Position{Frame: physics.Frame{Origin: physics.Vec3{X: nan}}}}, "position.origin.x = "},
		{"no position flag: the position is not read", func() protocol.Message {
			m := &protocol.CreateObject{Guid: 7}
			m.Physics.Position.Frame.Origin.X = nan
			return m
		}(), ""},
		{"no scale flag: the scale is not read", createWith(func(pd *protocol.PhysicsDesc) { pd.Scale = nan }), ""},
		{"an interpreted motion's move-to fields are not read", motionWith(protocol.MovementInterpreted, func(md *protocol.MovementData) {
			md.MoveTo.Speed, md.TurnTo.Speed = nan, nan
		}), ""},
	}
	for _, c := range cases {
		_, bad := badValue(c.m)
		if c.want == "" && bad != "" || c.want != "" && !strings.HasPrefix(bad, c.want) {
			t.Errorf("%s: bad = %q, want %q…", c.name, bad, c.want)
		}
	}
}
