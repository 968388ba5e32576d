# generator expressions
g = (x * 2 for x in range(4))
print(type(g).__name__)
print(next(g), next(g), list(g), list(g))
print(sum(x * x for x in range(10)))
print(max(len(w) for w in ["a", "abc", "ab"]), min((x for x in [5, 3, 8])))
print(any(x > 3 for x in [1, 2, 5]), all(x > 0 for x in [1, 2, -1]))
print(list((a, b) for a in "ab" for b in "12"))
print(sorted((x % 3, x) for x in range(6)))
print("".join(c for c in "h-e-l-l-o" if c != "-"))
print(tuple(i for i in range(3)), set(i % 2 for i in range(5)))
print(dict((k, k * 2) for k in "xy"))
evaluated = []
def src():
    for i in range(3):
        evaluated.append(i)
        yield i
lazy = (i * 10 for i in src())
print(evaluated)
print(next(lazy), evaluated)
print(list(lazy), evaluated)
