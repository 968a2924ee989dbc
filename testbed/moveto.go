package testbed

import (
	"math"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physobj"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/systems"
)

// world.move_to(guid, target [, {distance=, min_distance=, fail_distance=,
// speed=, run_rate=, walk_run_threshold=}]) starts a MoveTo, as a server's
// UpdateMotion of movement type 6 (target a guid: MoveToObject, which
// follows the target as it moves) or 7 (target {cell=, origin=}:
// MoveToPosition) does: the MovementData goes through unpack_movement to
// the object's MoveToManager. The defaults are ACE's (flags 0x1EE0F,
// distance 0.6, walk/run threshold 15, run rate 1).
func (s *Scenario) luaMoveTo(L *lua.LState) int {
	o := s.obj(L, 1)
	md := protocol.MovementData{RunRate: 1, MoveTo: protocol.MoveToParameters{MovementParams: motion.MoveParamDefault,
		DistanceToObject: 0.6, FailDistance: math.MaxFloat32, Speed: 1, WalkRunThreshold: 15}}
	switch t := L.Get(2).(type) {
	case lua.LNumber:
		target := s.obj(L, 2)
		md.Type, md.Target = protocol.MovementMoveToObject, target.Phys.GUID
		md.Origin = protocol.Origin{Cell: target.Phys.Position.Cell, Pos: target.Phys.Position.Frame.Origin}
	case *lua.LTable:
		a := args{L, t, "world.move_to target"}
		if !a.has("cell") {
			L.RaiseError("world.move_to: a target position needs a cell")
		}
		md.Type = protocol.MovementMoveToPosition
		md.Origin = protocol.Origin{Cell: a.u32("cell", 0), Pos: a.vec("origin")}
	default:
		L.RaiseError("world.move_to: the target is a guid or {cell=, origin=}, got %s", L.Get(2).Type())
	}
	if L.GetTop() >= 3 {
		a := tableArg(L, 3, "world.move_to")
		a.only("distance", "min_distance", "fail_distance", "speed", "walk_run_threshold", "run_rate")
		mt := &md.MoveTo
		mt.DistanceToObject = float32(a.num("distance", float64(mt.DistanceToObject)))
		mt.MinDistance = float32(a.num("min_distance", 0))
		mt.FailDistance = float32(a.num("fail_distance", math.MaxFloat32))
		mt.Speed = float32(a.num("speed", 1))
		mt.WalkRunThreshold = float32(a.num("walk_run_threshold", float64(mt.WalkRunThreshold)))
		md.RunRate = float32(a.num("run_rate", 1))
	}
	physobj.UnpackMovement(s.World.ECS, o, &md, systems.MoveToHost(s.World))
	return 0
}
