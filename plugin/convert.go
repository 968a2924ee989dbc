package plugin

import (
	"encoding/hex"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/protocol"
)

// converter turns a message's fields into read-only Lua values, once per
// message for every plugin: each table is wrapped in a userdata whose own
// metatable has the table as __index (gopher-lua reads an __index table
// without allocating, where an __index function would box the key),
// refuses writes and gives # its length. The plugins' pairs, ipairs and
// next see through the wrapper. The tables hold only strings, numbers,
// booleans and other wrappers, so one message's values can be handed to
// several Lua states: none of them can change what the others see.
type converter struct {
	ls       *lua.LState
	newIndex *lua.LFunction
	length   *lua.LFunction
}

// roData is a wrapper's Value: the table behind it.
type roData struct{ t *lua.LTable }

func newConverter() *converter {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	return &converter{ls: L, newIndex: L.NewFunction(roNewIndex), length: L.NewFunction(roLen)}
}

func roNewIndex(L *lua.LState) int {
	L.RaiseError("message tables are read-only (copy the values you want to keep)")
	return 0
}

func roLen(L *lua.LState) int {
	ud := L.CheckUserData(1)
	L.Push(lua.LNumber(ud.Value.(*roData).t.Len()))
	return 1
}

// unwrap returns the table behind a read-only wrapper.
func (c *converter) unwrap(v lua.LValue) (*lua.LTable, bool) {
	ud, ok := v.(*lua.LUserData)
	if !ok {
		return nil, false
	}
	d, ok := ud.Value.(*roData)
	if !ok {
		return nil, false
	}
	return d.t, true
}

// installIteration replaces L's pairs, ipairs and next by versions that
// iterate a wrapper's table as well as plain tables.
func (c *converter) installIteration(L *lua.LState) {
	next := L.NewFunction(func(L *lua.LState) int {
		t, ok := c.unwrap(L.Get(1))
		if !ok {
			t = L.CheckTable(1)
		}
		k, v := t.Next(L.Get(2))
		if k == lua.LNil {
			L.Push(lua.LNil)
			return 1
		}
		L.Push(k)
		L.Push(v)
		return 2
	})
	inext := L.NewFunction(func(L *lua.LState) int {
		t, ok := c.unwrap(L.Get(1))
		if !ok {
			t = L.CheckTable(1)
		}
		i := L.CheckInt(2) + 1
		v := t.RawGetInt(i)
		if v == lua.LNil {
			return 0
		}
		L.Push(lua.LNumber(i))
		L.Push(v)
		return 2
	})
	iter := func(f *lua.LFunction, start lua.LValue) lua.LGFunction {
		return func(L *lua.LState) int {
			v := L.Get(1)
			if _, ok := c.unwrap(v); !ok {
				L.CheckTable(1)
			}
			L.Push(f)
			L.Push(v)
			L.Push(start)
			return 3
		}
	}
	L.SetGlobal("next", next)
	L.SetGlobal("pairs", L.NewFunction(iter(next, lua.LNil)))
	L.SetGlobal("ipairs", L.NewFunction(iter(inext, lua.LNumber(0))))
}

// wrap returns t behind a read-only wrapper.
func (c *converter) wrap(t *lua.LTable) *lua.LUserData {
	mt := c.ls.CreateTable(0, 4)
	mt.RawSetString("__index", t)
	mt.RawSetString("__newindex", c.newIndex)
	mt.RawSetString("__len", c.length)
	mt.RawSetString("__metatable", lua.LString("read-only"))
	ud := c.ls.NewUserData()
	ud.Value = &roData{t}
	ud.Metatable = mt
	return ud
}

// message converts a message's fields and its info table.
func (c *converter) message(m protocol.Message, name, dir string, t float64) (lua.LValue, lua.LValue) {
	fields, info := c.fields(m.Fields(), name, dir, t)
	it := info.(*lua.LUserData).Value.(*roData).t
	it.RawSetString("opcode", lua.LNumber(m.Opcode()))
	switch v := m.(type) {
	case *protocol.GameEvent:
		it.RawSetString("type", lua.LNumber(v.EventType))
	case *protocol.GameAction:
		it.RawSetString("type", lua.LNumber(v.Type))
	case *protocol.Generic:
		if m.Opcode() == protocol.OpGameEvent || m.Opcode() == protocol.OpGameAction {
			it.RawSetString("type", lua.LNumber(v.Desc.Op))
		}
	}
	return fields, info
}

// fields converts an Object and makes the info table {name=, dir=, t=}.
func (c *converter) fields(o protocol.Object, name, dir string, t float64) (lua.LValue, lua.LValue) {
	info := c.ls.CreateTable(0, 5)
	info.RawSetString("name", lua.LString(name))
	if dir != "" {
		info.RawSetString("dir", lua.LString(dir))
	}
	info.RawSetString("t", lua.LNumber(t))
	return c.object(o), c.wrap(info)
}

// object converts an Object to a wrapped table keyed by field name.
func (c *converter) object(o protocol.Object) lua.LValue {
	t := c.ls.CreateTable(0, len(o))
	for _, f := range o {
		t.RawSetString(f.Key, c.value(f.Value))
	}
	return c.wrap(t)
}

// value converts one field value as replay --json writes it: ids and
// integers as numbers, blobs as hex strings, objects and lists as
// wrapped tables.
func (c *converter) value(v any) lua.LValue {
	switch v := v.(type) {
	case nil:
		return lua.LNil
	case protocol.Hex:
		return lua.LNumber(v)
	case protocol.Command:
		return lua.LNumber(v)
	case uint8:
		return lua.LNumber(v)
	case uint16:
		return lua.LNumber(v)
	case uint32:
		return lua.LNumber(v)
	case uint64:
		return lua.LNumber(v)
	case int:
		return lua.LNumber(v)
	case int8:
		return lua.LNumber(v)
	case int16:
		return lua.LNumber(v)
	case int32:
		return lua.LNumber(v)
	case int64:
		return lua.LNumber(v)
	case float32:
		return lua.LNumber(v)
	case float64:
		return lua.LNumber(v)
	case bool:
		return lua.LBool(v)
	case string:
		return lua.LString(v)
	case []byte:
		return lua.LString(hex.EncodeToString(v))
	case protocol.Object:
		return c.object(v)
	case []protocol.Object:
		t := c.ls.CreateTable(len(v), 0)
		for _, o := range v {
			t.Append(c.object(o))
		}
		return c.wrap(t)
	case []float32:
		t := c.ls.CreateTable(len(v), 0)
		for _, f := range v {
			t.Append(lua.LNumber(f))
		}
		return c.wrap(t)
	case []uint16:
		t := c.ls.CreateTable(len(v), 0)
		for _, f := range v {
			t.Append(lua.LNumber(f))
		}
		return c.wrap(t)
	}
	return lua.LNil
}
