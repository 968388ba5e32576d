a = [1, 2]
b = a
c = [1, 2]
print(id(a) == id(b), id(a) == id(c), a is b, a is c, a == c)
print(type(id(a)).__name__, id(a) > 0)
d = {"k": a}
print(id(d["k"]) == id(a))
