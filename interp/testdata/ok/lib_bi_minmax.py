words = ["pear", "fig", "banana", "kiwi", "plum"]
print(min(words, key=len), max(words, key=len))    # ties: the first wins
print(max(["aa", "b", "cc"], key=len), min(["aa", "b", "c"], key=len))
print(min([], default=None), max([], default="empty"), max([5], default=0))
print(max(3, 7, key=lambda x: -x), min(1, 2, 3, key=lambda x: (x % 2, x)))
d = {"a": 3, "b": 9, "c": 1}
print(max(d), max(d, key=d.get), min(d.items(), key=lambda kv: kv[1]))
print(max([(1, "b"), (1, "a"), (0, "z")]), min("hello"), max(range(-5, 3), key=abs))
print(max([1, 5, 5.0]), max([5.0, 5, 1]), min([[2], [1, 9], [1]]))
print(max(x * 2 for x in [3, 1, 4]), min(iter([9, 8])), max("abc", "abd"))
print(max([-1, -2], key=abs, default=7), min([], key=abs, default=7))
