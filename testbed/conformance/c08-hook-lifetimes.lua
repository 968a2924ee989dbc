-- Seed 000 case 8: an incomplete physics hook stays linked; an animation
-- hook appended by another animation hook runs in the same drain.
local H = require("humanoid")
H.define()
local g = H.spawn(0x50000050, {managers = H.ALL_MANAGERS})
world.add_physics_hook(g, {name = "slow", complete_after = 3})
world.trace_clear()
world.advance(0.25, 0.05)
local runs = {}
for _, e in ipairs(world.trace(g)) do
  if e.hook == "slow" then runs[#runs + 1] = e.detail end
end
expect.eq(runs, {"incomplete", "incomplete", "complete"}, "retained until it reports completion, then unlinked")

world.add_anim_hook(g, {type = "Sound", id = 1}, {append = {{type = "Sound", id = 2}}})
world.trace_clear()
world.step(0.05)
local captures, drains = 0, 0
for _, e in ipairs(world.trace(g)) do
  if e.hook == "Sound" and e.phase == "capture" then captures = captures + 1 end
  if e.hook == "Sound" and e.phase == "deferred" then drains = drains + 1 end
end
expect.eq(captures, 2, "the appended hook was captured in the same process_hooks drain")
expect.eq(drains, 2)
