# chained assignment shares the object
a = b = []
a.append(1)
print(a, b, a is b)
x = y = z = 0
x += 1
print(x, y, z)
p = q = [1, 2]
p = p + [3]
print(p, q)
i = lst = 0
lst = [10, 20, 30]
i = lst[i] = 1
print(i, lst)
d = {}
d["a"] = d["b"] = "shared"
print(d)
m, n = o = 1, 2
print(m, n, o)
