package testbed

import (
	"strings"
	"testing"
)

// TestWorldCollisions: two sample humans walking head-on stop at each
// other; world.collisions of each names the other as an object hit with a
// normal pointing back at itself along the walk and no polygon (a body's
// spheres); before they meet, the list is empty. They stop apart: each
// keeps its last step clear of the other (the retail transition), so
// the gap is at least the radii's sum and at most that and a tick's walk
// each. (The slope they walk on drifts them sideways a little, so each
// is checked at its own first contact: later they slide round each
// other, as retail bodies do.)
func TestWorldCollisions(t *testing.T) {
	src := `
local block = sample.BLOCK
local ga, gb = world.ground(block, 60, 40), world.ground(block, 60, 46)
local a = world.spawn{setup = sample.HUMAN, cell = ga.cell, origin = {60, 40, ga.z}, heading = 0}
local b = world.spawn{setup = sample.HUMAN, cell = gb.cell, origin = {60, 46, gb.z}, heading = 180}
world.move(a, {forward = "WalkForward"})
world.move(b, {forward = "WalkForward"})
world.advance(0.2)
expect.eq(#world.collisions(a), 0, "nothing hit yet")
for _ = 1, 100 do
  world.advance(0.05)
  if #world.collisions(a) > 0 then break end
end
local ca = world.collisions(a)
expect.eq(#ca >= 1, true, "a hit b")
expect.eq(ca[1].kind, "object")
expect.eq(ca[1].guid, b)
expect.eq(ca[1].normal[2] < -0.9, true, "a's normal points south, back at a")
expect.eq(#ca[1].polygon, 0, "spheres have no polygon")
local pa, pb = world.position(a).origin, world.position(b).origin
local gap = math.sqrt((pb[1] - pa[1])^2 + (pb[2] - pa[2])^2)
expect.eq(gap >= 0.9 - 0.001 and gap < 0.9 + 2 * 0.2, true, "stopped apart: " .. gap)
local hb = nil
for _ = 1, 100 do
  for _, h in ipairs(world.collisions(b)) do
    if h.guid == a then hb = h end
  end
  if hb then break end
  world.advance(0.05)
end
expect.eq(hb ~= nil, true, "b hit a")
-- b stands higher on the slope, so its normal also points up.
local n = hb.normal
expect.eq(n[2] > 0 and math.abs(n[1]^2 + n[2]^2 + n[3]^2 - 1) < 1e-4, true, "b's normal points north, back at b")
expect.eq(world.collisions(0x7FFFFFFF), nil)
`
	err := runLua(t, src)
	if err == nil || !strings.Contains(err.Error(), "no object 0x7FFFFFFF") {
		t.Fatalf("err %v, want only the unknown object's error at the end", err)
	}
}
