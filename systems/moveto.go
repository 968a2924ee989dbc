package systems

import (
	"fmt"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// Mover cylinder used for MoveTo distances until Setup heights/radii are
// consulted.
const (
	moverRadius = 0.5
	moverHeight = 1.8
)

// moveToManager returns the object's MoveToManager, creating it (and the
// MovementManager and interpreter) on first use.
func (w *World) moveToManager(o *components.View) *motion.MoveToManager {
	mm := w.Movement(o)
	mm.MakeInterp()
	if mm.MoveTo == nil {
		radius, height := float32(moverRadius), float32(moverHeight)
		if s := o.Parts; s != nil && s.Setup != nil && s.Setup.Radius > 0 {
			radius, height = s.Setup.Radius, s.Setup.Height
		}
		guid := o.Phys.GUID
		adapter := &motion.ObjectMoveTo{Obj: o.Motion, Radius: radius, Height: height,
			Targets: w.targetPosition, Clock: w.clockNow,
			OnDone: func(err motion.WeenieError) {
				w.traceMessage(guid, "MoveTo", "", fmt.Sprintf("done: 0x%02X", uint32(err)))
			}}
		mm.SetMoveTo(motion.NewMoveToManager(adapter))
	}
	return mm.MoveTo
}

func (w *World) clockNow() float64 { return w.Now }

func (w *World) targetPosition(guid uint32) (physics.Position, bool) {
	e, ok := w.byGUID[guid]
	if !ok {
		return physics.Position{}, false
	}
	if p := components.PhysicsObj.Get(w.ECS.Entry(e)); p.Position.Cell != 0 {
		return p.Position, true
	}
	return physics.Position{}, false
}

// moveTo hands MovementData types 6–9 to the MoveToManager
// (MovementManager::unpack_movement cases 6–9; the wire run rate becomes
// my_run_rate).
func (w *World) moveTo(o *components.View, md *protocol.MovementData) {
	m := w.moveToManager(o)
	mt := &md.MoveTo
	moveParams := func() motion.MoveToParams {
		return motion.NewMoveToParams(mt.MovementParams, mt.DistanceToObject, mt.MinDistance, mt.FailDistance,
			mt.Speed, mt.WalkRunThreshold, mt.DesiredHeading, md.RunRate)
	}
	switch md.Type {
	case protocol.MovementMoveToObject:
		r, h := float32(moverRadius), float32(moverHeight)
		if t := w.Object(md.Target); t != nil && t.Parts != nil && t.Parts.Setup != nil && t.Parts.Setup.Radius > 0 {
			r, h = t.Parts.Setup.Radius, t.Parts.Setup.Height
		}
		m.MoveToObject(md.Target, r, h, moveParams())
	case protocol.MovementMoveToPosition:
		m.MoveToPosition(physics.Position{Cell: md.Origin.Cell, Frame: physics.Frame{Origin: md.Origin.Pos, Orientation: physics.IdentityQuat}}, moveParams())
	case protocol.MovementTurnToObject:
		m.TurnToObject(md.Target, motion.NewTurnToParams(md.TurnTo.MovementParams, md.TurnTo.Speed, md.DesiredHeading))
	case protocol.MovementTurnToHeading:
		m.TurnToHeading(motion.NewTurnToParams(md.TurnTo.MovementParams, md.TurnTo.Speed, md.TurnTo.DesiredHeading))
	}
}
