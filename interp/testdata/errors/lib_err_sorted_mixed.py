print(sorted([3, 1, 2]))
print(sorted(["b", "a"]))
data = [3, "a", 1]
print(sorted(data))
