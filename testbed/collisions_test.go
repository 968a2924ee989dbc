package testbed

import (
	"strings"
	"testing"
)

// TestWorldCollisions: two sample humans walking head-on stop against
// each other; world.collisions of each names the other as an object hit
// with a normal pointing back at itself along the walk and no polygon (a
// body's spheres); before they meet, the list is empty.
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
world.advance(5)
local ca, cb = world.collisions(a), world.collisions(b)
expect.eq(#ca >= 1, true, "a hit b")
expect.eq(ca[1].kind, "object")
expect.eq(ca[1].guid, b)
expect.eq(ca[1].normal[2] < -0.9, true, "a's normal points south, back at a")
expect.eq(#ca[1].polygon, 0, "spheres have no polygon")
expect.eq(cb[1].guid, a)
expect.eq(cb[1].normal[2] > 0.9, true, "b's normal points north")
local gap = world.position(b).origin[2] - world.position(a).origin[2]
expect.eq(gap > 0.85 and gap < 0.95, true, "stopped touching: " .. gap)
expect.eq(world.collisions(0x7FFFFFFF), nil)
`
	err := runLua(t, src)
	if err == nil || !strings.Contains(err.Error(), "no object 0x7FFFFFFF") {
		t.Fatalf("err %v, want only the unknown object's error at the end", err)
	}
}
