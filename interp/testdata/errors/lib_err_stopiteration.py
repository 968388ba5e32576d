it = iter([1, 2])
print(next(it))
print(next(it))
print(next(it))
