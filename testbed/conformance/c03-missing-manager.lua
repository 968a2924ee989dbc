-- Seed 000 case 3: a missing manager is skipped without shifting or
-- duplicating another callback.
local H = require("humanoid")
H.define()
local g = H.spawn(0x50000003, {managers = {"movement", "particle", "script"}})
world.move(g, {forward = "WalkForward"})
world.trace_clear()
world.step(0.05)
local want = H.without(H.FULL, "PositionManager::adjust_offset", "DetectionManager::CheckDetection",
  "TargetManager::HandleTargetting", "PositionManager::UseTime")
expect.eq(world.stages(g), want)
