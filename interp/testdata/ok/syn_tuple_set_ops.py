# tuples and sets of small ints
t = (1, 2, 3)
print(t + (4,), t * 2, t[0], t[-1], len(t), t.index(2), t.count(1), 2 in t)
print((), (1,), tuple(), tuple("ab"), (1, 2) == (1, 2), (1, 2) < (1, 3), (1,) < (1, 0))
nested = ((1, 2), (3, 4))
print(nested[1][0], sum(a * b for a, b in nested), hash((1, 2)) == hash((1, 2)))
s = {3, 1, 2}
s.add(4)
s.add(1)
s.discard(10)
s.remove(3)
print(s, len(s), 2 in s, sorted(s))
a, b = {1, 2, 3, 4}, {3, 4, 5}
print(a & b, a | b, a - b, b - a, a ^ b)
print(a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b))
print({1, 2} <= a, {1, 2} < {1, 2}, a >= {1}, a.issubset(a), {1}.isdisjoint({2}))
print(set(), set([1, 1, 2]), set(range(5)), {0} | set(), len(set("aab")))
f = {x * x for x in range(-3, 4)}
print(sorted(f), f == {0, 1, 4, 9})
print(s.pop() in {1, 2, 4}, len(s))
print(max((1, 5), (2, 0)), min(((0, "b"), (0, "a"))), sorted({5, 3, 1}, reverse=True))
