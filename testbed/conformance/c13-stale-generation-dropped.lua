-- Seed 003 §2: a hard recenter (here a teleport) advances the streaming
-- generation; every completion issued by the older generation is dropped
-- at the frame boundary, even for landblocks the new region overlaps, so
-- no stale build publishes or doubles a static.
local H = require("humanoid")
H.define()
world.setup{id = 0x02000050, parts = 1}
world.stream{near = 0, far = 1, manual = true, synthetic = {statics = {0x02000050}}}
local A = {cell = 0x64640025, origin = {96, 96, 20}} -- landblock 0x6464
local B = {cell = 0x65640025, origin = {96, 96, 20}} -- landblock 0x6564, its ring overlaps A's

local g = H.spawn(0x50000090, {archetype = "player", cell = A.cell, origin = A.origin, managers = H.ALL_MANAGERS})
world.set_player(g) -- login: the player waits behind the barrier
world.step(1 / 30)  -- gen 1: A's ring requested, nothing built
expect.eq(world.loaded().gen, 1, "login recentred: generation 1")
world.teleport(g, B)
world.step(1 / 30)  -- gen 2: B's ring requested
expect.eq(world.loaded().gen, 2, "the teleport advanced the generation")
expect.eq(world.stream_run(), 18, "nine gen-1 and nine gen-2 builds complete")
world.trace_clear()
world.step(1 / 30)  -- the frame boundary publishes

local stale, published = 0, 0
for _, e in ipairs(world.trace()) do
  if e.kind == "stream" and e.stage == "drop" then
    expect.eq(e.detail:match("stale_generation") ~= nil, true, "dropped as stale: " .. e.detail)
    expect.eq(e.detail:match("gen 1") ~= nil, true, "only gen-1 completions drop: " .. e.detail)
    stale = stale + 1
  elseif e.kind == "stream" and e.stage == "publish" then
    expect.eq(e.detail:match("gen 2") ~= nil, true, "only gen-2 completions publish: " .. e.detail)
    published = published + 1
  end
end
expect.eq(stale, 9, "all nine gen-1 completions dropped (six overlap the new ring)")
expect.eq(published, 9, "the nine gen-2 completions published")
for _, b in ipairs(world.loaded()) do
  expect.eq(b.gen, 2, "every resident block is generation 2")
  if b.block == 0x65640000 then
    expect.eq(b.tier, "near", "B is Near")
    expect.eq(b.objects, 1, "B's one static, once")
  else
    expect.eq(b.tier, "far", string.format("0x%08X is Far", b.block))
    expect.eq(b.objects, 0, "Far blocks hold no statics")
  end
end
