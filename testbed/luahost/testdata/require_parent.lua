require("../x")
