-- Acceptance walk (issue 12): the player logs in behind the reveal
-- barrier, runs east across 20 landblocks of the streamtest world, walks
-- into a portal to the dungeon, uses the dungeon's portal back and runs on.
-- Every reveal must come after its barrier opened; the resident set never
-- outgrows the ring. Run with: dereth run --dat DIR --trace FILE walk.lua
world.stream{near = 1, far = 3}
local RING = 7 * 7
local function block(x, y) return x * 0x1000000 + y * 0x10000 end
local function place(x, y, lx, ly, heading)
  local g = world.ground(block(x, y), lx, ly)
  return {cell = g.cell, origin = {lx, ly, g.z + 0.05}, heading = heading or 90}
end

local start = place(0x20, 0x41, 20, 96)
local player = world.spawn{archetype = "player", guid = 0x50000000, setup = sample.HUMAN,
  cell = start.cell, origin = start.origin, heading = 90}
world.set_player(player)

-- Portal A stands on the road in landblock 0x2841 and leads into the
-- dungeon; portal B stands in the dungeon and leads back to 0x2941.
local A = place(0x28, 0x41, 100, 96)
local portal_a = world.spawn{archetype = "door", guid = 0x60000001, setup = sample.DOOR,
  cell = A.cell, origin = A.origin, state = {"Ethereal"}}
world.portal(portal_a, {cell = 0x30300101, origin = {20, 0, -40}}, 4)
local portal_b = world.spawn{archetype = "door", guid = 0x60000002, setup = sample.DOOR,
  cell = 0x30300101, origin = {25, 0, -40}, state = {"Ethereal"}}
world.portal(portal_b, place(0x29, 0x41, 60, 96), 4)

local visited, crossed, max_resident, frames = {}, 0, 0, 0
local function frame()
  world.step(0.5)
  world.stream_wait()
  frames = frames + 1
  local n = #world.loaded()
  if n > max_resident then max_resident = n end
  local c = world.position(player).cell
  if c ~= 0 and c % 0x10000 < 0x100 then
    local b = math.floor(c / 0x10000)
    if not visited[b] then visited[b] = true; crossed = crossed + 1 end
  end
end
local function wait_for(cond, what, limit)
  for _ = 1, limit or 2000 do
    if cond() then return end
    frame()
  end
  error(what .. " did not happen")
end

wait_for(function() return world.travel() == "" end, "the login reveal")
world.input{forward = true, run = true}
wait_for(function() return world.travel() ~= "" end, "walking into portal A")
wait_for(function() return world.travel() == "" end, "the dungeon reveal")
expect.eq(math.floor(world.position(player).cell / 0x10000), 0x3030, "arrived in the dungeon")
expect.eq(#world.loaded(), 1, "the ring collapsed to the dungeon landblock")
world.use_portal(portal_b)
wait_for(function() return world.travel() == "" end, "the reveal back outdoors")
wait_for(function() return math.floor(world.position(player).cell / 0x1000000) >= 0x34 end, "running to landblock 0x34", 4000)

expect.eq(crossed >= 21, true, "crossed at least 20 landblock seams: visited " .. crossed)
expect.eq(max_resident <= RING, true, "the resident set stayed within the ring: " .. max_resident)
print(string.format("walk: %d frames, %d outdoor landblocks visited, at most %d resident, generation %d",
  frames, crossed, max_resident, world.loaded().gen))
