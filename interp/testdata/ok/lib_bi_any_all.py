print(any([]), all([]), any([0, "", None]), all([1, "a", [0]]), any([0, 0, 1]), all([1, 0, 1]))
print(any("abc"), all(""), any([[]]), all([[]]), any(x > 3 for x in range(5)), all(x < 5 for x in range(5)))
seen = []
def check(x):
    seen.append(x)
    return x > 1
print(any(check(x) for x in [0, 1, 2, 3, 4]), seen)   # stops at the first true
seen.clear()
print(all(check(x) for x in [5, 3, 1, 7]), seen)      # stops at the first false
print(any({0: 1}), any({1: 0}), all({}), all(set()), any(range(0)), all(range(1, 4)))
print(type(any([1, 2])).__name__, any([2, 3]), all([2, 3]))
