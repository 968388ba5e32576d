def f(a, *, key):
    return a, key
print(f(1, key=2))
f(1, 2)
