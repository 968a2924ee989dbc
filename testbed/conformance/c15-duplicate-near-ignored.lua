-- Seed 003 §2: duplicate same-generation Near completions are ignored at
-- the publication owner: no doubled statics, no replayed scripts.
local H = require("humanoid")
H.define()
world.script{id = 0x33000050, hooks = {{time = 0, type = "CreateParticle", id = 0x32000050, emitter = 1}}}
world.setup{id = 0x02000050, parts = 1, default_script = 0x33000050}
world.stream{near = 0, far = 0, manual = true, synthetic = {statics = {0x02000050}}}
local A = {cell = 0x64640025, origin = {96, 96, 20}}
local g = H.spawn(0x50000092, {archetype = "player", cell = A.cell, origin = A.origin})
world.set_player(g)
world.step(1 / 30)
world.stream_run()
world.stream_build{block = 0x64640000, tier = "near"} -- the same completion again
world.trace_clear()
world.advance(0.2, 1 / 30)
local STATIC = 0x76464000 -- class 0x7, landblock 0x6464, counter 0
local drops = 0
for _, e in ipairs(world.trace()) do
  if e.kind == "stream" and e.stage == "drop" then
    expect.eq(e.detail:match("duplicate") ~= nil, true, e.detail)
    drops = drops + 1
  end
end
expect.eq(drops, 1, "the second Near completion dropped as a duplicate")
expect.eq(world.loaded()[1].objects, 1, "one static")
expect.eq(world.particles(STATIC).emitters, 1, "its default script ran once")
