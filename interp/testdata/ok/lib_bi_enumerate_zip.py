for i, c in enumerate("ab"):
    print(i, c)
print(list(enumerate(["x", "y"], 1)), list(enumerate("z", start=-2)), list(enumerate([])))
print(list(zip([1, 2, 3], "ab")), list(zip("abc", range(10), [True, False, None])))
print(list(zip()), list(zip([1, 2])), list(zip([], [1])))
m = [[1, 2, 3], [4, 5, 6]]
print(list(zip(*m)), [list(r) for r in zip(*m)])
keys = ["a", "b", "c"]
print(dict(zip(keys, range(3))), dict(enumerate(keys)))
e = enumerate("xyz")
print(next(e), next(e), list(e))
z = zip([1, 2], [3, 4])
print(next(z), list(z), list(z))
for i, (a, b) in enumerate(zip("pq", "rs")):
    print(i, a, b)
print(type(enumerate([])).__name__, type(zip()).__name__)
