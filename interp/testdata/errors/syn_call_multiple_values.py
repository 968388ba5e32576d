def f(a, b=2):
    return a + b
print(f(1, b=3))
f(1, a=2)
