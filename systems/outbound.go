package systems

import (
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// Outbound builds the local player's outbound movement messages from the
// one canonical Position (seed 003 §3): the transition commits the
// resolved cell and frame — AdjustToOutside outdoors, the EnvCell id
// indoors — and MoveToState / AutonomousPosition serialise exactly that.
type Outbound struct {
	// Sequence is the game-action sequence, incremented per message.
	Sequence uint32
}

// MoveToState is CommandInterpreter::SendMovementEvent's payload.
func (ob *Outbound) MoveToState(o *components.View) *protocol.MoveToState {
	ob.Sequence++
	m := &protocol.MoveToState{Sequence: ob.Sequence}
	if o.Movement != nil && o.Movement.Interp != nil {
		in := o.Movement.Interp
		rawToWire(&in.Raw, &m.Raw)
		m.StandingLongJump = in.StandingLongJump
	} else {
		m.Raw.Reset()
	}
	m.Raw.BuildFlags()
	ob.fill(o, &m.Position, &m.InstanceSequence, &m.ServerControlSequence, &m.TeleportSequence, &m.ForcePositionSequence, &m.Contact)
	return m
}

// AutonomousPosition is CommandInterpreter::SendPositionEvent's payload.
func (ob *Outbound) AutonomousPosition(o *components.View) *protocol.AutonomousPosition {
	ob.Sequence++
	m := &protocol.AutonomousPosition{Sequence: ob.Sequence}
	ob.fill(o, &m.Position, &m.InstanceSequence, &m.ServerControlSequence, &m.TeleportSequence, &m.ForcePositionSequence, &m.Contact)
	return m
}

// Jump is the Jump game action's payload (0xF61B): the extent of the jump
// and the JumpPack's velocity — the object's velocity, which LeaveGround
// has just set to the launch velocity — with the same stamps MoveToState
// carries.
func (ob *Outbound) Jump(o *components.View, extent float32) *protocol.Jump {
	ob.Sequence++
	m := &protocol.Jump{Sequence: ob.Sequence, Extent: extent, Velocity: o.Phys.Velocity}
	t := &o.Phys.UpdateTimes
	m.InstanceSequence, m.ServerControlSequence = t[protocol.SeqInstance], t[protocol.SeqServerControl]
	m.TeleportSequence, m.ForcePositionSequence = t[protocol.SeqTeleport], t[protocol.SeqForcePosition]
	return m
}

func (ob *Outbound) fill(o *components.View, pos *protocol.Position, inst, ctl, tele, force *uint16, contact *bool) {
	p := o.Phys
	*pos = protocol.Position{Cell: p.Position.Cell, Frame: p.Position.Frame}
	t := &p.UpdateTimes
	*inst, *ctl, *tele, *force = t[protocol.SeqInstance], t[protocol.SeqServerControl], t[protocol.SeqTeleport], t[protocol.SeqForcePosition]
	*contact = p.Transient.Has(physics.TransientContact)
}

func rawToWire(r *motion.RawState, w *protocol.RawMotionState) {
	w.Reset()
	w.CurrentHoldKey, w.CurrentStyle = uint32(r.CurrentHoldKey), r.CurrentStyle
	w.ForwardCommand, w.ForwardHoldKey, w.ForwardSpeed = r.ForwardCommand, uint32(r.ForwardHoldKey), r.ForwardSpeed
	w.SidestepCommand, w.SidestepHoldKey, w.SidestepSpeed = r.SideStepCommand, uint32(r.SideStepHoldKey), r.SideStepSpeed
	w.TurnCommand, w.TurnHoldKey, w.TurnSpeed = r.TurnCommand, uint32(r.TurnHoldKey), r.TurnSpeed
	for _, a := range r.Actions {
		w.Actions = append(w.Actions, protocol.MotionItem{Command: a.Motion, Sequence: a.Stamp, Autonomous: a.Autonomous, Speed: a.Speed})
	}
}
