-- The local player jumps through world.jump: CMotionInterp::jump with the
-- extent, LeaveGround, and the Jump game action 0xF7B1/0xF61B with its
-- JumpPack in the outbound log; a jump in the air is refused and not sent.
local HUMAN = 0x02000001
local BLOCK = 0xA9B40000
local g = world.ground(BLOCK, 96, 30)
local player = world.spawn{archetype = "player", guid = 0x50000000, setup = HUMAN,
  cell = g.cell, origin = {96, 30, g.z}, heading = 0}
world.set_player(player)
world.advance(0.5)

expect.eq(world.jump(0.5), 0, "standing on the ground, the jump is allowed")
local out = world.outbound()
expect.eq(#out, 1, "one Jump")
expect.eq(out[1].name, "Jump")
expect.eq(out[1].action, 0xF61B, "GameAction type Jump")
expect.eq(out[1].bytes:sub(25, 32), "0000003f", "JumpPack extent 0.5 (float32, little-endian)")
expect.truthy(world.position(player).velocity[3] > 0, "the player left the ground")

world.step()
expect.eq(world.jump(1), 0x24, "in the air: YouCantJumpWhileInTheAir")
expect.eq(#world.outbound(), 2, "the refusal is logged")
expect.eq(world.outbound()[2].bytes, "", "and not sent")
world.advance(3)
expect.eq(world.jump(), 0, "landed again: the default extent 1 jumps")
expect.eq(world.outbound()[3].bytes:sub(25, 32), "0000803f", "extent 1.0")
