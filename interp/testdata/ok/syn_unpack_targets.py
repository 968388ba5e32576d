# tuple, list and nested unpacking
a, b = 1, 2
print(a, b)
(c, d) = [3, 4]
[e, f] = (5, 6)
print(c, d, e, f)
g, = [7]
print(g)
(h, (i, j)), k = (8, (9, 10)), 11
print(h, i, j, k)
[l, [m, n]] = ["L", "MN"]
print(l, m, n)
x, y, z = "xyz"
print(x, y, z)
p, q = {"one": 1, "two": 2}
print(p, q)
r, s = range(2)
print(r, s)
for idx, (key, val) in enumerate([("a", 1), ("b", 2)]):
    print(idx, key, val)
t = u = 1, 2
print(t, u)
(v), w = 1, 2
print(v, w)
