# lambda expressions
sq = lambda x: x * x
print(sq(5), (lambda: "no args")(), (lambda a, b=2: a + b)(1))
print((lambda *a: a)(1, 2), (lambda **k: sorted(k))(b=1, a=2))
print((lambda a, *, b: a - b)(5, b=3))
add = lambda a, b: a + b
print(add("x", "y"), add(b=1, a=2))
pairs = [(1, "b"), (3, "a"), (2, "c")]
print(sorted(pairs, key=lambda p: p[1]))
print(list(map(lambda x: x + 1, [1, 2])), list(filter(lambda x: x % 2, range(6))))
compose = lambda f, g: lambda x: f(g(x))
inc_then_double = compose(lambda x: x * 2, lambda x: x + 1)
print(inc_then_double(4))
print(sq.__name__, type(sq).__name__)
print((lambda x: (lambda y: x + y))(10)(5))
print(max(["aa", "b", "cccc"], key=lambda s: len(s)))
default = 3
capture = lambda d=default: d
default = 4
print(capture(), (lambda: default)())
