print(repr("abc"), repr("a'b"), repr('a"b'), repr("a'b\"c"), repr(""), repr("\n\t\\"), repr("é"), repr("\x00\x7f"))
print(repr(1), repr(-1.5), repr(1e16), repr(None), repr(True), repr([1, "a"]), repr((1, "a")), repr({"a": 1}))
print(repr(range(3)), repr(range(1, 10, 2)), repr([[]]), repr(1.0), repr(0.1), repr(1/3))
print(hash(1) == hash(1), hash(1) == hash(1.0), hash(1) == hash(True), hash(0) == hash(False) == hash(0.0))
print(hash("abc") == hash("ab" + "c"), hash((1, 2)) == hash((1, 2)), hash(42), hash(-1) == hash(-2), hash(0))
print(hash(2 ** 10), hash(None) == hash(None), type(hash("x")).__name__, hash(1.5) == hash(1.5))
print({1: "int", 1.0: "float", True: "bool"})      # equal keys collapse
try:
    hash([1])
except TypeError as e:
    print("TypeError:", e)
try:
    hash({})
except TypeError as e:
    print("TypeError:", e)
try:
    hash((1, [2]))
except TypeError as e:
    print("TypeError:", e)
print(hash(frozenset([1, 2])) == hash(frozenset([2, 1])))
