-- crowd.lua: forty humanoids in a grid, each doing something different.
--
-- Run it:  dereth run examples/crowd.lua
--          dereth view --script examples/crowd.lua
--
-- What it shows: spawning many objects in a loop (guids are allocated
-- when a spawn gives none), giving each its own motion with world.move,
-- and one timer that reshuffles them all. On the sample world each wears
-- one of the humanoid's outfits (world.sample_outfits: ObjDesc subpalettes
-- over its clothing, skin and hair).

local HUMAN = world.find_setups{motion_table = true, cycles = {"Ready", "WalkForward", "RunForward"}, limit = 1}[1]
assert(HUMAN, "no humanoid in these DATs")
local place = world.find_place()
local outfits = world.sample_outfits() -- empty on other DATs

-- What a member of the crowd may do; sidesteps and turns are modifiers
-- layered on the forward motion.
local moves = {
  {forward = "Ready"},
  {forward = "WalkForward"},
  {forward = "Ready", turn = "TurnRight"},
  {forward = "WalkForward", forward_speed = 0.5},
  {forward = "Ready", sidestep = "SideStepRight"},
}

local crowd = {}
for row = 0, 4 do
  for col = 0, 7 do
    local x, y = 30 + col * 6, 30 + row * 6
    local g = world.ground(place.block, x, y)
    -- heading: each column faces a little further round (0 = north, 90 = east)
    local outfit = outfits[(row * 8 + col) % math.max(#outfits, 1) + 1]
    local guid = world.spawn{setup = HUMAN, cell = g.cell, origin = {x, y, g.z}, heading = col * 45,
      look = outfit and outfit.look}
    crowd[#crowd + 1] = guid
  end
end

-- Every 2 s each member takes the next move in the list, offset by its
-- place in the crowd, so the crowd never moves in step.
local beat = 0
world.every(2, function()
  beat = beat + 1
  for i, guid in ipairs(crowd) do
    world.move(guid, moves[(i + beat) % #moves + 1])
  end
end)

if world.headless then
  world.advance(2.5)
  local walking = 0
  for _, guid in ipairs(crowd) do
    if world.motion_state(guid).forward == "WalkForward" then walking = walking + 1 end
  end
  expect.eq(#crowd, 40)
  expect.eq(walking, 16, "two moves in five walk: 16 of 40")
  world.advance(10)
  expect.truthy(world.revision(crowd[40]) > 0, "the last one was animated and published too")
end
