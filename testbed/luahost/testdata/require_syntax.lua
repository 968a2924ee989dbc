local m = require("lib.broken")
