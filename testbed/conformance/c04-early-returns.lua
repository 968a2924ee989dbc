-- Seed 000 case 4: parented, cell-less and Frozen objects return before
-- clock admission and lose Active.
local H = require("humanoid")
H.define()
local parent = H.spawn(0x50000010)
local child = H.spawn(0x50000011)
local nocell = H.spawn(0x50000012)
local frozen = H.spawn(0x50000013)
world.attach(child, parent)
world.set_cell(nocell, 0)
world.set_state(frozen, {"Gravity", "Frozen"})
world.trace_clear()
world.step(0.05)
for _, g in ipairs({child, nocell, frozen}) do
  expect.eq(world.stages(g), {"CPhysicsObj::update_object"}, string.format("0x%08X", g))
  expect.falsy(world.state(g).active, "Active cleared")
end
-- the idle parent runs its whole schedule (it did not move: no transition)
expect.eq(world.stages(parent), H.without(H.FULL, "DetectionManager::CheckDetection", "CPhysicsObj::transition"))
