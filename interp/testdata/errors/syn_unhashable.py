seen = {}
seen[(1, 2)] = True
print(seen)
seen[[1, 2]] = True
