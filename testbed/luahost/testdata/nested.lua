-- run is a Go function calling Host.RunFile; see TestNestedRunFile.
run("testdata/loop.lua")
error("not reached: the shared budget is exhausted")
