# starred expressions in displays, returns and yields
def head_tail(xs):
    first, *rest = xs
    return first, *rest, "end"
print(head_tail([1, 2, 3]))
def gen(*parts):
    yield *parts, len(parts)
print(list(gen("a", "b")))
a = [1, 2]
b = (3, 4)
print([*a, *b], (*a, *b), {*a, *b}, [*a, *"xy", *range(2)])
print({**{"a": 1, "b": 2}, **{"b": 20, "c": 30}, "d": 4})
print(*a, *b, sep=",")
t = *a, *b
print(t, type(t))
first, *middle, last = *a, *b
print(first, middle, last)
for x, *ys in [(1, 2, 3), (4, 5)]:
    print(x, ys)
print([*[]], (*(),), {**{}})
