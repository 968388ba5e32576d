def combine(a, b):
    return a + b

print(combine([1], [2]))
print(combine((1,), (2,)))
print(combine([], ()))
