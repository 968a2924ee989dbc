-- Seed 003 §2: a Near load that finishes only after the ring demoted its
-- still-unpublished landblock to Far publishes the terrain it already
-- built (terrain-only: no statics, no EnvCells) in the same generation.
local H = require("humanoid")
H.define()
world.setup{id = 0x02000050, parts = 1}
world.stream{near = 1, far = 3, manual = true, synthetic = {statics = {0x02000050}}}
local function at(x) return {cell = x * 0x1000000 + 0x640025, origin = {96, 96, 20}} end

local g = H.spawn(0x50000091, {archetype = "player", cell = at(100).cell, origin = at(100).origin})
world.set_player(g)
world.step(1 / 30)
world.stream_run()
world.advance(0.2, 1 / 30)
expect.eq(world.travel(), "", "logged in and revealed")
local gen = world.loaded().gen

world.trace_clear()
world.set_position(g, at(103)) -- walk three blocks east: 0x6864 enters as Near
world.step(1 / 30)
world.set_position(g, at(101)) -- and back: 0x6864 falls to Far before its build ran
world.step(1 / 30)
local function slot(block)
  for _, b in ipairs(world.loaded()) do if b.block == block then return b end end
end
local s = slot(0x68640000)
expect.eq(s.tier, "none", "not yet published")
expect.eq(s.want, "far", "demoted to Far")
expect.eq(s.pending, "near", "its Near build is still in flight")
world.stream_run()
world.step(1 / 30)
s = slot(0x68640000)
expect.eq(s.tier, "far", "published terrain-only")
expect.eq(s.objects, 0, "no statics from the late Near build")
expect.eq(world.loaded().gen, gen, "walking never advanced the generation")
local found = false
for _, e in ipairs(world.trace()) do
  if e.kind == "stream" and e.stage == "publish" and e.detail:match("^0x6864 far") and e.detail:match("near_after_demote") then
    found = true
  end
end
expect.eq(found, true, "the trace names the terrain-only publication")
