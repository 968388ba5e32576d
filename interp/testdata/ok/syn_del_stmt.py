# del on names, items, attributes
x = 1
del x
print("x" in dir() if False else "deleted")
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
L = [0, 1, 2, 3]
del L[0], L[-1]
print(L)
class O:
    pass
o = O()
o.attr = 5
o.other = 6
del o.attr
print(hasattr(o, "attr"), o.other)
a, b = 1, 2
del a, b
try:
    print(a)
except NameError as e:
    print("NameError:", e)
m = [[1, 2], [3, 4]]
del m[0][1]
print(m)
y = 10
def f():
    global y
    del y
f()
try:
    y
except NameError as e:
    print(e)
