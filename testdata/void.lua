-- The ground check's control: one figure on a landblock the sample world
-- does not have, so nothing streams and the frame is the sky around it
-- (main_examples_test.go must find it mostly the clear colour).
local HUMAN = world.find_setups{motion_table = true, cycles = {"Ready"}, limit = 1}[1]
assert(HUMAN, "no humanoid in these DATs")
world.spawn{setup = HUMAN, cell = 0x10100001, origin = {12, 12, 50}, heading = 0}
