def point(x, y):
    return (x, y)
opts = {"x": 1, "y": 2}
print(point(**opts))
print(point(**opts, x=5))
