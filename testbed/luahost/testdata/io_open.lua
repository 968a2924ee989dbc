local f = io.open("x")
