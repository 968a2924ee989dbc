-- Seed 000 case 5: an inactive object keeps only Particle then Script; a
-- Hidden + Active object skips sequence advance and physics integration but
-- keeps adjust_offset, hooks and the whole manager tail.
local H = require("humanoid")
H.define()
local idle = H.spawn(0x50000020, {inactive = true, managers = H.ALL_MANAGERS})
local hidden = H.spawn(0x50000021, {managers = H.ALL_MANAGERS})
world.move(hidden, {forward = "WalkForward"})
world.hide(hidden)
world.trace_clear()
world.step(0.05)
expect.eq(world.stages(idle), {
  "CPhysicsObj::update_object", "CPhysicsObj::UpdateObjectInternal",
  "ParticleManager::UpdateParticles", "ScriptManager::UpdateScripts",
})
-- a hidden object does not move: no transition either
expect.eq(world.stages(hidden), H.without(H.FULL, "CPartArray::Update",
  "CPhysicsObj::UpdatePhysicsInternal", "CPhysicsObj::transition"))
local before = world.sequence(hidden).frame
world.step(0.05)
expect.eq(world.sequence(hidden).frame, before, "Hidden does not advance the sequence")
