# swapping and rotation
a, b = 1, 2
a, b = b, a
print(a, b)
x, y, z = "x", "y", "z"
x, y, z = z, x, y
print(x, y, z)
lst = [10, 20, 30, 40]
lst[0], lst[-1] = lst[-1], lst[0]
print(lst)
i = 0
i, lst[i] = 2, 99
print(i, lst)
a, b = 0, 1
for _ in range(10):
    a, b = b, a + b
print(a, b)
pair = [1, 2]
pair[0], pair[1] = pair[1], pair[0]
print(pair)
m = [[1, 2], [3, 4]]
m[0][1], m[1][0] = m[1][0], m[0][1]
print(m)
