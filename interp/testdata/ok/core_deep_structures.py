# Self-referential and deeply nested values stay printable and comparable.
a = [1, 2]
a.append(a)
print(a, len(repr(a)))
d = {"k": 1}
d["self"] = d
print(d)
nested = []
for i in range(500):
    nested = [nested]
print(len(repr(nested)), nested == nested)
t = ()
for i in range(5000):
    t = (t,)
print(t == t, hash(t) == hash(t))
x = [a, [a]]
print(x)
