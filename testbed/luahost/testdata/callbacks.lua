-- Registers callbacks that TestCall invokes from Go after the run.
function add(a, b) return a + b, "sum" end
function check(n)
	expect.eq(n, 1, "callback arg")
end
function spin()
	while true do end
end
