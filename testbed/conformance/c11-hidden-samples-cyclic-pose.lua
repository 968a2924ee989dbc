-- Seed 003 §1: SetState(visible → Hidden) at exactly the end of a
-- non-looping node: HandleEnterWorld moves the cursor to the cyclic tail's
-- starting frame, the pose is sampled without advancing time, and the
-- zero-time Hidden PES hooks run from the ScriptManager.
local H = require("humanoid")
H.define()
local RECALL, RECALL_ANIM, HIDDEN_PES = 0x10000153, 0x030009BF, 0x33000331
world.animation{id = RECALL_ANIM, frames = 151, parts = 3} -- frames 0..150
world.motion_table{
  id = 0x09000002, default_style = "NonCombat", style_defaults = {NonCombat = "Ready"},
  cycles = {{motion = "Ready", anims = {{anim = H.READY}}}},
  links = {{from = "Ready", to = RECALL, anims = {{anim = RECALL_ANIM, fps = 9.96}}}},
}
local hooks = {}
for i = 1, 14 do hooks[i] = {time = 0, type = "CreateParticle", id = 0x32000100 + i, emitter = i} end
hooks[15] = {time = 0, type = "Transparent", start = 0, ["end"] = 0.6}
world.script{id = HIDDEN_PES, hooks = hooks}

local g = H.spawn(0x50000070, {motion_table = 0x09000002, managers = H.ALL_MANAGERS})
expect.eq(world.do_motion(g, RECALL), 0, "recall accepted")
world.advance(15.06024096, 0.1) -- (150 - 0) / 9.96
local seq = world.sequence(g)
expect.eq(seq.nodes[seq.curr].anim, RECALL_ANIM, "the recall node is still current")
expect.eq(math.floor(seq.frame), 150, "at its final authored frame")

world.hide(g, HIDDEN_PES)
seq = world.sequence(g)
expect.eq(seq.curr, seq.first_cyclic, "cursor on the cyclic tail")
expect.eq(seq.nodes[seq.curr].anim, H.READY)
expect.eq(seq.frame, 0, "at its starting frame")

world.trace_clear()
world.step(0.05)
expect.eq(world.sequence(g).frame, 0, "Hidden samples, never advances")
expect.eq(world.part(g, 2).origin, {0, 2, 0}, "published pose is Ready frame 0")
expect.eq(world.particles(g).emitters, 14, "the 14 zero-time CreateParticle hooks ran")
expect.subsequence(world.stages(g), {"CPhysicsObj::process_hooks", "ScriptManager::UpdateScripts"})
for _, st in ipairs(world.stages(g)) do
  expect.ne(st, "CPartArray::Update", "no sequence advance while Hidden")
end
