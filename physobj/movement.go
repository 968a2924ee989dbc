package physobj

import (
	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// Mover cylinder used for MoveTo distances when a Setup gives none.
const (
	DefaultMoverRadius = 0.5
	DefaultMoverHeight = 1.8
)

// MoveToHost is what a MoveTo needs from the world around its mover:
// where other objects are and how big, the physics clock, and where a
// finished move is reported (WeenieObject::OnMoveComplete).
type MoveToHost interface {
	managers.MoveToHost
	TargetCylinder(guid uint32) (radius, height float32)
}

// Cylinder is an object's radius and height from its Setup, the default
// mover cylinder without one.
func Cylinder(pa *motion.PartArray) (radius, height float32) {
	if pa != nil && pa.Setup != nil && pa.Setup.Radius > 0 {
		return pa.Setup.Radius, pa.Setup.Height
	}
	return DefaultMoverRadius, DefaultMoverHeight
}

// UnpackMovement is CPhysicsObj::unpack_movement → MovementManager::
// unpack_movement: the MovementManager (a component added on first use)
// and its interpreter are created when missing; type 0 goes to
// move_to_interpreted_state with the sticky object and the standing long
// jump, types 6–9 to the MoveToManager (the wire run rate becomes
// my_run_rate). It reports false for a movement type the client ignores.
func UnpackMovement(ecs donburi.World, v *components.View, md *protocol.MovementData, host MoveToHost) bool {
	mm := components.AddMovementManager(ecs, v)
	switch md.Type {
	case protocol.MovementInterpreted:
		st := InterpretedFromWire(&md.State)
		in := mm.MakeInterp()
		mm.MoveToInterpretedState(&st)
		if v.Position != nil {
			v.Position.Sticky = 0
			if md.MotionFlags&protocol.MotionStickToObject != 0 {
				v.Position.Sticky = md.StickyObject
			}
		}
		in.StandingLongJump = md.MotionFlags&protocol.MotionStandingLongJump != 0
		return true
	case protocol.MovementMoveToObject, protocol.MovementMoveToPosition, protocol.MovementTurnToObject, protocol.MovementTurnToHeading:
		moveTo(moveToManager(v, mm, host), md, host)
		return true
	}
	return false
}

// moveToManager returns the MovementManager's MoveToManager, creating it
// (and the interpreter) on first use.
func moveToManager(v *components.View, mm *managers.MovementManager, host MoveToHost) *managers.MoveToManager {
	mm.MakeInterp()
	if mm.MoveTo == nil {
		radius, height := Cylinder(v.Parts)
		mm.SetMoveTo(managers.NewMoveToManager(&managers.ObjectMoveTo{Obj: v.Motion, Radius: radius, Height: height, Host: host}))
	}
	return mm.MoveTo
}

// moveTo hands MovementData types 6–9 to the MoveToManager
// (MovementManager::unpack_movement cases 6–9).
func moveTo(m *managers.MoveToManager, md *protocol.MovementData, host MoveToHost) {
	mt := &md.MoveTo
	moveParams := func() motion.MoveToParams {
		return motion.NewMoveToParams(mt.MovementParams, mt.DistanceToObject, mt.MinDistance, mt.FailDistance,
			mt.Speed, mt.WalkRunThreshold, mt.DesiredHeading, md.RunRate)
	}
	switch md.Type {
	case protocol.MovementMoveToObject:
		r, h := host.TargetCylinder(md.Target)
		m.MoveToObject(md.Target, r, h, moveParams())
	case protocol.MovementMoveToPosition:
		m.MoveToPosition(physics.Position{Cell: md.Origin.Cell, Frame: physics.Frame{Origin: md.Origin.Pos, Orientation: physics.IdentityQuat}}, moveParams())
	case protocol.MovementTurnToObject:
		m.TurnToObject(md.Target, motion.NewTurnToParams(md.TurnTo.MovementParams, md.TurnTo.Speed, md.DesiredHeading))
	case protocol.MovementTurnToHeading:
		m.TurnToHeading(motion.NewTurnToParams(md.TurnTo.MovementParams, md.TurnTo.Speed, md.TurnTo.DesiredHeading))
	}
}

// InterpretedFromWire converts a wire InterpretedMotionState: absent
// fields take their defaults (NonCombat, Ready, speeds 1).
func InterpretedFromWire(s *protocol.InterpretedMotionState) motion.InterpretedState {
	st := motion.DefaultInterpretedState()
	f := s.Flags
	if f&protocol.IMSCurrentStyle != 0 {
		st.CurrentStyle = s.CurrentStyle
	}
	if f&protocol.IMSForwardCommand != 0 {
		st.ForwardCommand = s.ForwardCommand
	}
	if f&protocol.IMSForwardSpeed != 0 {
		st.ForwardSpeed = s.ForwardSpeed
	}
	if f&protocol.IMSSideStepCommand != 0 {
		st.SideStepCommand = s.SidestepCommand
	}
	if f&protocol.IMSSideStepSpeed != 0 {
		st.SideStepSpeed = s.SidestepSpeed
	}
	if f&protocol.IMSTurnCommand != 0 {
		st.TurnCommand = s.TurnCommand
	}
	if f&protocol.IMSTurnSpeed != 0 {
		st.TurnSpeed = s.TurnSpeed
	}
	for _, a := range s.Actions {
		st.Actions = append(st.Actions, motion.Action{Motion: a.Command, Speed: a.Speed, Stamp: a.Sequence, Autonomous: a.Autonomous})
	}
	return st
}
