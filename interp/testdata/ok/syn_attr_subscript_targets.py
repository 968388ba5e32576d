# assignment to attributes and subscripts
class Box:
    pass
b = Box()
b.x = 1
b.y = b.x + 1
b.inner = Box()
b.inner.z = [0, 0]
b.inner.z[1] = "set"
print(b.x, b.y, b.inner.z)
d = {}
d["k"] = 1
d[(1, 2)] = "tuple key"
d[3] = d.get(3, 0) + 5
print(d)
grid = [[0] * 3 for _ in range(2)]
grid[1][2] = 7
print(grid)
shared = [[0] * 3] * 2
shared[0][0] = 1
print(shared)
nested = {"a": {"b": {}}}
nested["a"]["b"]["c"] = 3
print(nested)
b.x, d["k"], grid[0][0] = "X", "K", "G"
print(b.x, d["k"], grid[0])
setattr(b, "w", 5)
print(getattr(b, "w"), hasattr(b, "nope"), getattr(b, "nope", "dflt"))
