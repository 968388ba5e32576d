print(list(map(str, [1, 2, 3])), list(map(len, ["a", "bb", ""])))
print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6])))
print(list(map(lambda a, b, c: a + b + c, "ab", "cd", "ef")))
print(list(map(pow, [2, 3, 4], [1, 2])))              # stops at the shortest
print(list(filter(None, [0, 1, "", "a", [], [0], None, False, 2.5])))
print(list(filter(lambda x: x % 2, range(10))), list(filter(str.isdigit, "a1b2c3")))
m = map(abs, [-1, -2, -3])
print(next(m), list(m), list(m))                      # lazy and single-use
calls = []
def noisy(x):
    calls.append(x)
    return x * 10
lazy = map(noisy, [1, 2, 3])
print(calls)
first = next(lazy)
print(first, calls)
print(type(map(str, [])).__name__, type(filter(None, [])).__name__)
print(sum(map(int, "12345")), dict(map(lambda s: (s, len(s)), ["ab", "c"])))
print(list(map(int, ["1", "2"], [10, 16])), "".join(filter(str.isalpha, "h3ll0 w0rld")))
