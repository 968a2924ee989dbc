-- wire.lua: a server's messages, replayed through the inbound path.
--
-- Run it:  dereth run examples/wire.lua
--          dereth view --script examples/wire.lua
--
-- What it shows: world.send feeds a message to the world exactly as bytes
-- from a server would arrive: a table is encoded to bytes first, then
-- decoded, passed through the sequence gates and applied. A message that
-- arrives out of order is dropped, and the trace says why.

local HUMAN = world.find_setups{motion_table = true, cycles = {"Ready", "WalkForward"}, limit = 1}[1]
assert(HUMAN, "no humanoid in these DATs")
local place = world.find_place()
local guid = 0x50000042

-- CreateObject: the server introduces an object. instance numbers a
-- guid's lives; the motion table comes from the Setup when not given.
world.send{type = "CreateObject", guid = guid, instance = 1, name = "Town Crier",
  setup = HUMAN, cell = place.cell, origin = place.origin, heading = 90}

-- UpdateMotion: movement_sequence orders motion updates; a lower one than
-- the last applied is stale and dropped.
world.send{type = "UpdateMotion", guid = guid, instance = 1, movement_sequence = 2, forward = "WalkForward"}
world.send{type = "UpdateMotion", guid = guid, instance = 1, movement_sequence = 1, forward = "Ready"} -- late: dropped

-- The viewer shows it walking; headless we check what happened.
if world.headless then
  expect.eq(world.motion_state(guid).forward, "WalkForward", "the late Ready was dropped")
  local drops = {}
  for _, e in ipairs(world.trace(guid)) do
    if e.kind == "message" and e.reason then drops[#drops + 1] = e.reason end
  end
  expect.eq(drops, {world.reason.stale_movement_sequence})
  world.advance(2)
end

-- UpdatePosition: a far jump (a teleport) snaps the object into place.
local dest = world.ground(place.block, 60, 60)
world.send{type = "UpdatePosition", guid = guid, instance = 1, position_sequence = 1, teleport_sequence = 1,
  cell = dest.cell, origin = {60, 60, dest.z}, heading = 0}

-- SetState: hide it, then show it again (state_sequence orders these).
world.send{type = "SetState", guid = guid, instance = 1, state_sequence = 1, state = {"Gravity", "Hidden"}}
if world.headless then
  expect.near(world.position(guid).origin, {60, 60, dest.z}, 0.5, "teleported")
  local st = world.state(guid).state
  local hidden = false
  for _, s in ipairs(st) do hidden = hidden or s == "Hidden" end
  expect.truthy(hidden, "hidden by SetState")
end
world.send{type = "SetState", guid = guid, instance = 1, state_sequence = 2, state = {"Gravity"}}

-- DeleteObject: the server removes it. Raw bytes work too: this is the
-- same message as world.send{type = "DeleteObject", guid = ..., instance = 1}.
world.after(5, function()
  world.send("47F70000 42000050 0100 0000") -- opcode 0xF747, guid, instance, pad
end)
if world.headless then
  world.advance(6)
  expect.error(function() world.position(guid) end, "no object", "deleted")
end
