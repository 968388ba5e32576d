# common dict methods and order
d = {"b": 2, "a": 1}
d["c"] = 3
print(d, list(d), list(d.keys()), list(d.values()), list(d.items()))
print(d.get("a"), d.get("z"), d.get("z", 0), "a" in d, 2 in d)
print(d.pop("b"), d.pop("z", "none"), d)
print(d.setdefault("a", 100), d.setdefault("n", []), d)
d.update({"a": 10, "x": 0})
d.update(y=1)
print(d)
d["a"] = "replaced keeps position"
print(d)
del d["a"]
d["a"] = "re-added at end"
print(d)
print(dict(a=1, b=2), dict([("k", "v")]), dict(zip("ab", [1, 2])), dict.fromkeys("xy", 0))
print(d.popitem(), len(d))
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
print({**counts, "m": 100}, {1: "a"} == {1: "a"}, {1: 1, 2: 2} == {2: 2, 1: 1})
for k, v in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
    print(k, v)
c = counts.copy()
c.clear()
print(c, counts["s"])
