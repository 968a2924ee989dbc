-- Streaming and portal travel. Landblocks load around the player on
-- worker goroutines: a Near ring (terrain, statics, scenery) inside a Far
-- ring (terrain). The player logs in behind the reveal barrier and waits,
-- cell-less, until its ring is loaded; a portal sends it through portal
-- space to another spot, and the world shows again only once the
-- destination's ring is in (docs/streaming.md).
world.stream{near = 1, far = 2}

local place = world.find_place()
local HUMAN = world.find_setups{motion_table = true, cycles = {"Ready", "WalkForward"}, min_parts = 2, limit = 1}[1]
-- Any animated model will do for the portal (the sample's windmill, or
-- the humanoid itself on DATs without one).
local MODEL = world.find_setups{motion_table = false, animated = true, limit = 1}[1] or HUMAN

local function at(x, y, heading)
  local g = world.ground(place.block, x, y)
  return {cell = g.cell, origin = {x, y, g.z}, heading = heading or 0}
end

local start = at(60, 60, 90)
local player = world.spawn{archetype = "player", guid = 0x50000100, setup = HUMAN,
  cell = start.cell, origin = start.origin, heading = 90}
world.set_player(player) -- login: portal space until the ring is in

-- A portal eight metres east of the start (ethereal: walk into it), and
-- where it leads: the far corner of the same landblock.
local gate = at(68, 60)
local portal = world.spawn{archetype = "static", guid = 0x60000100, setup = MODEL,
  cell = gate.cell, origin = gate.origin, state = {"Static", "HasDefaultAnim", "Ethereal"}}
world.portal(portal, at(150, 150, 180), 2)

world.status("travel: walk east into the portal (or press U near it)")

if world.headless then
  local function settle(what)
    for _ = 1, 300 do
      world.stream_wait()
      world.step(1 / 30)
      if world.travel() == "" then return end
    end
    error(what .. " was never revealed")
  end
  settle("the login")
  world.input{forward = true} -- walk east, into the portal
  for _ = 1, 300 do
    world.step(1 / 30)
    if world.travel() ~= "" then break end
  end
  expect.eq(world.travel() ~= "", true, "walked into the portal")
  world.input{}
  settle("the portal exit")
  local p = world.position(player).origin
  expect.near(p[1], 150, 1, "arrived at the destination")
  local reveals = 0
  for _, e in ipairs(world.trace()) do
    if e.kind == "travel" and e.stage == "reveal" then reveals = reveals + 1 end
  end
  expect.eq(reveals, 2, "the login and the portal exit each revealed once")
  print(string.format("travel: %d landblocks resident, generation %d", #world.loaded(), world.loaded().gen))
end
