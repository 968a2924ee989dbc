require("nope")
