package testbed

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/testbed/luahost"
)

// SampleIDs are the sample world's ids scripts read as sample.NAME (the
// table in docs/scripting.md lists them). They name data in the embedded
// sample DATs only; on other DATs use world.find_setups and friends.
var SampleIDs = []struct {
	Name string
	ID   uint32
	What string
}{
	{"HUMAN", sampleworld.HumanSetup, "Setup: the 11-part humanoid (default motion table HUMAN_TABLE, script table HUMAN_SCRIPTS)"},
	{"DOOR", sampleworld.DoorSetup, "Setup: a one-part door (default motion table DOOR_TABLE: On opens, Off shuts)"},
	{"WINDMILL", sampleworld.WindmillSetup, "Setup: the windmill, a static animating object (default animation and script)"},
	{"HUMAN_TABLE", sampleworld.HumanMotionTable, "MotionTable: Ready, WalkForward, RunForward, TurnRight, SideStepRight, Dead"},
	{"DOOR_TABLE", sampleworld.DoorMotionTable, "MotionTable: On, Off"},
	{"HUMAN_SCRIPTS", sampleworld.HumanScriptTable, "PhysicsScriptTable: script types 1 sparkle, 2 hide, 3 unhide"},
	{"SPARKLE", sampleworld.ScriptSparkle, "PhysicsScript: two particle bursts"},
	{"HIDE", sampleworld.ScriptHide, "PhysicsScript: fade out, then NoDraw"},
	{"UNHIDE", sampleworld.ScriptUnhide, "PhysicsScript: NoDraw off, fade in"},
	{"SMOKE", sampleworld.ScriptWindmill, "PhysicsScript: the windmill's smoke (its default script)"},
	{"BLOCK", sampleworld.BlockSW &^ 0xFFFF, "the south-west landblock 0xA9B4 (Holtburg's id), for world.ground"},
	{"BLOCK_SE", sampleworld.BlockSE &^ 0xFFFF, "landblock 0xAAB4"},
	{"BLOCK_NW", sampleworld.BlockNW &^ 0xFFFF, "landblock 0xA9B5"},
	{"BLOCK_NE", sampleworld.BlockNE &^ 0xFFFF, "landblock 0xAAB5"},
}

// installSampleIDs sets the global table sample: every SampleIDs name;
// reading any other name is an error that suggests the closest.
func (s *Scenario) installSampleIDs() {
	L := s.host.State()
	t := L.NewTable()
	var known []string
	for _, c := range SampleIDs {
		t.RawSetString(c.Name, lua.LNumber(c.ID))
		known = append(known, c.Name)
	}
	meta := L.NewTable()
	meta.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		name := L.CheckString(2)
		L.RaiseError("sample.%s: no such sample id%s", name, luahost.Suggestion(name, known))
		return 0
	}))
	L.SetMetatable(t, meta)
	L.SetGlobal("sample", t)
}
