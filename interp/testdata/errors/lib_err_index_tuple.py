point = (1, 2)
x, y = point
print(x, y, point[-1])
z = point[2]
