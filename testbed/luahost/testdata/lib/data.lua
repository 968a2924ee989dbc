return {name = "drudge", hp = 12, tags = {"a", "b"}}
