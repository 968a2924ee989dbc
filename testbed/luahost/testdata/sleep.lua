-- sleep is a Go function registered by the test; only the wall clock stops this.
while true do
	sleep(10)
end
