a = {1, 2, 3, 4}
b = {3, 4, 5}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(b - a), sorted(a ^ b))
print(sorted(a.union(b, [9])), sorted(a.intersection(b)), sorted(a.difference(b)), sorted(a.symmetric_difference(b)))
print({1, 2} <= a, {1, 2} < a, a <= a, a < a, a >= {1}, a > a, {1, 9} <= a, set() < a)
print({1, 2}.issubset(a), a.issuperset([1, 2]), a.isdisjoint({7, 8}), a.isdisjoint(b))
s = {1}
s.add(2)
s.add(1)
s.discard(5)
s.discard(1)
print(s)
s.remove(2)
print(s, len(s))
try:
    s.remove(42)
except KeyError as e:
    print("KeyError:", e)
s = {3, 1, 2}
s.update([5, 4], (6,))
print(sorted(s), s.pop() in {1, 2, 3, 4, 5, 6}, len(s))
s.clear()
print(s, set(), {0} == {False}, {1, 2} == {2, 1})
f = frozenset([3, 1, 2, 1])
print(f, sorted(f), len(f), 2 in f, f | {9}, type(f | {9}).__name__, type({9} | f).__name__)
print(frozenset(), frozenset() == set(), {frozenset([1]): "key"}[frozenset([1])])
t = {1, 2, 3}
t |= {4}
t &= {1, 2, 4}
t -= {1}
t ^= {2, 7}
print(sorted(t), {x % 3 for x in range(10)}, set("aab") == {"a", "b"})
c = a.copy()
c.add(100)
print(100 in a, 100 in c, {5, 1, 3})
