items = [3, 1, 2]
print(sorted(items))
print(1 < "a")
