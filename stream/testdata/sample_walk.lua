-- Acceptance walk on the embedded sample world (issue 12): the player logs
-- in at the default spawn behind the reveal barrier, runs a zigzag across
-- the 12×12 sample world's landblocks (north of the town, south of the
-- mountains, west of the river), walks into the town portal, comes back
-- through the dungeon portal and runs on. Every reveal must come after its
-- barrier opened; the resident set never outgrows the ring.
-- Run with: dereth run --trace FILE sample_walk.lua
world.stream{near = 1, far = 3}
local RING = 7 * 7
local LB = 192
local function block(x, y) return x * 0x1000000 + y * 0x10000 end

-- The default spawn (sampleworld/world: 0xA9B4 at (16, 48)).
local g = world.ground(block(0xA9, 0xB4), 16, 48)
local player = world.spawn{archetype = "player", guid = 0x50000000, setup = sample.HUMAN,
  cell = g.cell, origin = {16, 48, g.z + 0.05}, heading = 90}
world.set_player(player)

-- The sample's portal pair: the town portal (0xA8B4) into the dungeon
-- (0x0202), the dungeon portal back to the town.
local pp = world.sample_portals()
assert(#pp == 2, "the sample world's portal pair")
local portals = {}
for i, p in ipairs(pp) do
  portals[i] = world.spawn{archetype = "door", guid = 0x60000000 + i, setup = p.setup,
    cell = p.cell, origin = p.origin, heading = p.heading, state = {"Ethereal"}}
  world.portal(portals[i], p.destination, 2)
end

-- global returns the player's outdoor position in metres from landblock
-- (0, 0), nil indoors.
local function global()
  local p = world.position(player)
  if p.cell % 0x10000 >= 0x100 then return nil end
  return math.floor(p.cell / 0x1000000) * LB + p.origin[1],
    math.floor(p.cell / 0x10000) % 0x100 * LB + p.origin[2], p
end

local visited, crossed, max_resident, frames, last = {}, 0, 0, 0, nil
local function frame()
  world.step(0.5)
  world.stream_wait()
  frames = frames + 1
  local n = #world.loaded()
  if n > max_resident then max_resident = n end
  local c = world.position(player).cell
  if c % 0x10000 < 0x100 then
    local b = math.floor(c / 0x10000)
    if last and b ~= last then crossed = crossed + 1 end
    last = b
    visited[b] = true
  end
end
local function wait_for(cond, what, limit)
  for _ = 1, limit or 600 do
    if cond() then return end
    frame()
  end
  error(what .. " did not happen")
end

-- face turns the player to heading deg (clockwise from north) where it
-- stands: a hard placement, no teleport, no generation change.
local function face(deg)
  local _, _, p = global()
  world.set_position(player, {cell = p.cell, origin = p.origin, heading = deg})
end

-- run_to runs the player to global (x, y), steering at every frame and
-- side-stepping around whatever stops it (trees, walls).
local function run_to(x, y, what, near)
  near = near or 16
  world.input{forward = true, run = true}
  local stuck = 0
  for _ = 1, 2000 do
    local gx, gy = global()
    local dx, dy = x - gx, y - gy
    if dx * dx + dy * dy < near * near then return end
    local deg = math.deg(math.atan2(dx, dy))
    if stuck > 0 then deg = deg + 90; stuck = stuck - 1 end
    face(deg)
    frame()
    local nx, ny = global()
    if (nx - gx) ^ 2 + (ny - gy) ^ 2 < 1 then stuck = 4 end
  end
  local gx, gy, p = global()
  error(string.format("running to %s did not get there: at 0x%08X (%.1f, %.1f, %.1f), %.0f m short",
    what, p.cell, p.origin[1], p.origin[2], p.origin[3], math.sqrt((x - gx) ^ 2 + (y - gy) ^ 2)))
end

wait_for(function() return world.travel() == "" end, "the login reveal")
-- The zigzag (clear of the original area's steep northern seam, the
-- river and the mountains): north into row 0xB5, west to 0xA4, north
-- into row 0xB6, east to 0xAB, north into row 0xB7, west to 0xA8, then
-- south down to the town and into the town portal.
local legs = {
  {0xA9, 0xB5, 40, 40}, {0xA4, 0xB5, 60, 40}, {0xA4, 0xB6, 60, 150},
  {0xAB, 0xB6, 100, 150}, {0xAB, 0xB7, 100, 40}, {0xA8, 0xB7, 150, 40},
  {0xA8, 0xB4, 150, 125},
}
for _, l in ipairs(legs) do
  run_to(l[1] * LB + l[3], l[2] * LB + l[4], string.format("0x%02X%02X", l[1], l[2]))
end
local zigzag = crossed

-- Into the town portal: the player runs into its radius and travels.
local tp = pp[1]
local tx, ty = math.floor(tp.cell / 0x1000000) * LB + tp.origin[1], math.floor(tp.cell / 0x10000) % 0x100 * LB + tp.origin[2]
world.input{forward = true, run = true}
wait_for(function()
  if world.travel() ~= "" then return true end
  local gx, gy = global()
  face(math.deg(math.atan2(tx - gx, ty - gy)))
  return false
end, "walking into the town portal")
world.input{}
wait_for(function() return world.travel() == "" end, "the dungeon reveal")
expect.eq(world.position(player).cell, pp[1].destination.cell, "arrived in the dungeon's entry room")
expect.eq(#world.loaded(), 1, "the ring collapsed to the dungeon landblock")
local dungeon_gen = world.loaded().gen

-- Back out through the dungeon portal.
world.use_portal(portals[2])
wait_for(function() return world.travel() == "" end, "the reveal back in the town")
expect.eq(world.position(player).cell, pp[2].destination.cell, "arrived back in the town")
expect.eq(world.loaded().gen > dungeon_gen, true, "the expansion back outdoors advanced the generation")
-- And on, east to the spawn: the ring follows the player again.
run_to(0xA9 * LB + 16, 0xB4 * LB + 48, "the spawn in 0xA9B4", 4)
expect.eq(math.floor(world.position(player).cell / 0x10000), 0xA9B4, "ran on to the spawn's 0xA9B4")

local distinct = 0
for _ in pairs(visited) do distinct = distinct + 1 end
expect.eq(zigzag >= 20, true, "the zigzag crossed at least 20 landblock seams: " .. zigzag)
expect.eq(distinct >= 21, true, "at least 21 outdoor landblocks visited: " .. distinct)
expect.eq(max_resident <= RING, true, "the resident set stayed within the ring: " .. max_resident)
print(string.format("sample walk: %d frames, %d seams crossed (%d before the portal), %d outdoor landblocks visited, at most %d resident, generation %d",
  frames, crossed, zigzag, distinct, max_resident, world.loaded().gen))
