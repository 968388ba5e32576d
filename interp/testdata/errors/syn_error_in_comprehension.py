data = [4, 2, 0, 1]
print([100 // x for x in data[:2]])
print([100 // x for x in data])
