-- The sample world's default spawn script. dereth runs it on the embedded
-- sample world (headless with `dereth run`, in the viewer otherwise); copy
-- it to start your own. Every motion goes through the same interpreted path
-- a server's UpdateMotion takes (world.move → MoveToInterpretedState).
local HUMAN, DOOR, WINDMILL = 0x02000001, 0x02000002, 0x02000003
local SPARKLE = 0x33000001
local BLOCK = 0xA9B40000 -- the south-west landblock

local function spot(x, y, heading)
  local g = world.ground(BLOCK, x, y)
  return {cell = g.cell, origin = {x, y, g.z}, heading = heading or 0}
end

local function spawn(t, at)
  for k, v in pairs(at) do t[k] = v end
  return world.spawn(t)
end

-- you: the local player the viewer's keyboard drives
local player = spawn({archetype = "player", guid = 0x50000000, setup = HUMAN}, spot(96, 30, 0))
world.set_player(player)

-- a walker who paces walk → run → stop → turn, over and over
local walker = spawn({archetype = "creature", guid = 0x50000001, setup = HUMAN}, spot(82, 62, 0))
-- a sidestepper next to it
local stepper = spawn({archetype = "creature", guid = 0x50000002, setup = HUMAN}, spot(110, 58, 90))
-- a corpse: the same creature, carrying NonCombat + Dead from its CreateObject
local corpse = spawn({archetype = "corpse", guid = 0x50000003, setup = HUMAN,
  motion = {style = "NonCombat", forward = "Dead"}}, spot(96, 48, 45))
-- a door that swings open and shut
local door = spawn({archetype = "door", guid = 0x60000001, setup = DOOR}, spot(88, 75, 0))
-- the windmill: a static animating object with a default animation and script
local windmill = spawn({archetype = "static", guid = 0x70000001, setup = WINDMILL}, spot(70, 100, 0))

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

local open = false
world.every(4, function()
  open = not open
  world.move(door, {forward = open and "On" or "Off"})
  if open then world.play_script(door, SPARKLE) end
end)

if world.headless then
  world.advance(12)
  expect.eq(world.motion_state(corpse).substate, "Dead", "the corpse stays dead")
  expect.truthy(world.sequence(windmill).frame > 0, "the windmill turns")
  expect.truthy(world.revision(walker) > 0, "poses were published")
  print(string.format("walker at (%.1f, %.1f), %s", world.position(walker).origin[1],
    world.position(walker).origin[2], world.motion_state(walker).substate))
end
