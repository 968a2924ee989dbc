-- The local player walked headless through world.input: the same
-- controller the viewer's keyboard drives (keys → raw motion →
-- MoveToState), with the outbound log checked.
local HUMAN = sample.HUMAN -- the sample world's humanoid (docs/scripting.md lists the sample ids)
local BLOCK = sample.BLOCK
local g = world.ground(BLOCK, 96, 30)
local player = world.spawn{archetype = "player", guid = 0x50000000, setup = HUMAN,
  cell = g.cell, origin = {96, 30, g.z}, heading = 0}
world.set_player(player)
world.advance(0.5)
expect.eq(world.outbound(), {}, "standing still sends nothing")

world.input{forward = true}
local out = world.outbound()
expect.eq(#out, 1, "one key change, one message")
expect.eq(out[1].name, "MoveToState")
expect.eq(out[1].bytes:sub(1, 8), "b1f70000", "GameAction opcode 0xF7B1, little-endian")
expect.eq(world.motion_state(player).forward, "WalkForward", "the raw command reached the interpreter")

local start = world.position(player).origin
world.advance(2)
local now = world.position(player).origin
expect.truthy(now[2] > start[2] + 4, "two seconds of walking north moved the player")
local auto = 0
for _, m in ipairs(world.outbound()) do
  if m.name == "AutonomousPosition" then auto = auto + 1 end
end
expect.truthy(auto >= 1, "AutonomousPosition goes out while walking")

world.input{forward = true, run = true}
expect.eq(world.motion_state(player).forward, "RunForward", "holding run runs")
world.input{}
expect.eq(world.motion_state(player).forward, "Ready", "releasing every key stops")
expect.error(function() world.input{fly = true} end, "unknown key")
