-- Seed 000 case 6: a non-AnimationDone hook runs after the pose captured
-- with it is published; an AnimDoneHook changes motion state at capture.
local H = require("humanoid")
H.define{link_hooks = {[1] = {{type = "Sound", id = 0x0A000001}}}}
local g = H.spawn(0x50000030, {managers = H.ALL_MANAGERS})
world.move(g, {forward = "WalkForward"})
world.trace_clear()
world.advance(0.15, 0.05)

local f = H.frame_of(g, {kind = "hook", hook = "Sound", phase = "capture"})
expect.truthy(f, "the Sound hook fired")
expect.subsequence(H.events(g, f), {
  {kind = "hook", hook = "Sound", phase = "capture"},
  {stage = "Frame::presenter"},
  {kind = "hook", hook = "Sound", phase = "deferred"},
})
local d = H.frame_of(g, {kind = "hook", hook = "AnimationDone"})
local ev = H.events(g, d)
for i, e in ipairs(ev) do
  if e.hook == "AnimationDone" then
    expect.eq(ev[i + 1].kind, "motion_done", "MotionDone follows AnimDone at capture")
    expect.eq(ev[i + 1].motion, "WalkForward")
  end
end
