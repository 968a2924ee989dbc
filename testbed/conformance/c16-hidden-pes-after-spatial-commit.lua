-- Seed 003 §2.1: a portal destination is committed into its cell
-- (TeleportPlayer → SetPositionSimple) before the destination's
-- simulation resumes. A Hidden PES queued in portal space stays paused
-- (update_object: no cell) until the spatial commit, fires after it, and
-- never after the reveal.
local H = require("humanoid")
H.define()
local HIDDEN_PES = 0x33000331
local hooks = {}
for i = 1, 3 do hooks[i] = {time = 0, type = "CreateParticle", id = 0x32000100 + i, emitter = i} end
world.script{id = HIDDEN_PES, hooks = hooks}
world.stream{near = 1, far = 1, manual = true, synthetic = {}}
local A = {cell = 0x64640025, origin = {96, 96, 20}}
local B = {cell = 0x70700025, origin = {96, 96, 20}}
local g = H.spawn(0x50000093, {archetype = "player", cell = A.cell, origin = A.origin, managers = H.ALL_MANAGERS})
world.set_player(g)
world.step(1 / 30)
world.stream_run()
world.advance(0.2, 1 / 30)
expect.eq(world.travel(), "", "logged in")

world.trace_clear()
world.teleport(g, B)
world.hide(g, HIDDEN_PES) -- the server hides the player as it enters the portal
world.advance(0.5, 1 / 30) -- portal space: B's ring is requested but not built
expect.eq(world.travel(), "loading", "waiting on the barrier")
expect.eq(world.position(g).cell, 0, "the player left its old cell")
expect.eq(world.particles(g).emitters, 0, "the Hidden PES is paused: no cell, no update")
world.stream_run()
world.advance(0.2, 1 / 30)
expect.eq(world.travel(), "", "revealed")
expect.eq(world.position(g).cell, B.cell, "in the destination cell")
expect.eq(world.particles(g).emitters, 3, "the Hidden PES ran")

local commit, reveal, first_hook, last_hook
for i, e in ipairs(world.trace()) do
  if e.kind == "travel" and e.stage == "spatial_commit" then commit = i end
  if e.kind == "travel" and e.stage == "reveal" then reveal = i end
  if e.kind == "hook" and e.hook == "CreateParticle" and e.obj == g then
    first_hook = first_hook or i
    last_hook = i
  end
end
expect.eq(commit ~= nil and reveal ~= nil and first_hook ~= nil, true, "commit, hooks and reveal traced")
expect.eq(first_hook > commit, true, "the PES fires after the spatial commit")
expect.eq(last_hook < reveal, true, "and never after the reveal")
