-- Seed 000 case 2: Target before Movement, Movement before PartArray,
-- PartArray before PositionManager — the whole quantum in retail order.
local H = require("humanoid")
H.define()
local g = H.spawn(0x50000002, {managers = H.ALL_MANAGERS})
world.move(g, {forward = "WalkForward"})
world.trace_clear()
world.step(0.05)
expect.eq(H.stages_in(g, 1 + world.trace(g)[1].frame - 1), H.FULL)
expect.subsequence(world.stages(g), {
  "TargetManager::HandleTargetting", "MovementManager::UseTime",
  "CPartArray::HandleMovement", "PositionManager::UseTime",
})
