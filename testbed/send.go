package testbed

import (
	"encoding/hex"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// world.send(msg) feeds a server message through the inbound path. msg is
// either a hex string of the raw bytes, or a table naming the message
// (type="CreateObject" | "UpdateMotion" | "UpdatePosition" |
// "PositionAndMovement" | "SetState" |
// "VectorUpdate" | "PlayEffect" | "DeleteObject" | "ObjDescEvent") with its
// fields; a table is encoded to bytes first, so both take the same
// decode → apply path a server's bytes take.
func (s *Scenario) luaSend(L *lua.LState) int {
	var b []byte
	switch v := L.Get(1).(type) {
	case lua.LString:
		raw, err := hex.DecodeString(strings.Join(strings.Fields(string(v)), ""))
		if err != nil {
			L.RaiseError("world.send: bytes must be hex: %v", err)
		}
		b = raw
	case *lua.LTable:
		b = s.messageFrom(args{L, v, "world.send"}).Encode(nil)
	default:
		L.RaiseError("world.send: want a hex string or a message table, got %s", v.Type())
	}
	if err := s.World.SmartBox.ApplyBytes(b); err != nil {
		L.RaiseError("world.send: %v", err)
	}
	return 0
}

func (a args) position() protocol.Position {
	return protocol.Position{Cell: a.u32("cell", 0), Frame: physics.Frame{Origin: a.vec("origin"),
		Orientation: headingFrame(a.num("heading", 0))}}
}

func (a args) seq(k string) uint16 { return uint16(a.num(k, 0)) }

// movement reads {style=, forward=, forward_speed=, sidestep=, ..., actions=}
// into a type-0 MovementData.
func (a args) movement() protocol.MovementData {
	md := protocol.MovementData{Type: protocol.MovementInterpreted}
	st := &md.State
	set := func(bit uint32, k string) bool {
		if a.has(k) {
			st.Flags |= bit
			return true
		}
		return false
	}
	if set(protocol.IMSCurrentStyle, "style") {
		st.CurrentStyle = a.command("style")
	}
	if set(protocol.IMSForwardCommand, "forward") {
		st.ForwardCommand = a.command("forward")
	}
	if set(protocol.IMSForwardSpeed, "forward_speed") {
		st.ForwardSpeed = float32(a.speed("forward_speed"))
	}
	if set(protocol.IMSSideStepCommand, "sidestep") {
		st.SidestepCommand = a.command("sidestep")
	}
	if set(protocol.IMSSideStepSpeed, "sidestep_speed") {
		st.SidestepSpeed = float32(a.speed("sidestep_speed"))
	}
	if set(protocol.IMSTurnCommand, "turn") {
		st.TurnCommand = a.command("turn")
	}
	if set(protocol.IMSTurnSpeed, "turn_speed") {
		st.TurnSpeed = float32(a.speed("turn_speed"))
	}
	a.list("actions", func(_ int, e args) {
		st.Actions = append(st.Actions, protocol.MotionItem{Command: e.command("motion"), Sequence: e.seq("stamp"),
			Autonomous: e.boolean("autonomous", false), Speed: float32(e.speed("speed"))})
	})
	return md
}

// updatePosition reads an UpdatePosition's fields (also 0xF619's
// position part).
func (a args) updatePosition(guid uint32, inst uint16) *protocol.UpdatePosition {
	m := &protocol.UpdatePosition{Guid: guid, InstanceSequence: inst, Position: a.position(), Velocity: a.vec("velocity"),
		PositionSequence: a.seq("position_sequence"), TeleportSequence: a.seq("teleport_sequence"),
		ForcePositionSequence: a.seq("force_position_sequence")}
	if !m.Velocity.IsZero() {
		m.Flags |= protocol.PositionHasVelocity
	}
	return m
}

func (s *Scenario) messageFrom(a args) protocol.Message {
	L := a.L
	guid, inst := a.u32("guid", 0), a.seq("instance")
	switch t := a.str("type", ""); t {
	case "CreateObject":
		m := &protocol.CreateObject{Guid: guid}
		m.Weenie.Name = a.str("name", "")
		if a.boolean("creature", true) {
			m.Weenie.ItemType = 0x10
		}
		pd := &m.Physics
		pd.State = uint32(a.state("state"))
		pd.Timestamps[protocol.SeqInstance] = inst
		if id := a.u32("setup", 0); id != 0 {
			pd.Flags |= protocol.PhysicsCSetup
			pd.Setup = id
		}
		if id := a.u32("motion_table", 0); id != 0 {
			pd.Flags |= protocol.PhysicsMTable
			pd.MotionTable = id
		}
		if id := a.u32("script_table", 0); id != 0 {
			pd.Flags |= protocol.PhysicsPeTable
			pd.PhysicsScriptTable = id
		}
		if a.has("cell") {
			pd.Flags |= protocol.PhysicsPosition
			pd.Position = a.position()
		}
		if mv, ok := a.sub("movement"); ok {
			pd.Flags |= protocol.PhysicsMovement
			md := mv.movement()
			pd.Movement = &md
		}
		return m
	case "UpdateMotion":
		m := &protocol.UpdateMotion{Guid: guid, InstanceSequence: inst, MovementSequence: a.seq("movement_sequence"),
			ServerControlSequence: a.seq("server_control_sequence"), Autonomous: a.boolean("autonomous", false)}
		m.Movement = a.movement()
		return m
	case "UpdatePosition":
		return a.updatePosition(guid, inst)
	case "PositionAndMovement":
		m := &protocol.PositionAndMovement{Position: *a.updatePosition(guid, inst), MovementSequence: a.seq("movement_sequence"),
			ServerControlSequence: a.seq("server_control_sequence"), Autonomous: a.boolean("autonomous", false)}
		m.Movement = a.movement()
		return m
	case "SetState":
		return &protocol.SetState{Guid: guid, InstanceSequence: inst, StateSequence: a.seq("state_sequence"), State: uint32(a.state("state"))}
	case "VectorUpdate":
		return &protocol.VectorUpdate{Guid: guid, InstanceSequence: inst, VectorSequence: a.seq("vector_sequence"),
			Velocity: a.vec("velocity"), Omega: a.vec("omega")}
	case "PlayEffect":
		return &protocol.PlayEffect{Guid: guid, Script: a.u32("script", 0), Speed: float32(a.speed("speed"))}
	case "DeleteObject":
		return &protocol.DeleteObject{Guid: guid, InstanceSequence: inst}
	case "ObjDescEvent":
		m := &protocol.ObjDescEvent{Guid: guid, InstanceSequence: inst, VisualDescSequence: a.seq("visual_desc_sequence")}
		a.list("parts", func(_ int, e args) {
			m.Model.AnimPartChanges = append(m.Model.AnimPartChanges, protocol.AnimPartChange{Part: uint8(e.num("part", 0)), GfxObj: e.u32("gfx", 0)})
		})
		return m
	default:
		L.RaiseError("world.send: unknown message type %q", t)
		return nil
	}
}
