# comprehension variables do not leak
x = "outer"
squares = [x * x for x in range(4)]
print(x, squares)
y = "kept"
evens = {y for y in range(4) if y % 2 == 0}
print(y, evens)
k = "k"
d = {k: v for k, v in [(1, 2)]}
print(k, d)
total = sum(z for z in range(5))
try:
    z
except NameError as e:
    print("NameError:", e)
base = 10
print([base + i for i in range(3)])
def f():
    m = 100
    return [m + j for j in range(2)]
print(f())
funcs = [lambda: i for i in range(3)]
print([g() for g in funcs])
n = 2
print([[n * row + col for col in range(n)] for row in range(n)])
