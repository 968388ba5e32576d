# set and dict comprehensions
print({x % 5 for x in range(20)})
print(sorted({w[0] for w in ["apple", "avocado", "banana", "cherry"]}))
print({x: x * x for x in range(5)})
print({v: k for k, v in {"a": 1, "b": 2}.items()})
print({k: len(k) for k in ["one", "three", "five"] if len(k) > 3})
print({(i, j): i * j for i in range(2) for j in range(2)})
print({c: i for i, c in enumerate("abca")})
print({x for x in ()}, {k: 0 for k in ""})
words = ["a", "bb", "cc", "ddd"]
by_len = {len(w): [u for u in words if len(u) == len(w)] for w in words}
print(by_len)
print(type({x for x in "a"}), type({x: 1 for x in "a"}))
print({i: {j for j in range(i)} for i in range(4)})
