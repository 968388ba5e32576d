# starred assignment targets
a, *b = [1, 2, 3, 4]
print(a, b)
*c, d = (1, 2, 3, 4)
print(c, d)
e, *f, g = range(5)
print(e, f, g)
h, *i = [1]
print(h, i)
*j, k, l = "xyz"
print(j, k, l)
m, *n, o = "ab"
print(m, n, o)
[p, *q] = (9, 8, 7)
print(p, q, type(q))
(r, *s), t = "abc", 4
print(r, s, t)
for first, *rest in [(1, 2, 3), (4,), "hey"]:
    print(first, rest)
*everything, = {"k": 1}
print(everything)
print([*range(3), *"ab"], (*[1, 2], 3), {*(1, 1, 2)}, {**{"a": 1}, "b": 2})
