grid = {(0, 0): "a", (0, 1): "b"}
print(grid[0, 1])
print(grid[(1, 2)])
