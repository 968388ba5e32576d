# unpacking in calls: f(*a, **k)
def f(a, b, c, d=4):
    return [a, b, c, d]
args = [1, 2, 3]
print(f(*args))
print(f(*args, d=40))
print(f(1, *[2, 3]))
print(f(*[1], *(2,), 3))
print(f(**{"a": "A", "b": "B", "c": "C"}))
print(f(1, **{"c": 3, "b": 2}))
print(f(*"xy", **{"c": "z"}, d="w"))
print(f(*range(3), **{}, **{"d": 0}))
print(max(*[3, 9, 2]), print(*["a", "b"], sep="-"))
print(*[], "only")
print(*(i * i for i in range(4)))
kw = {"sep": "|", "end": "!\n"}
print(1, 2, 3, **kw)
