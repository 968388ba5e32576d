# call argument forms mixed together
def f(*args, b=1, **kw):
    return args, b, kw
print(f(*[1], 2, *[3], b=4, **{"c": 5}))
print(f(), f(b=0), f(1, 2), f(x=1, **{"y": 2}, z=3))
def g(*, a=1, b):
    return a, b
print(g(b=2), g(a=0, b=0))
def outer():
    total = 0
    for i in range(3):
        def add():
            nonlocal total
            total += i
        add()
    return total
print(outer())
def pos(a, b, /):
    return a - b
print(pos(5, 3), pos(*(3, 5)))
def kw_after(a, *rest, sep="-"):
    return sep.join([a, *rest])
print(kw_after("x", "y", "z"), kw_after("x", "y", sep="+"))
print(dict(a=1, **{"b": 2}), {**{1: "a"}, 1: "b"})
def trailing(a, b,):
    return a + b
print(trailing(1, 2,), trailing(
    3,
    4,
))
