class Evens:
    def __contains__(self, x):
        print("contains", x)
        return x % 2 == 0

e = Evens()
print(4 in e)
print(3 in e)
print(3 not in e)

class Weird:
    def __contains__(self, x):
        return x            # a truthy non-bool becomes True

w = Weird()
print(5 in w, 0 in w, "" in w, [1] in w)

class Range2:
    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi
    def __contains__(self, x):
        return self.lo <= x < self.hi
print([x for x in range(10) if x in Range2(3, 6)])
print(2 in [1, 2], 2 in (1,), "b" in "abc", "ac" in "abc", "" in "abc")
print(1 in {1: "a"}, "a" in {1: "a"}, 3 in {3, 4}, 3 in range(0, 10, 3), 4 in range(0, 10, 3))
print([1] in [[1], [2]], (1, 2) in {(1, 2): 0}, None in [None])
