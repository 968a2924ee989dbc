-- The README's town picture (go tool task screenshots): the player in the
-- sample town's plaza, facing north up the street at the houses whose
-- doorways face it, their rooms drawn through the doorways. The town lies
-- in the landblock west of world.find_place()'s (Holtburg, 0xA9B4).
local place = world.find_place()
local HUMAN = world.find_setups{motion_table = true, cycles = {"Ready", "WalkForward"}, min_parts = 2, limit = 1}[1]
local g = world.ground(place.block - 0x01000000, 96, 134)
local player = world.spawn{archetype = "player", guid = 0x50000000, setup = HUMAN,
  cell = g.cell, origin = {96, 134, g.z}, heading = 0}
world.set_player(player)

-- Townsfolk on the plaza ahead, in the humanoid's other outfits (ObjDesc
-- subpalettes from world.sample_outfits: guard, farmer, mage).
local outfits = world.sample_outfits()
for i = 2, #outfits do
  local x, y = 90 + (i - 2) * 5, 142 + (i % 2) * 3
  local t = world.ground(place.block - 0x01000000, x, y)
  world.spawn{archetype = "creature", setup = HUMAN, cell = t.cell, origin = {x, y, t.z},
    heading = 160 + i * 15, look = outfits[i].look}
end

-- The sample world's portals, as the default spawn script places them.
for i, p in ipairs(world.sample_portals()) do
  local g = world.spawn{archetype = "static", guid = 0x6000000F + i, setup = p.setup, cell = p.cell,
    origin = p.origin, heading = p.heading, state = {"Static", "HasDefaultAnim", "Ethereal"}}
  world.portal(g, p.destination)
end
