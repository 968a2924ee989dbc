package testbed

import (
	"fmt"
	"testing"

	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/sampleworld/world"
)

// TestStreamedTownHouseIsEntered: with streaming on over the sample DATs,
// the player, logged in behind the barrier, walking north from the town's
// plaza through the first house's doorway ends in the house's EnvCell
// (streaming spawned the house as a plain object and handed the EnvCell
// to collision), stopped by the room's north wall short of its radius
// (by at most a tick's move: retail keeps the last clear step).
func TestStreamedTownHouseIsEntered(t *testing.T) {
	h := world.TownHouses[0]
	src := fmt.Sprintf(`
world.stream{near = 1, far = 1}
local g = world.ground(0x%08X, %v, %v)
local p = world.spawn{archetype = "player", guid = 0x50000100, setup = sample.HUMAN, cell = g.cell, origin = {%v, %v, g.z}, heading = 0}
world.set_player(p)
for _ = 1, 300 do
  world.stream_wait()
  world.step(1 / 30)
  if world.travel() == "" then break end
end
expect.eq(world.travel(), "", "logged in")
world.input{forward = true}
for _ = 1, 240 do world.step(1 / 30) end
world.input{}
local at = world.position(p)
expect.eq(at.cell, 0x%08X, "in the house's EnvCell")
expect.eq(at.origin[2] <= %[7]v + 0.01 and at.origin[2] > %[7]v - 0.2, true, "stopped at the north wall: y " .. at.origin[2])
`, uint32(sampleworld.TownBlock&0xFFFF0000), h.X, h.Y-8, h.X, h.Y-8, uint32(sampleworld.TownHouseCell0), h.Y+3-0.45)
	if err := runLua(t, src); err != nil {
		t.Fatal(err)
	}
}
