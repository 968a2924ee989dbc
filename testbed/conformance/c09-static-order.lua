-- Seed 000 case 9: static objects keep their Script → Particle → hooks order.
local H = require("humanoid")
world.script{id = 0x33000010, hooks = {{time = 0, type = "Sound", id = 7}}}
world.animation{id = 0x03000100, frames = 8, parts = 1}
world.setup{id = 0x02000100, parts = 1, default_animation = 0x03000100, default_script = 0x33000010}
local g = world.spawn{archetype = "static", guid = 0x70000001, setup = 0x02000100, cell = 0x01010001}
world.trace_clear()
world.step(0.05)
expect.eq(world.stages(g, "static"), {
  "CPhysicsObj::animate_static_object",
  "CPartArray::Update",
  "CPhysicsObj::UpdatePartsInternal",
  "CPhysicsObj::UpdateChildrenInternal",
  "ScriptManager::UpdateScripts",
  "ParticleManager::UpdateParticles",
  "CPhysicsObj::process_hooks",
})
expect.eq(world.stages(g, "ordinary"), {}, "a static object is not in the ordinary table")
