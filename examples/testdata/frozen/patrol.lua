-- patrol.lua: a guard walks the four sides of a square on timers.
--
-- Run it:  dereth run examples/patrol.lua          (headless, prints a summary)
--          dereth view --script examples/patrol.lua (in the window)
--
-- What it shows: world.every drives behaviour on physics time, and the
-- handle it returns stops the patrol (h.cancel()). Motions go through
-- world.move, the interpreted path a server's UpdateMotion takes.

-- Find a humanoid and a place on land in whatever DATs are open (the
-- sample world by default), and make that place the default for spawns.
local HUMAN = world.find_setups{motion_table = true, cycles = {"Ready", "WalkForward"}, limit = 1}[1]
assert(HUMAN, "no humanoid in these DATs")
local place = world.find_place()
world.set_default_place(place)

local function ground(x, y)
  local g = world.ground(place.block, x, y)
  return {cell = g.cell, origin = {x, y, g.z}}
end

-- The guard starts at the south-west corner facing north (heading 0).
local start = ground(20, 40)
local guard = world.spawn{archetype = "creature", setup = HUMAN, cell = start.cell, origin = start.origin, heading = 0}

-- Each leg: walk for 4 s, then turn right for 1 s (a quarter turn at the
-- sample's turn speed of 90°/s), then walk the next side.
local legs, walking = 0, false
local patrol
patrol = world.every(1, function()
  -- A 1 s beat: 4 beats walking, 1 beat turning.
  legs = legs + 1
  local beat = (legs - 1) % 5
  if beat == 0 then
    world.move(guard, {forward = "WalkForward"})
    walking = true
  elseif beat == 4 then
    world.move(guard, {forward = "Ready", turn = "TurnRight"})
    walking = false
  end
  if legs == 20 then -- four sides done: stand still and stop the timer
    world.move(guard, {forward = "Ready"})
    patrol.cancel()
  end
end)

if world.headless then
  world.advance(4.5)
  expect.eq(world.motion_state(guard).forward, "WalkForward", "the first leg walks")
  expect.truthy(world.position(guard).origin[2] > start.origin[2] + 4, "north, along the first side")
  world.advance(28)
  expect.eq(patrol.pending(), false, "the patrol stopped itself")
  expect.eq(world.motion_state(guard).forward, "Ready", "and stands")
  local p = world.position(guard).origin
  expect.near(p, start.origin, 3, "a square ends where it began")
  print(string.format("the guard ended at (%.1f, %.1f), started at (%.1f, %.1f)", p[1], p[2], start.origin[1], start.origin[2]))
end
