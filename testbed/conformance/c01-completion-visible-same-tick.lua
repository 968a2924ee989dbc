-- Seed 000 case 1: animation completion is visible to TargetManager and
-- MovementManager in the same object tick.
local H = require("humanoid")
H.define()
local g = H.spawn(0x50000001, {managers = H.ALL_MANAGERS})
world.move(g, {forward = "WalkForward"})
world.trace_clear()
world.advance(0.15, 0.05) -- the 3-frame link (0.1 s) ends in the second frame

local f = H.frame_of(g, {kind = "motion_done", motion = "WalkForward"})
expect.truthy(f, "the walk link completed")
expect.subsequence(H.events(g, f), {
  {stage = "CPhysicsObj::process_hooks"},
  {kind = "hook", hook = "AnimationDone", phase = "capture"},
  {kind = "motion_done", motion = "WalkForward", success = true},
  {stage = "TargetManager::HandleTargetting"},
  {stage = "MovementManager::UseTime"},
  {stage = "CPartArray::HandleMovement"},
})
expect.eq(#world.queues(g).pending_animations, 0, "queue empty after the completion")
