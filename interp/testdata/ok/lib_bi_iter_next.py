data = [3, 1, 4, 1, 5, -1, 9, 2]
pos = 0
def reader():
    global pos
    v = data[pos]
    pos += 1
    return v
print(list(iter(reader, -1)))               # stops at the sentinel
print(pos)
count = [0]
def tick():
    count[0] += 1
    return count[0]
print([x for x in iter(tick, 4)])
it = iter([1, 2, 3])
print(next(it), next(it), next(it), next(it, "default"), next(it, None))
s = iter("ab")
print(iter(s) is s, list(s), list(s))
d = iter({"x": 1, "y": 2})
print(next(d), next(d), next(d, "end"))
r = iter(range(3))
print(next(r), list(r))
t = iter((1,))
print(next(t), next(t, "gone"))
st = iter({7})
print(next(st), next(st, 0))
lines = iter(["a", "b", "", "c"])
print(list(iter(lambda: next(lines), "")))
print(list(lines))
