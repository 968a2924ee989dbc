-- Server messages through the inbound path: a CreateObject for a corpse and
-- a walking creature, motion updates (one stale), an ObjDescEvent that must
-- not disturb the animation, raw bytes, and a DeleteObject.
local HUMAN, TABLE = 0x02000001, 0x09000001
world.send{type = "CreateObject", guid = 0x50000101, instance = 1, name = "Corpse of Drudge",
  setup = HUMAN, motion_table = TABLE, cell = 0xA9B40012, origin = {60, 40, 80},
  movement = {style = "NonCombat", forward = "Dead"}}
expect.eq(world.motion_state(0x50000101).substate, "Dead")
expect.eq(#world.sequence(0x50000101).nodes, 1, "enter_world stripped the links")

world.send{type = "CreateObject", guid = 0x50000102, instance = 1, setup = HUMAN, motion_table = TABLE,
  cell = 0xA9B40012, origin = {70, 40, 80}}
world.send{type = "UpdateMotion", guid = 0x50000102, instance = 1, movement_sequence = 5, forward = "WalkForward"}
world.send{type = "UpdateMotion", guid = 0x50000102, instance = 1, movement_sequence = 4, forward = "RunForward"}
expect.eq(world.motion_state(0x50000102).substate, "WalkForward", "the stale RunForward was dropped")
local dropped = false
for _, e in ipairs(world.trace(0x50000102)) do
  if e.message == "UpdateMotion" and e.reason == world.reason.stale_movement_sequence then dropped = true end
end
expect.truthy(dropped, "the drop is traced")

world.advance(0.1)
local before = world.sequence(0x50000102)
world.send{type = "ObjDescEvent", guid = 0x50000102, instance = 1, visual_desc_sequence = 1, parts = {{part = 2, gfx = 0x01000999}}}
local after = world.sequence(0x50000102)
expect.eq(after.frame, before.frame, "ObjDescEvent leaves the sequence alone")
world.advance(1)
expect.eq(world.queues(0x50000102).pending_animations, {}, "the walk's MotionDone was not lost")

-- raw bytes: DeleteObject 0xF747, guid 0x50000101, instance 1, pad
world.send("47F70000 01010050 0100 0000")
local last = world.trace(0x50000101)[#world.trace(0x50000101)]
expect.eq({last.kind, last.message, last.reason}, {"message", "DeleteObject", nil}, "the delete is traced as applied")
expect.error(function() return world.reason.stale_movment_sequence end, "no drop reason")
expect.error(function() world.position(0x50000101) end, "no object")

-- 0xF619 PositionAndMovement: the position part, then SetObjectMovement
-- through the same gates as UpdateMotion (seed 004 Q1).
world.send{type = "PositionAndMovement", guid = 0x50000102, instance = 1, cell = 0xA9B40012, origin = {71, 40, 80},
  position_sequence = 1, movement_sequence = 6, forward = "RunForward"}
expect.eq(world.motion_state(0x50000102).substate, "RunForward", "0xF619's movement applied")
world.send{type = "PositionAndMovement", guid = 0x50000102, instance = 1, cell = 0xA9B40012, origin = {72, 40, 80},
  position_sequence = 2, movement_sequence = 6, forward = "WalkForward"}
expect.eq(world.motion_state(0x50000102).substate, "RunForward", "a repeated movement stamp is stale on 0xF619 too")
