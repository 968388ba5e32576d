t = (1, 2, 3, 2, 1)
print(t.count(2), t.count(5), t.index(3), t.index(1, 1), len(t), t[1:4], t[::-1], t[-1])
print((1,), (), (1, 2) + (3,), (0,) * 3, () * 5, tuple("ab") * 2)
print((1, 2) < (1, 3), (1, 2) < (1, 2, 0), (2,) > (1, 9), (1, 2) == (1, 2), (1, 2) == [1, 2])
a, b, *rest = (1, 2, 3, 4)
first, *middle, last = range(5)
print(a, b, rest, first, middle, last)
x, y = y, x = 1, 2
print(x, y)
nested = ((1, 2), (3, (4, 5)))
(p, q), (r, (s, u)) = nested
print(p, q, r, s, u)
tl = ([1], 2)
tl[0].append(3)            # the list inside a tuple is mutable
print(tl, 3 in tl[0], 2 in tl, max((3, 1, 2)), sum((1, 2)), sorted((3, 1)))
print(tuple(reversed(t)), (1, 2, 3)[1:], (5,)[0], ((),), (((1,),),))
try:
    t[0] = 9
except TypeError as e:
    print("TypeError:", e)
print(hash((1, "a")) == hash((1, "a")), {(1, 2): "pt"}[(1, 2)], type(()).__name__)
