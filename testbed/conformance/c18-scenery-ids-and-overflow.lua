-- Seed 003 §2: procedural scenery ids are 0x8XXYYIII — class 0x8,
-- landblock X and Y, a 12-bit per-landblock counter — and a landblock
-- that would need a 4097th id fails loudly before it aliases the next
-- landblock's first id.
local H = require("humanoid")
H.define()
world.setup{id = 0x02000060, parts = 1}
-- Landblock 0x6464 gets three scenery objects: ids 0x86464000..002. (The
-- full 4096 fitting exactly is TestSyntheticSceneryBoundary in stream.)
world.stream{near = 0, far = 0, manual = true, synthetic = {scenery = 3, scenery_setup = 0x02000060}}
local A = {cell = 0x64640025, origin = {96, 96, 20}}
local g = H.spawn(0x500000A0, {archetype = "player", cell = A.cell, origin = A.origin})
world.set_player(g)
world.step(1 / 30)
world.stream_run()
world.step(1 / 30)
local b = world.loaded()[1]
expect.eq(b.tier, "near", "published")
expect.eq(b.objects, 3, "three scenery objects")
for i, id in ipairs({0x86464000, 0x86464001, 0x86464002}) do
  expect.eq(math.floor(world.position(id).cell / 0x10000), 0x6464, string.format("0x%08X stands in its landblock", id))
end
expect.error(function() world.position(0x86464003) end, "no object 0x86464003", "no fourth")

-- With one more object per landblock the build fails, naming the
-- landblock and the overflow, and publishes nothing.
world.stream{near = 0, far = 0, manual = true, synthetic = {scenery = 4097, scenery_setup = 0x02000060}}
world.trace_clear()
world.teleport(g, {cell = 0x65640025, origin = {96, 96, 20}})
world.step(1 / 30)
world.stream_run()
world.step(1 / 30)
local err
for _, e in ipairs(world.trace()) do
  if e.kind == "stream" and e.stage == "error" then err = e.detail end
end
expect.eq(err ~= nil, true, "the overflow is traced")
expect.eq(err:match("0x6564") ~= nil, true, "naming the landblock: " .. tostring(err))
expect.eq(err:match("overflow") ~= nil, true, "and the overflow: " .. tostring(err))
expect.eq(world.loaded()[1].tier, "none", "nothing published")
expect.eq(world.loaded()[1].objects, 0, "no scenery object")
