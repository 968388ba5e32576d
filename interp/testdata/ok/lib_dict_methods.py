d = {"a": 1, "b": 2}
print(d.get("a"), d.get("z"), d.get("z", 0), d.get("a", 0))
print(list(d.items()), list(d.keys()), list(d.values()))
d.update({"c": 3, "a": 10})
d.update([("d", 4)], e=5)
d.update(f=6)
print(d)
print(d.pop("a"), d.pop("zz", "default"), d)
print(d.setdefault("b", 99), d.setdefault("new", []), d)
d.setdefault("new", []).append(1)
d.setdefault("lst", []).append("x")
print(d["new"], d["lst"])
print(d.popitem(), d.popitem(), d)     # last inserted first
c = d.copy()
c["b"] = "changed"
print(d["b"], c["b"], c is d)
print(dict.fromkeys(["x", "y"]), dict.fromkeys("ab", 0), dict.fromkeys([]))
shared = dict.fromkeys([1, 2], [])
shared[1].append("same list")
print(shared)
d.clear()
print(d, len(d))
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
m = {1: "a"}
m[1.0] = "b"
m[True] = "c"
print(m, {**{"a": 1}, **{"b": 2, "a": 3}}, dict(m, x=1))
print({k: v for k, v in zip("abc", range(3)) if v}, {1: 2} == {1: 2}, {1: 2} == {1: 3})
