-- wait blocks in Go on the context until the wall-clock limit trips.
wait()
error("not reached")
