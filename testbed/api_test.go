package testbed

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dereth/dereth/sampleworld"
)

// runLua runs src as a script on the sample world and returns its error.
func runLua(t *testing.T, src string) error {
	t.Helper()
	p, err := sampleworld.Portal()
	if err != nil {
		t.Fatal(err)
	}
	c, err := sampleworld.Cell()
	if err != nil {
		t.Fatal(err)
	}
	s := New(t.TempDir(), Options{Portal: p, Cell: c, Timeout: slack * 10})
	defer s.Close()
	if err := s.host.RunSource("api.lua", []byte(src)); err != nil {
		return err
	}
	return s.Err
}

// TestTimerHandles: world.every and world.after return a handle whose
// cancel() stops the timer (also from inside its own callback) and says
// whether it was pending.
func TestTimerHandles(t *testing.T) {
	tests := []struct{ name, src string }{
		{"every cancelled after 3 calls", `
local n = 0
local h
h = world.every(1, function() n = n + 1; if n == 3 then expect.eq(h.cancel(), true) end end)
world.advance(10)
expect.eq(n, 3)
expect.eq(h.pending(), false)
expect.eq(h:cancel(), false, "cancelling twice")`},
		{"after cancelled before it fires", `
local fired = false
local h = world.after(2, function() fired = true end)
expect.eq(h.pending(), true)
world.advance(1)
expect.eq(h:cancel(), true)
world.advance(5)
expect.eq(fired, false)`},
		{"after that ran is no longer pending", `
local h = world.after(0.5, function() end)
world.advance(1)
expect.eq(h.pending(), false)
expect.eq(h.cancel(), false)`},
		{"cancelling one leaves the others", `
local a, b = 0, 0
local ha = world.every(1, function() a = a + 1 end)
world.every(1, function() b = b + 1 end)
world.advance(2)
ha.cancel()
world.advance(3)
expect.eq({a, b}, {2, 5})`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := runLua(t, tt.src); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestSpawnNeedsAPlace: world.spawn without a cell is an error naming the
// fix, unless world.set_default_place set one; then the object stands
// there (at the place's origin unless it gives its own: one in the
// place's cell, in the air clear of everything, which enter_world's
// placement leaves as it is).
func TestSpawnNeedsAPlace(t *testing.T) {
	err := runLua(t, `world.spawn{setup = sample.HUMAN}`)
	if err == nil || !strings.Contains(err.Error(), "api.lua:1: world.spawn: no cell given and no default place") ||
		!strings.Contains(err.Error(), "world.set_default_place") {
		t.Fatalf("error %v, want one naming world.set_default_place", err)
	}
	if err := runLua(t, `
local p = world.find_place()
world.set_default_place(p)
local a = world.spawn{setup = sample.HUMAN}
expect.eq(world.position(a).cell, p.cell)
expect.near(world.position(a).origin, p.origin, 1e-3)
local b = world.spawn{setup = sample.HUMAN, origin = {125, 150, 230}}
expect.eq(world.position(b).cell, p.cell)
expect.near(world.position(b).origin, {125, 150, 230}, 1e-3)`); err != nil {
		t.Fatal(err)
	}
}

// TestAbsentCommandsAreNil: a query's command fields are nil when there is
// no command, not the string "0x00000000".
func TestAbsentCommandsAreNil(t *testing.T) {
	if err := runLua(t, `
world.set_default_place(world.find_place())
local g = world.spawn{setup = sample.HUMAN}
world.step()
local m = world.motion_state(g)
expect.eq(m.forward, "Ready")
expect.eq(m.sidestep, nil, "no sidestep")
expect.eq(m.turn, nil, "no turn")
world.move(g, {forward = "Ready", sidestep = "SideStepRight"})
expect.eq(world.motion_state(g).sidestep, "SideStepRight")`); err != nil {
		t.Fatal(err)
	}
}

// TestDidYouMean: a misspelt name is an error suggesting the closest ones.
func TestDidYouMean(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"motion", `world.command("WalkFoward")`, `unknown motion command "WalkFoward"; did you mean "WalkForward"?`},
		{"archetype", `world.spawn{archetype = "creture", cell = 0x01010001}`, `unknown archetype "creture"; did you mean "creature"?`},
		{"state", `world.spawn{cell = 0x01010001, state = {"Gravty"}}`, `unknown state bit "Gravty"; did you mean "Gravity"?`},
		{"hook", `world.script{id = 0x33000009, hooks = {{time = 0, type = "Sond"}}}`, `unknown hook type "Sond"; did you mean "Sound"?`},
		{"manager", `world.spawn{cell = 0x01010001, managers = {"movment"}}`, `unknown manager "movment"; did you mean "movement"?`},
		{"reason", `local r = world.reason.stale_sequense`, `did you mean "stale_sequence"?`},
		{"sample id", `local d = sample.DOR`, `sample.DOR: no such sample id; did you mean "DOOR"?`},
		{"nothing close", `world.command("Xyzzy")`, `unknown motion command "Xyzzy"`},
		// A misspelled field is an error, not silently the default.
		{"spawn field", `world.spawn{cell = 0x01010001, orgin = {1, 2, 0}}`, `world.spawn: unknown field "orgin"; did you mean "origin"?`},
		{"move field", `local g = world.spawn{cell = 0x01010001}
world.move(g, {foward = "WalkForward"})`, `world.move: unknown field "foward"; did you mean "forward"?`},
		{"spawn motion field", `world.spawn{cell = 0x01010001, motion = {trun = "TurnRight"}}`, `world.spawn.motion: unknown field "trun"; did you mean "turn"?`},
		{"action field", `local g = world.spawn{cell = 0x01010001}
world.move(g, {actions = {{motoin = "Jump"}}})`, `world.move.actions: unknown field "motoin"; did you mean "motion"?`},
		{"move_to field", `local g = world.spawn{cell = 0x01010001}
world.move_to(g, {cell = 0x01010001, origin = {5, 5, 0}}, {distnace = 2})`, `world.move_to: unknown field "distnace"; did you mean "distance"?`},
		{"find_place field", `world.find_place{max_slop = 10}`, `world.find_place: unknown field "max_slop"; did you mean "max_slope"?`},
		{"find_place short block", `world.find_place{block = 0xA8B4}`, `world.find_place: block 0x0000A8B4 is not a landblock id: give 0xXXYY0000 (landblock 0xA8B4 is 0xA8B40000)`},
		{"look field", `world.spawn{cell = 0x01010001, look = {pallete = 0x04000001}}`, `world.spawn.look: unknown field "pallete"; did you mean "palette"?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := runLua(t, tt.src)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			if tt.name == "nothing close" && strings.Contains(err.Error(), "did you mean") {
				t.Fatalf("error %v suggests a far name", err)
			}
		})
	}
}

// TestSampleIDs: every sample.NAME holds its id, the spawn of sample.HUMAN
// works, and docs/scripting.md's table lists each with its value.
func TestSampleIDs(t *testing.T) {
	var src strings.Builder
	for _, c := range SampleIDs {
		fmt.Fprintf(&src, "expect.eq(sample.%s, 0x%08X)\n", c.Name, c.ID)
	}
	src.WriteString("world.spawn{setup = sample.HUMAN, cell = world.ground(sample.BLOCK, 30, 30).cell}\n")
	if err := runLua(t, src.String()); err != nil {
		t.Fatal(err)
	}
	doc := readDoc(t)
	for _, c := range SampleIDs {
		if row := fmt.Sprintf("| `sample.%s` | `0x%08X` |", c.Name, c.ID); !strings.Contains(doc, row) {
			t.Errorf("docs/scripting.md lacks the row %s", row)
		}
	}
}

// TestQueriesRefillInPlace: world.position and world.motion_state given
// an earlier call's table fill that same table and return it, equal field
// for field (nested tables too) to a fresh call's, with fields that no
// longer apply cleared: across a walk, a sidestep that starts and stops,
// and a turn.
func TestQueriesRefillInPlace(t *testing.T) {
	if err := runLua(t, `
local function same(a, b, path)
  if type(a) ~= "table" or type(b) ~= "table" then
    expect.eq(a, b, path)
    return
  end
  for k, v in pairs(a) do same(v, b[k], path .. "." .. tostring(k)) end
  for k, v in pairs(b) do same(a[k], v, path .. "." .. tostring(k)) end
end
world.set_default_place(world.find_place())
local g = world.spawn{setup = sample.HUMAN}
world.step()
local pos, ms = world.position(g), world.motion_state(g)
local moves = {
  {forward = "WalkForward"},
  {forward = "WalkForward", sidestep = "SideStepRight"},
  {forward = "Ready", turn = "TurnRight"},
  {forward = "Ready"},
}
for i, mv in ipairs(moves) do
  world.move(g, mv)
  for _ = 1, 5 do
    world.step()
    expect.eq(rawequal(world.position(g, pos), pos), true, "position refills its table")
    expect.eq(rawequal(world.motion_state(g, ms), ms), true, "motion_state refills its table")
    same(pos, world.position(g), "position#" .. i)
    same(ms, world.motion_state(g), "motion_state#" .. i)
  end
end
expect.eq(ms.sidestep, nil, "a stopped sidestep is cleared")
expect.eq(ms.turn, nil, "a stopped turn is cleared")`); err != nil {
		t.Fatal(err)
	}
}

// TestSpawnedInTheAir: a creature spawned above the ground with its
// archetype's Contact and OnWalkable does not fall while it stands still
// (no transition runs), leaves the ground when it first walks and lands;
// one spawned with transient = {} falls at once and lands
// (docs/scripting.md, "Standing or falling").
func TestSpawnedInTheAir(t *testing.T) {
	err := runLua(t, `
local p = world.find_place()
world.set_default_place{cell = p.cell, origin = p.origin}
local x, y = p.origin[1], p.origin[2]
local gz = world.ground(p.block, x, y).z
local still = world.spawn{setup = sample.HUMAN, origin = {x, y, gz + 3}}
local dropped = world.spawn{setup = sample.HUMAN, origin = {x + 6, y, world.ground(p.block, x + 6, y).z + 3}, transient = {}}
world.advance(1)
expect.near(world.position(still).origin[3], gz + 3, 1e-4, "standing still in the air")
local d = world.position(dropped)
expect.near(d.origin[3], world.ground(p.block, d.origin[1], d.origin[2]).z, 1e-3, "dropped and landed")
expect.subsequence(world.trace(dropped), {{kind = "collision", stage = "hit_ground"}}, "the dropped one landed")
world.move(still, {forward = "WalkForward"})
world.advance(3)
expect.subsequence(world.trace(still), {{kind = "collision", stage = "leave_ground"}, {kind = "collision", stage = "hit_ground"}}, "walked off the air and landed")
local q = world.position(still)
expect.near(q.origin[3], world.ground(p.block, q.origin[1], q.origin[2]).z, 1e-3, "on the ground after walking")
`)
	if err != nil {
		t.Fatal(err)
	}
}
