-- The default spawn script. dereth runs it on whatever DATs it opened: the
-- embedded sample world, or yours with `--dat DIR`. It hard-codes no ids.
-- It asks the DATs for a humanoid, a door, a static animating object and
-- a place on land, says in the HUD what it found (world.status), and sets
-- them moving. Copy it to start your own spawn script
-- (`dereth view --script my.lua`); examples/ has more.
--
-- Every motion goes through the same interpreted path a server's
-- UpdateMotion takes (world.move → MoveToInterpretedState).

-- A place on land: the sample world's (and retail's) Holtburg when the
-- DATs have it, else the first landblock that is not water.
local place = world.find_place()
world.set_default_place(place)

-- A humanoid: a Setup whose motion table walks, runs and stands.
local HUMAN = world.find_setups{motion_table = true, cycles = {"Ready", "WalkForward", "RunForward"},
  min_parts = 2, limit = 1}[1]
-- A door: a small Setup whose motion table has On (open) and Off (shut).
local DOOR = world.find_setups{motion_table = true, cycles = {"On", "Off"}, max_parts = 4, limit = 1}[1]
-- A static animating object: a default animation and no motion table.
local WINDMILL = world.find_setups{motion_table = false, animated = true, limit = 1}[1]
-- Any physics script, played when the door opens.
local SPARKLE = world.dat_ids("PhysicsScript", 1)[1]

local function hex(id) return id and string.format("0x%08X", id) or "none" end
world.status(string.format("found: humanoid %s, door %s, animated %s, effect %s; landblock 0x%04X",
  hex(HUMAN), hex(DOOR), hex(WINDMILL), hex(SPARKLE), math.floor(place.block / 0x10000)))

-- spot(x, y, heading): standing on the terrain at (x, y) of the place's
-- landblock; heading in degrees clockwise from north (+y).
local function spot(x, y, heading)
  local g = world.ground(place.block, x, y)
  return {cell = g.cell, origin = {x, y, g.z}, heading = heading or 0}
end

-- town(x, y, heading): the same in the landblock west of the place's (on
-- the sample world, the town's), or the place's own on DATs without it.
local townBlock = place.block - 0x01000000
if not pcall(world.ground, townBlock, 96, 96) then townBlock = place.block end
local function town(x, y, heading)
  local g = world.ground(townBlock, x, y)
  return {cell = g.cell, origin = {x, y, g.z}, heading = heading or 0}
end

local function spawn(t, at)
  for k, v in pairs(at) do t[k] = v end
  return world.spawn(t)
end

-- The cast stands on the flat ground of the sample's town, west of the
-- place's landblock: the player on the north-south street facing up it
-- (a little east of north), so the viewer's first camera (behind and
-- above the player) sees the cast, the houses, the windmill by the plaza
-- and the town portal at the plaza's east end.
-- On the sample world the cast wears the humanoid's outfits (ObjDesc
-- subpalettes, world.sample_outfits): you the villager, the walker a
-- guard, the sidestepper a farmer, the corpse a mage.
local outfits = world.sample_outfits()
local function look(i) return outfits[i] and outfits[i].look end
local walker, stepper, corpse, door, windmill
if HUMAN then
  -- you: the local player the viewer's keyboard drives, facing north
  local player = spawn({archetype = "player", guid = 0x50000000, setup = HUMAN, look = look(1)}, town(90, 50, 8))
  world.set_player(player)
  -- a walker who paces walk → run → stop → turn, over and over
  walker = spawn({archetype = "creature", guid = 0x50000001, setup = HUMAN, look = look(2)}, town(84, 78, 0))
  -- a sidestepper facing you
  stepper = spawn({archetype = "creature", guid = 0x50000002, setup = HUMAN, look = look(3)}, town(98, 86, 180))
  -- a corpse: the same creature, carrying NonCombat + Dead from its CreateObject
  corpse = spawn({archetype = "corpse", guid = 0x50000003, setup = HUMAN, look = look(4),
    motion = {style = "NonCombat", forward = "Dead"}}, town(94, 66, 225))
end
if DOOR then
  -- a door that swings open and shut
  door = spawn({archetype = "door", guid = 0x60000001, setup = DOOR}, town(88, 96, 180))
end
if WINDMILL then
  -- a static animating object (the sample's windmill) with its default animation
  windmill = spawn({archetype = "static", guid = 0x70000001, setup = WINDMILL}, town(112, 142, 180))
end

if walker then
  local plan = {
    {forward = "WalkForward"},
    {forward = "RunForward"},
    {forward = "Ready"},
    {forward = "Ready", turn = "TurnRight"},
    {forward = "WalkForward", forward_speed = 0.6},
    {forward = "Ready"},
  }
  local step = 0
  world.every(2.5, function()
    step = step % #plan + 1
    world.move(walker, plan[step])
  end)
  local side = false
  world.every(3, function()
    side = not side
    world.move(stepper, {forward = "Ready", sidestep = side and "SideStepRight" or nil})
  end)
end

if door then
  local open = false
  world.every(4, function()
    open = not open
    world.move(door, {forward = open and "On" or "Off"})
    if open and SPARKLE then world.play_script(door, SPARKLE) end
  end)
end

-- Portals. On the sample world: the town portal on the plaza west of the
-- start leads to the dungeon, the dungeon's portal back to the town
-- (world.sample_portals). Elsewhere: a pair of ethereal doors, one ahead on
-- the left and one in the landblock to the north-east. Walk into a portal,
-- or press U near it: portal space shows until the destination is loaded
-- (docs/streaming.md). The portals appear on the first frame, once the
-- opening scene is set.
world.after(0.01, function()
  local portals = world.sample_portals()
  if #portals == 0 and DOOR then
    local ok, there = pcall(world.ground, place.block + 0x01010000, 96, 96)
    if ok then
      local back = spot(40, 70, 0)
      portals = {
        {setup = DOOR, cell = spot(40, 62).cell, origin = spot(40, 62).origin, heading = 0,
          destination = {cell = there.cell, origin = {100, 100, there.z}, heading = 45}},
        {setup = DOOR, cell = there.cell, origin = {96, 96, there.z}, heading = 0,
          destination = {cell = back.cell, origin = back.origin, heading = 0}},
      }
    end
  end
  for i, p in ipairs(portals) do
    local g = world.spawn{archetype = "static", guid = 0x6000000F + i, setup = p.setup, cell = p.cell,
      origin = p.origin, heading = p.heading, state = {"Static", "HasDefaultAnim", "Ethereal"}}
    world.portal(g, p.destination)
  end
end)

if world.headless then
  world.advance(12)
  if corpse then
    expect.eq(world.motion_state(corpse).substate, "Dead", "the corpse stays dead")
    expect.truthy(world.revision(walker) > 0, "poses were published")
    print(string.format("walker at (%.1f, %.1f), %s", world.position(walker).origin[1],
      world.position(walker).origin[2], world.motion_state(walker).substate))
  end
  if windmill then
    expect.truthy(world.sequence(windmill).frame > 0, "the windmill turns")
  end
end
