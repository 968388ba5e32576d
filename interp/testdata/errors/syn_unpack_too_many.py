point = (1, 2, 3)
x, y = point
print(x, y)
