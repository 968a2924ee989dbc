package testbed

import (
	"encoding/hex"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/control"
)

// inputKeys maps world.input's field names to the controller's keys.
var inputKeys = map[string]func(k *control.Keys) *bool{
	"forward":    func(k *control.Keys) *bool { return &k.Forward },
	"backward":   func(k *control.Keys) *bool { return &k.Backward },
	"turn_left":  func(k *control.Keys) *bool { return &k.TurnLeft },
	"turn_right": func(k *control.Keys) *bool { return &k.TurnRight },
	"step_left":  func(k *control.Keys) *bool { return &k.StepLeft },
	"step_right": func(k *control.Keys) *bool { return &k.StepRight },
	"run":        func(k *control.Keys) *bool { return &k.Run },
	"jump":       func(k *control.Keys) *bool { return &k.Jump },
}

// world.input{forward=, backward=, turn_left=, turn_right=, step_left=,
// step_right=, run=, jump=} holds the local player's movement keys, as the
// viewer's keyboard does: the change is applied at once (raw motion,
// MoveToState logged) and the keys stay held, driving the controller at
// the start of every frame until the next world.input. Absent keys are
// released.
func (s *Scenario) luaInput(L *lua.LState) int {
	if _, ok := s.World.Entity(s.World.PlayerGUID); !ok {
		L.RaiseError("world.input: no local player (call world.set_player first)")
	}
	t := L.CheckTable(1)
	var k control.Keys
	t.ForEach(func(key, v lua.LValue) {
		name, _ := key.(lua.LString)
		field, ok := inputKeys[string(name)]
		if !ok {
			L.RaiseError("world.input: unknown key %v (known: backward, forward, jump, run, step_left, step_right, turn_left, turn_right)", key)
		}
		*field(&k) = lua.LVAsBool(v)
	})
	s.keys, s.inputOn = k, true
	s.Input.Update(s.World, k)
	return 0
}

// world.jump([extent]) jumps the local player now with extent 0..1
// (default 1), as a Space press and release does without the charge time:
// CMotionInterp::charge_jump and jump, LeaveGround, and the Jump game
// action (0xF61B) with its JumpPack in the outbound log. It returns the
// WeenieError code: 0 when the player jumped; a refused jump (e.g. 0x24 in
// the air) is logged without bytes and not sent.
func (s *Scenario) luaJump(L *lua.LState) int {
	if _, ok := s.World.Entity(s.World.PlayerGUID); !ok {
		L.RaiseError("world.jump: no local player (call world.set_player first)")
	}
	extent := float64(L.OptNumber(1, 1))
	if extent < 0 || extent > 1 {
		L.RaiseError("world.jump: extent %v is not in 0..1", extent)
	}
	L.Push(lua.LNumber(s.Input.Jump(s.World, float32(extent))))
	return 1
}

// world.outbound() returns the outbound messages the local player's
// controller logged, oldest first (at most control.LogSize): each
// {time=, name=, opcode=, action=, bytes=hex, detail=}.
func (s *Scenario) luaOutbound(L *lua.LState) int {
	var out []any
	for _, m := range s.Input.Log.Recent() {
		out = append(out, map[string]any{"time": m.Time, "name": m.Name, "opcode": m.Opcode, "action": m.Action,
			"bytes": hex.EncodeToString(m.Bytes), "detail": m.Detail})
	}
	if out == nil {
		out = []any{}
	}
	return s.push(L, out)
}
