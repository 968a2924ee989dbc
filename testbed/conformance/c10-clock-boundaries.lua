-- Seed 000 case 10: the ordinary epsilon/Min/Max/Huge boundaries and the
-- static epsilon/Huge boundaries, each on both sides, strict comparisons.
-- The constants are floats (0.000199999995f, 1/30, 0.1, 2.0 as float32);
-- the double elapsed time is compared against their float32 values.
local H = require("humanoid")
H.define()
local EPS, MIN, MAX, HUGE = 0.00019999999494757503, 0.03333333507180214, 0.10000000149011612, 2.0
local g = H.spawn(0x50000060)
world.animation{id = 0x03000100, frames = 8, parts = 1}
world.setup{id = 0x02000100, parts = 1, default_animation = 0x03000100}
local s = world.spawn{archetype = "static", guid = 0x70000002, setup = 0x02000100, cell = 0x01010001}

local function quanta(guid, stage, elapsed)
  world.set_update_time(guid, 0)
  world.set_clock(elapsed) -- elapsed exactly, no rounding
  world.trace_clear()
  world.update_object(guid)
  local n = 0
  for _, e in ipairs(world.trace(guid)) do
    if e.stage == stage then n = n + 1 end
  end
  return n
end

local ordinary = {
  {EPS, 0}, {EPS * 1.5, 0},       -- rebased / kept in the clock
  {MIN, 0}, {MIN + 1e-6, 1},       -- MinQuantum strict
  {MAX, 1}, {MAX + 0.05, 2},       -- MaxQuantum strict subdivision
  {HUGE, 20}, {HUGE + 1e-6, 0},    -- HugeQuantum strict discard
}
for _, c in ipairs(ordinary) do
  expect.eq(quanta(g, "CPhysicsObj::UpdateObjectInternal", c[1]), c[2], "ordinary elapsed " .. c[1])
end
local static = {{EPS, 0}, {EPS * 1.5, 1}, {MIN, 1}, {MAX + 0.5, 1}, {HUGE, 1}, {HUGE + 1e-6, 0}}
for _, c in ipairs(static) do
  expect.eq(quanta(s, "CPartArray::Update", c[1]), c[2], "static elapsed " .. c[1])
end
