dofile("../luahost_test.go")
