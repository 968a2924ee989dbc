-- door.lua: a door that opens and shuts every 3 seconds, with an effect.
--
-- Run it:  dereth run examples/door.lua
--          dereth view --script examples/door.lua
--
-- What it shows: a door is an ordinary object with a motion table whose
-- On cycle is "open" and Off "shut"; world.move switches between them
-- through the interpreted path (the links between the two play the
-- swing). world.play_script plays a physics script (particles) on it.

local DOOR = world.find_setups{motion_table = true, cycles = {"On", "Off"}, max_parts = 4, limit = 1}[1]
assert(DOOR, "no door in these DATs")
-- Any physics script will do for the effect; on the sample world this is
-- sample.SPARKLE.
local EFFECT = world.dat_ids("PhysicsScript", 1)[1]

local place = world.find_place()
world.set_default_place(place) -- spawns without a cell stand here

-- Face the door west (heading 270: degrees clockwise from north).
local door = world.spawn{archetype = "door", setup = DOOR, heading = 270}

local open = false
local swings = 0
world.every(3, function()
  open = not open
  swings = swings + 1
  world.move(door, {forward = open and "On" or "Off"})
  if open and EFFECT then world.play_script(door, EFFECT) end
end)

if world.headless then
  expect.eq(world.motion_state(door).substate, "Off", "doors start shut")
  world.advance(4) -- the first swing at t=3
  expect.eq(world.motion_state(door).substate, "On", "open after the first swing")
  world.advance(3)
  expect.eq(world.motion_state(door).substate, "Off", "shut after the second")
  world.advance(6)
  expect.eq(swings, 4)
  expect.near(world.position(door).heading, 270, 1e-3, "heading is degrees clockwise from north")
end
