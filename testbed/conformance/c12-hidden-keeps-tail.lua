-- Seed 003 §2.1 / seed 000 case 5: Hidden is not a reason to skip the
-- PositionManager adjustment or the Script/Particle tail — a hidden object
-- still interpolates and still runs its scripts.
local H = require("humanoid")
H.define()
world.script{id = 0x33000020, hooks = {{time = 0.1, type = "CreateParticle", id = 0x32000200, emitter = 9}}}
local g = H.spawn(0x50000080, {managers = H.ALL_MANAGERS})
world.hide(g)
world.play_script(g, 0x33000020)
world.interpolate_to(g, {1, 0, 0})
world.advance(0.3, 0.05)
local p = world.position(g)
expect.near(p.origin[1], 1, 1e-4, "adjust_offset moved the hidden object to its target")
expect.eq(world.particles(g).emitters, 1, "the script's delayed hook ran while Hidden")
expect.eq(world.sequence(g).frame, 0, "the sequence stayed put")
