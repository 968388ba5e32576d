# in / not in / is / is not
print(2 in [1, 2, 3], 4 not in [1, 2, 3], "b" in "abc", "bc" in "abc", "" in "abc")
print("ac" in "abc", "x" not in "", 3 in (1, 2, 3), 3 in {3: "v"}, "v" in {3: "v"})
print(5 in range(10), 10 in range(10), 4 in range(0, 10, 2), 5 in range(0, 10, 2))
print([1] in [[1], 2], (1, 2) in [(1, 2)], 1 in {1, 2}, 1.0 in {1})
a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c, a is not c, not a is c)
print(None is None, None is not None, True is True, type(1) is int, type(a) is list)
x = None
print(x is None, x == None, x is not None)
class E:
    def __eq__(self, other):
        return True
e = E()
print(e == 1, e in [1], e is e, e in [e], 1 in [e])
print(not 1 in [2], not (1 in [2]), 1 not in [2])
