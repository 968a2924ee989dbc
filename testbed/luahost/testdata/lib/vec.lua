return { len = function(v) return math.sqrt(v[1] * v[1] + v[2] * v[2]) end }
