# chained comparisons: each operand evaluated once
calls = []
def v(x):
    calls.append(x)
    return x
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1, 1 == 1 == 1, 1 == 1 != 2)
print(v(1) < v(2) < v(3))
print(calls)
calls.clear()
print(v(1) < v(0) < v(5))
print(calls)
calls.clear()
print(v(2) <= v(2) >= v(1) != v(3))
print(calls)
x = 5
print(0 <= x < 10, 0 < x <= 4, 1 < x > 3, x < 10 > 9)
print(1 < 2 == 2 < 3, (1 < 2) == (2 < 3), 1 < (2 == 2))
print("a" < "b" < "c", [1] < [1, 0] < [2], (1, 2) < (1, 3) <= (1, 3))
print(1 < 2 in [2], 2 in [2] in [[2]], None is None is None)
