package plugin

import (
	"fmt"
	"unicode/utf8"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/protocol/schema"
)

// actionCost is what an action call is charged, in instructions, on
// top of the call itself: refused or not, it is work done in Go.
const actionCost = 20

// maxText bounds a say/tell/emote text (bytes); longer is an error.
const maxText = 1000

// itemTypeCreature is ItemType.Creature: select() asks a creature's
// health, as the retail client does when one is selected.
const itemTypeCreature = 0x10

// The GameActions the plugin actions send (protocol.xml's names and
// types; their layouts come from the catalogue).
const (
	actionTalk             = 0x0015 // Communication_Talk: message
	actionTalkDirectByName = 0x005D // Communication_TalkDirectByName: message, target_name
	actionUse              = 0x0036 // Inventory_UseEvent: object_id
	actionQueryHealth      = 0x01BF // Combat_QueryHealth: object_id
	actionEmote            = 0x01DF // Communication_Emote: message
)

// EncodeAction encodes a GameAction of the catalogue (0xF7B1, sequence
// 0: the session numbers it) with the given field values.
func EncodeAction(typ uint32, values protocol.Object) (*protocol.Generic, []byte, error) {
	d, ok := protocol.Describe(schema.Action, typ)
	if !ok || d.Group != schema.Action {
		return nil, nil, fmt.Errorf("no GameAction 0x%04X in the catalogue", typ)
	}
	g := &protocol.Generic{Desc: d, Values: values}
	return g, g.Encode(nil), nil
}

// allow takes a token of the plugin's rate limit (RateLimit a second of
// session time, RateBurst at once); a refused action is counted and
// reported once per run of refusals.
func (p *Plugin) allow(typ uint32) bool {
	now := p.m.now
	if now > p.tokensAt {
		// float64(x*y) rounds the product before the sum: never fused (physics.Vec3).
		p.tokens = min(RateBurst, p.tokens+float64((now-p.tokensAt)*RateLimit))
		p.tokensAt = now
	}
	if p.tokens >= 1 {
		p.tokens--
		p.throttling = false
		return true
	}
	p.Throttled++
	if !p.throttling {
		p.throttling = true
		name := "MoveTo"
		if d, ok := protocol.Describe(schema.Action, typ); ok {
			name = d.Name
		}
		p.m.out(Output{Event: "plugin_throttled", Plugin: p.Name, T: now,
			Text: fmt.Sprintf("%s refused: more than %d actions a second", name, RateLimit), Action: &Action{Name: name}})
	}
	return false
}

// act sends (or in a replay, logs) one GameAction and returns its
// result to Lua: true, or false and why.
func (p *Plugin) act(L *lua.LState, typ uint32, values protocol.Object) int {
	p.host.Check(L, actionCost)
	if !p.allow(typ) {
		L.Push(lua.LFalse)
		L.Push(lua.LString("rate limited"))
		return 2
	}
	g, b, err := EncodeAction(typ, values)
	if err != nil {
		L.RaiseError("%v", err)
	}
	a := &Action{Name: g.Desc.Name, Fields: g.Values, Bytes: b}
	if p.m.opts.Send != nil {
		p.m.opts.Send(b)
		a.Sent = true
	}
	p.Actions++
	p.m.out(Output{Event: "plugin_action", Plugin: p.Name, T: p.m.now, Action: a})
	L.Push(lua.LTrue)
	return 1
}

// text checks a say/tell/emote text argument.
func text(L *lua.LState, n int, what string) string {
	s := L.CheckString(n)
	switch {
	case s == "":
		L.ArgError(n, what+": empty text")
	case len(s) > maxText:
		L.ArgError(n, fmt.Sprintf("%s: a text of %d bytes is longer than %d", what, len(s), maxText))
	case !utf8.ValidString(s):
		L.ArgError(n, what+": the text is not UTF-8")
	}
	return s
}

// guidArg reads an object guid argument.
func guidArg(L *lua.LState, n int) uint32 {
	v := L.CheckNumber(n)
	if v < 1 || v > 0xFFFFFFFF || float64(v) != float64(uint32(v)) {
		L.ArgError(n, fmt.Sprintf("%v is not an object guid", v))
	}
	return uint32(v)
}

// luaSay is say(text): Communication_Talk.
func (p *Plugin) luaSay(L *lua.LState) int {
	return p.act(L, actionTalk, protocol.Object{{Key: "message", Value: text(L, 1, "say")}})
}

// luaTell is tell(name, text): Communication_TalkDirectByName.
func (p *Plugin) luaTell(L *lua.LState) int {
	name := text(L, 1, "tell")
	msg := text(L, 2, "tell")
	return p.act(L, actionTalkDirectByName, protocol.Object{{Key: "message", Value: msg}, {Key: "target_name", Value: name}})
}

// luaEmote is emote(text): Communication_Emote.
func (p *Plugin) luaEmote(L *lua.LState) int {
	return p.act(L, actionEmote, protocol.Object{{Key: "message", Value: text(L, 1, "emote")}})
}

// luaUse is use(guid): Inventory_UseEvent.
func (p *Plugin) luaUse(L *lua.LState) int {
	return p.act(L, actionUse, protocol.Object{{Key: "object_id", Value: protocol.Hex(guidArg(L, 1))}})
}

// luaSelect is select(guid): the object becomes the selection, and for a
// creature the client asks its health (Combat_QueryHealth), as retail
// does when a creature is selected; selecting anything else sends
// nothing.
func (p *Plugin) luaSelect(L *lua.LState) int {
	guid := guidArg(L, 1)
	p.m.selected = guid
	if info := p.m.objs[guid]; info != nil && info.itemType&itemTypeCreature != 0 {
		return p.act(L, actionQueryHealth, protocol.Object{{Key: "object_id", Value: protocol.Hex(guid)}})
	}
	L.Push(lua.LTrue)
	return 1
}

// luaMoveTo is move_to(guid): the local player moves to the object
// through its controller (the movement goes to the server as the
// player's MoveToState and AutonomousPosition).
func (p *Plugin) luaMoveTo(L *lua.LState) int {
	guid := guidArg(L, 1)
	p.host.Check(L, actionCost)
	if !p.allow(0) {
		L.Push(lua.LFalse)
		L.Push(lua.LString("rate limited"))
		return 2
	}
	a := &Action{Name: "MoveTo", Fields: protocol.Object{{Key: "object_id", Value: protocol.Hex(guid)}}}
	if p.m.opts.MoveTo != nil {
		if err := p.m.opts.MoveTo(guid); err != nil {
			L.Push(lua.LFalse)
			L.Push(lua.LString(err.Error()))
			return 2
		}
		a.Sent = true
	}
	p.Actions++
	p.m.out(Output{Event: "plugin_action", Plugin: p.Name, T: p.m.now, Action: a})
	L.Push(lua.LTrue)
	return 1
}
