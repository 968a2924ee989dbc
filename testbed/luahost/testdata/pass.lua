-- Exercises every expect function on passing inputs, plus require/dofile.
local util = require("util")
local util2 = require("util")
expect.eq(util, util2, "require caches modules")
expect.eq(util.add(2, 3), 5)
expect.eq(require("lib.vec").len({3, 4}), 5, "dotted module name")
expect.eq(dofile("lib/data.lua"), {name = "drudge", hp = 12, tags = {"a", "b"}})
expect.eq({a = {b = {1, 2}}}, {a = {b = {1, 2}}}, "deep tables")
expect.ne({1, 2}, {1, 3})
expect.ne("a", "b")
expect.near(0.1 + 0.2, 0.3, 1e-12)
expect.near({x = 1.0, y = 2.0}, {x = 1.0000001, y = 1.9999999}, 1e-6, "vectors")
expect.truthy(0, "zero is true in Lua")
expect.falsy(nil)
expect.falsy(false)
local msg = expect.error(function() error("boom: 42") end, "boom: %d+")
expect.truthy(msg:find("pass.lua:16:"), "error message carries the location")
expect.error(function() expect.eq(1, 2) end, "expect.eq failed: got 1, want 2")

local trace = {
	{frame = 1, obj = "0x00000001", stage = "CPhysicsObj::update_object", dt = 0.1},
	{frame = 1, obj = "0x00000001", stage = "CPartArray::Update", dt = 0.1},
	{frame = 1, obj = "0x00000001", stage = "Frame::combine"},
	{frame = 1, obj = "0x00000001", stage = "CPhysicsObj::process_hooks"},
}
local at = expect.subsequence(trace, {
	{stage = "CPhysicsObj::update_object"},
	{stage = "Frame::combine", obj = "0x00000001"},
	{stage = "CPhysicsObj::process_hooks"},
})
expect.eq(at, {1, 3, 4})
expect.subsequence({1, 2, 3, 4, 5}, {2, 4, 5})
expect.subsequence({}, {})

-- loadstring compiles inside the sandbox and runs under the same budget.
expect.eq(loadstring("return 6 * 7")(), 42)

-- coroutines are available.
local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
expect.eq({gen(), gen(), gen()}, {1, 2, 3})
print("pass.lua done")
