local function sum(a, b) return a + b end
expect.eq(sum(1, 1), 2)

expect.eq(sum(1, 2), 4, "sum")
error("not reached")
