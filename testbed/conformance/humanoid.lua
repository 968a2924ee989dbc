-- Shared inline data for the conformance scenarios: a 3-part humanoid with
-- Ready and WalkForward cycles, a 3-frame ready→walk link, a walk→ready
-- link and a sidestep modifier. No DAT file is needed.
local M = {}

M.SETUP, M.TABLE = 0x02000001, 0x09000001
M.READY, M.WALK, M.LINK, M.STOP = 0x03000001, 0x03000002, 0x03000003, 0x03000004

-- define(opt): opt.link_hooks = {[frame] = {hook, ...}} on the ready→walk link.
function M.define(opt)
  opt = opt or {}
  world.animation{id = M.READY, frames = 4, parts = 3}
  world.animation{id = M.WALK, frames = 10, parts = 3}
  world.animation{id = M.LINK, frames = 3, parts = 3, hooks = opt.link_hooks}
  world.animation{id = M.STOP, frames = 3, parts = 3}
  world.setup{id = M.SETUP, parts = 3, default_script = opt.default_script}
  world.motion_table{
    id = M.TABLE, default_style = "NonCombat", style_defaults = {NonCombat = "Ready"},
    cycles = {
      {motion = "Ready", anims = {{anim = M.READY}}},
      {motion = "WalkForward", anims = {{anim = M.WALK}}, velocity = {0, 3.12, 0}},
    },
    modifiers = {{motion = "SideStepRight", velocity = {1.25, 0, 0}}},
    links = {
      {from = "Ready", to = "WalkForward", anims = {{anim = M.LINK}}, velocity = {0, 1, 0}},
      {from = "WalkForward", to = "Ready", anims = {{anim = M.STOP}}},
    },
  }
end

-- spawn(guid, fields): a creature using the humanoid, fields override.
function M.spawn(guid, fields)
  local t = {archetype = "creature", guid = guid, cell = 0x01010001, setup = M.SETUP, motion_table = M.TABLE}
  for k, v in pairs(fields or {}) do t[k] = v end
  return world.spawn(t)
end

-- frame_of(guid, pattern): the frame of the first event matching pattern.
function M.frame_of(guid, pattern)
  for _, e in ipairs(world.trace(guid)) do
    local ok = true
    for k, v in pairs(pattern) do
      if e[k] ~= v then ok = false end
    end
    if ok then return e.frame end
  end
  return nil
end

-- events(guid, frame): the object's events (and frame steps) of one frame.
function M.events(guid, frame)
  local out = {}
  for _, e in ipairs(world.trace(guid)) do
    if e.frame == frame then out[#out + 1] = e end
  end
  return out
end

-- stages_in(guid, frame): the object's stage names of one frame.
function M.stages_in(guid, frame)
  local out = {}
  for _, e in ipairs(world.trace(guid)) do
    if e.frame == frame and e.kind == "stage" and e.obj == guid then out[#out + 1] = e.stage end
  end
  return out
end

-- The ordinary schedule of one quantum with every manager present.
M.FULL = {
  "CPhysicsObj::update_object",
  "CPhysicsObj::UpdateObjectInternal",
  "CPartArray::Update",
  "PositionManager::adjust_offset",
  "Frame::combine",
  "CPhysicsObj::UpdatePhysicsInternal",
  "CPhysicsObj::process_hooks",
  "CPhysicsObj::transition",
  "DetectionManager::CheckDetection",
  "TargetManager::HandleTargetting",
  "MovementManager::UseTime",
  "CPartArray::HandleMovement",
  "PositionManager::UseTime",
  "ParticleManager::UpdateParticles",
  "ScriptManager::UpdateScripts",
}

-- without(list, names...): list minus the named stages.
function M.without(list, ...)
  local drop = {}
  for _, n in ipairs({...}) do drop[n] = true end
  local out = {}
  for _, s in ipairs(list) do
    if not drop[s] then out[#out + 1] = s end
  end
  return out
end

M.ALL_MANAGERS = {"movement", "position", "target", "detection", "particle", "script", "physics_hooks"}

return M
