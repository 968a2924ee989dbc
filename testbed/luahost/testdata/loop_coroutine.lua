-- Instructions inside coroutines count against the same budget.
local co = coroutine.wrap(function()
	while true do end
end)
co()
