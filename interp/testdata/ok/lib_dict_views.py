d = {"one": 1, "two": 2, "three": 3}
k, v, it = d.keys(), d.values(), d.items()
print(k)
print(v)
print(it)
d["four"] = 4          # views are live
print(k, len(k))
del d["one"]
print(list(k), list(v), list(it))
print("two" in k, 2 in v, ("two", 2) in it, ("two", 3) in it, "two" in d, 2 in d)
d["one"] = 1           # re-inserted keys go to the end
print(list(d))
d["two"] = 22          # updating keeps the position
print(list(d.items()))
for key in d:
    print(key, d[key])
for key, value in d.items():
    print(key, "->", value)
print(sorted(d.values()), max(d.keys()), list(reversed(d.keys())))
print({}.keys(), {}.values(), {}.items(), dict(d.items()) == d)
print(k & {"one", "zzz"}, sorted(k - {"one"}))
