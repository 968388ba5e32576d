print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed(range(4))), list(reversed((1, 2))))
print("".join(reversed("hello")), list(reversed([])), list(reversed(range(0, 10, 3))))
print(sorted([3, 1, 2]), sorted("cba"), sorted((3, 1)), sorted({3: "a", 1: "b"}), sorted({5, 2, 9}))
print(sorted([3, 1, 2], reverse=True), sorted(["bb", "a", "ccc"], key=len), sorted(["bb", "a", "ccc"], key=len, reverse=True))
words = ["apple", "Bob", "cat", "Dog", "egg"]
print(sorted(words), sorted(words, key=str.lower))
pairs = [(1, "b"), (0, "z"), (1, "a"), (0, "y"), (2, "c")]
print(sorted(pairs, key=lambda p: p[0]))                  # stable
print(sorted(pairs, key=lambda p: p[0], reverse=True))    # stable in reverse too
print(sorted(pairs))
print(sorted([1.5, -2, 0, True, 3]), sorted([[2, 1], [1, 2], [1]]), sorted([]))
xs = [4, 2, 3]
ys = sorted(xs)
print(xs, ys, xs is ys)
r = reversed([1, 2])
print(next(r), list(r))
print(sorted(["b", "a", "B", "A", "_", "1"]), sorted([-1, -3, 2], key=abs))
