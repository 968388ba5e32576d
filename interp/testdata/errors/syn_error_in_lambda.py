inverse = lambda v: 1 / v
print(inverse(4))
print(list(map(inverse, [2, 0])))
