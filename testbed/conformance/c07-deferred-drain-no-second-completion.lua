-- Seed 000 case 7: the deferred drain never completes an animation twice and
-- never runs a zero-tick motion sweep; CallPES, default-script and
-- translucency hooks keep their deferred path.
local H = require("humanoid")
world.script{id = 0x33000001, hooks = {{time = 0, type = "CreateParticle", id = 0x32000001, emitter = 1}}}
world.script{id = 0x33000002, hooks = {{time = 0, type = "CreateParticle", id = 0x32000002, emitter = 2}}}
H.define{default_script = 0x33000002, link_hooks = {[2] = {
  {type = "CallPES", id = 0x33000001},
  {type = "DefaultScript"},
  {type = "Transparent", start = 0, ["end"] = 0.5, time = 0},
}}}
local g = H.spawn(0x50000040, {managers = H.ALL_MANAGERS})
world.move(g, {forward = "WalkForward"})
world.trace_clear()
world.advance(0.3, 0.05)

local done, deferred = 0, {}
local inDrain = false
for _, e in ipairs(world.trace(g)) do
  if e.kind == "motion_done" and e.motion == "WalkForward" then done = done + 1 end
  if e.phase == "deferred" then deferred[e.hook] = (deferred[e.hook] or 0) + 1 end
  if e.stage == "Frame::deferred_hooks" then inDrain = true
  elseif e.schedule == "frame" then inDrain = false end
  if inDrain then
    expect.truthy(e.kind ~= "motion_done", "no completion inside the deferred drain")
    expect.truthy(e.stage ~= "CPartArray::HandleMovement", "no motion sweep inside the deferred drain")
  end
end
expect.eq(done, 1, "WalkForward completed exactly once")
expect.eq(deferred, {CallPES = 1, DefaultScript = 1, Transparent = 1})
-- one emitter from the default script played at spawn, one each from CallPES and the DefaultScript hook
expect.eq(world.particles(g).emitters, 3)
