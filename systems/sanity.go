package systems

import (
	"fmt"
	"math"

	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// Bounds on the numbers an inbound message may carry. A value outside them
// (or NaN, or ±Inf) would spread through the simulation — a NaN origin
// stays NaN forever, a huge velocity overflows the next frame — so the
// message is dropped whole and traced with ReasonBadValue, naming the
// field.
const (
	// MaxCoordinate bounds each component of an origin (a landblock is
	// 192 units across; dungeon cells stay within a few thousand).
	MaxCoordinate = 1e5
	// MaxVelocity bounds each component of a velocity or acceleration,
	// in units per second.
	MaxVelocity = 1e4
	// MaxOmega bounds each component of an angular velocity, in radians
	// per second.
	MaxOmega = 1e4
	// MaxSpeed bounds motion speed multipliers and rates (retail's run
	// rate stays under 5).
	MaxSpeed = 1e3
)

// checker collects the first bad field of a message.
type checker struct{ bad string }

func (c *checker) num(name string, f float32, limit float64) {
	if c.bad != "" {
		return
	}
	v := float64(f)
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > limit {
		c.bad = fmt.Sprintf("%s = %v (must be finite, at most %g in magnitude)", name, f, limit)
	}
}

func (c *checker) vec(name string, v physics.Vec3, limit float64) {
	c.num(name+".x", v.X, limit)
	c.num(name+".y", v.Y, limit)
	c.num(name+".z", v.Z, limit)
}

func (c *checker) frame(name string, f physics.Frame) {
	c.vec(name+".origin", f.Origin, MaxCoordinate)
	q := f.Orientation
	for i, x := range [4]float32{q.W, q.X, q.Y, q.Z} {
		c.num(fmt.Sprintf("%s.rotation[%d]", name, i), x, 2)
	}
	if c.bad == "" && q == (physics.Quat{}) {
		c.bad = name + ".rotation is zero"
	}
}

func (c *checker) movement(name string, md *protocol.MovementData) {
	if md == nil {
		return
	}
	st := &md.State
	c.num(name+".forward_speed", st.ForwardSpeed, MaxSpeed)
	c.num(name+".sidestep_speed", st.SidestepSpeed, MaxSpeed)
	c.num(name+".turn_speed", st.TurnSpeed, MaxSpeed)
	for i := range st.Actions {
		c.num(fmt.Sprintf("%s.actions[%d].speed", name, i), st.Actions[i].Speed, MaxSpeed)
	}
	switch md.Type {
	case protocol.MovementMoveToObject, protocol.MovementMoveToPosition:
		c.vec(name+".origin", md.Origin.Pos, MaxCoordinate)
		mt := &md.MoveTo
		c.num(name+".distance_to_object", mt.DistanceToObject, MaxCoordinate)
		c.num(name+".min_distance", mt.MinDistance, MaxCoordinate)
		c.num(name+".fail_distance", mt.FailDistance, math.MaxFloat32)
		c.num(name+".speed", mt.Speed, MaxSpeed)
		c.num(name+".walk_run_threshold", mt.WalkRunThreshold, MaxCoordinate)
		c.num(name+".desired_heading", mt.DesiredHeading, 1e4)
		c.num(name+".run_rate", md.RunRate, MaxSpeed)
	case protocol.MovementTurnToObject, protocol.MovementTurnToHeading:
		c.num(name+".desired_heading", md.DesiredHeading, 1e4)
		c.num(name+".turn_to.speed", md.TurnTo.Speed, MaxSpeed)
		c.num(name+".turn_to.desired_heading", md.TurnTo.DesiredHeading, 1e4)
	}
}

// badValue returns the guid m is about and a description of its first
// number that is NaN, ±Inf or out of bounds ("" when all are sane).
func badValue(m protocol.Message) (uint32, string) {
	var c checker
	var guid uint32
	switch m := m.(type) {
	case *protocol.CreateObject:
		guid = m.Guid
		pd := &m.Physics
		if pd.Flags&protocol.PhysicsPosition != 0 {
			c.frame("position", pd.Position.Frame)
		}
		if pd.Flags&protocol.PhysicsObjScale != 0 {
			c.num("scale", pd.Scale, MaxSpeed)
		}
		c.vec("velocity", pd.Velocity, MaxVelocity)
		c.vec("acceleration", pd.Acceleration, MaxVelocity)
		c.vec("omega", pd.Omega, MaxOmega)
		c.movement("movement", pd.Movement)
	case *protocol.UpdateMotion:
		guid = m.Guid
		c.movement("movement", &m.Movement)
	case *protocol.UpdatePosition:
		guid = m.Guid
		c.frame("position", m.Position.Frame)
		c.vec("velocity", m.Velocity, MaxVelocity)
	case *protocol.VectorUpdate:
		guid = m.Guid
		c.vec("velocity", m.Velocity, MaxVelocity)
		c.vec("omega", m.Omega, MaxOmega)
	case *protocol.PlayEffect:
		guid = m.Guid
		c.num("speed", m.Speed, MaxSpeed)
	}
	return guid, c.bad
}
