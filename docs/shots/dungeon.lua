-- The README's dungeon picture (go tool task screenshots): the player
-- where the sample town's portal sends it, in the dungeon's entry room,
-- facing north down the corridor to the hall, the rooms drawn through
-- their portals. It needs the sample world (world.sample_portals).
local portals = world.sample_portals()
assert(#portals > 0, "the dungeon picture needs the sample world (no --dat)")
local HUMAN = world.find_setups{motion_table = true, cycles = {"Ready", "WalkForward"}, min_parts = 2, limit = 1}[1]
local d = portals[1].destination
local player = world.spawn{archetype = "player", guid = 0x50000000, setup = HUMAN,
  cell = d.cell, origin = d.origin, heading = d.heading}
world.set_player(player)

-- The sample world's portals, as the default spawn script places them.
for i, p in ipairs(world.sample_portals()) do
  local g = world.spawn{archetype = "static", guid = 0x6000000F + i, setup = p.setup, cell = p.cell,
    origin = p.origin, heading = p.heading, state = {"Static", "HasDefaultAnim", "Ethereal"}}
  world.portal(g, p.destination)
end
