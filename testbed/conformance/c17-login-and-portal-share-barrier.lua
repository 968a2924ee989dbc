-- Seed 003 §2: the login reveal and the portal exit wait on the same
-- WorldRevealReady predicate (outdoor: every near-ring landblock Near,
-- render-ready and collision-resident; indoor: the destination's
-- landblock Near with its EnvCell). An unhydratable destination is ready
-- so the loud placement error reports it.
local H = require("humanoid")
H.define()
world.stream{near = 1, far = 2, manual = true, render_ready = true,
  synthetic = {max_x = 0x80, max_y = 0x80, dungeon = 0x80800000, dungeon_cells = 4}}
local A = {cell = 0x64640025, origin = {96, 96, 20}}
local D = {cell = 0x80800102, origin = {0, 0, -50}} -- EnvCell 0x0102 of the dungeon
local g = H.spawn(0x50000094, {archetype = "player", cell = A.cell, origin = A.origin})

local function reveal_frames(kind)
  local out = {}
  for _, e in ipairs(world.trace()) do
    if e.kind == "travel" and e.stage == "reveal" and e.detail == kind then out[#out + 1] = e.frame end
  end
  return out
end

-- Login.
world.set_player(g)
world.advance(0.3, 1 / 30)
expect.eq(world.travel(), "loading", "login waits")
expect.eq(world.reveal_ready(A), false, "the barrier is closed")
expect.eq(#reveal_frames("login"), 0, "no reveal before the barrier")
world.stream_run()
world.step(1 / 30)
expect.eq(world.reveal_ready(A), true, "the barrier opened")
world.advance(0.2, 1 / 30)
expect.eq(#reveal_frames("login"), 1, "login revealed once")

-- Portal into the dungeon: the ring collapses to one landblock.
world.teleport(g, D)
world.advance(0.3, 1 / 30)
expect.eq(world.travel(), "loading", "the portal exit waits")
expect.eq(world.reveal_ready(D), false, "the same barrier is closed")
expect.eq(#world.loaded(), 1, "collapsed to the dungeon landblock")
world.stream_run()
world.step(1 / 30)
expect.eq(world.reveal_ready(D), true, "the same barrier opened")
world.advance(0.2, 1 / 30)
expect.eq(#reveal_frames("portal"), 1, "portal exit revealed once")
expect.eq(world.position(g).cell, D.cell, "in the EnvCell")

-- An unhydratable destination (no such EnvCell) is ready at once.
local X = {cell = 0x64640150, origin = {0, 0, 0}}
expect.eq(world.reveal_ready(X), true, "unhydratable: ready, so placement reports it")
world.teleport(g, X)
world.advance(0.2, 1 / 30)
local loud = false
for _, e in ipairs(world.trace()) do
  if e.kind == "travel" and e.stage == "unhydratable" then loud = true end
end
expect.eq(loud, true, "the placement error is traced")
