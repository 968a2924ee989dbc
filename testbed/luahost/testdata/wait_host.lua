-- wait_host blocks in Go on Host.Context() until the wall-clock limit trips.
wait_host()
error("not reached")
