-- chase.lua: one humanoid chases another with a MoveTo.
--
-- Run it:  dereth run examples/chase.lua
--          dereth view --script examples/chase.lua
--
-- What it shows: world.move_to is the server's MoveToObject (movement type
-- 6 of UpdateMotion): the chaser's MoveToManager turns it toward the
-- target, walks or runs (it runs while farther than the walk/run
-- threshold), follows the target as it moves and stops within the
-- distance asked for. Given {cell=, origin=} instead of a guid it is
-- MoveToPosition (type 7).

local HUMAN = world.find_setups{motion_table = true, cycles = {"Ready", "WalkForward", "RunForward"}, limit = 1}[1]
assert(HUMAN, "no humanoid in these DATs")
local place = world.find_place()

local function spot(x, y)
  local g = world.ground(place.block, x, y)
  return g.cell, {x, y, g.z}
end

-- The runner walks north; the chaser starts 25 m behind, facing east.
local cell, origin = spot(40, 40)
local runner = world.spawn{setup = HUMAN, cell = cell, origin = origin, heading = 0}
cell, origin = spot(25, 20)
local chaser = world.spawn{setup = HUMAN, cell = cell, origin = origin, heading = 90}

world.move(runner, {forward = "WalkForward", forward_speed = 0.5})
world.move_to(chaser, runner, {distance = 1.5, walk_run_threshold = 5})

local function gap()
  local a, b = world.position(runner).origin, world.position(chaser).origin
  return math.sqrt((a[1] - b[1]) ^ 2 + (a[2] - b[2]) ^ 2)
end

-- When the chaser catches up, the runner stops and the chase ends.
world.every(0.5, function()
  if gap() < 3 then world.move(runner, {forward = "Ready"}) end
end)

if world.headless then
  local start = gap()
  world.advance(1)
  expect.eq(world.motion_state(chaser).forward, "RunForward", "far away, it runs")
  world.advance(20)
  expect.truthy(gap() < 3, string.format("caught up: %.1f m apart (started %.1f m)", gap(), start))
  print(string.format("the chaser closed %.1f m to %.1f m", start, gap()))
end
