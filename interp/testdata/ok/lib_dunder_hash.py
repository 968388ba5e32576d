class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __eq__(self, other):
        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __repr__(self):
        return "P(%d,%d)" % (self.x, self.y)

d = {Point(1, 2): "a"}
d[Point(1, 2)] = "b"               # same key: overwritten
d[Point(2, 1)] = "c"
print(d, len(d))
print(d[Point(2, 1)], Point(1, 2) in d, Point(9, 9) in d)
s = {Point(0, 0), Point(0, 0), Point(1, 1)}
print(len(s), Point(1, 1) in s)
pts = [Point(1, 1), Point(2, 2), Point(1, 1), Point(3, 3), Point(2, 2)]
seen = []
uniq = set()
for p in pts:
    if p not in uniq:
        uniq.add(p)
        seen.append(p)
print(seen)
print(hash(Point(4, 5)) == hash(Point(4, 5)))

class Ident:
    pass
i, j = Ident(), Ident()
print(len({i, j, i}), {i: 1}[i], i == j)   # default hash/eq is identity

class NoHash:
    def __eq__(self, other):
        return True
try:
    {NoHash()}
except TypeError as e:
    print("TypeError:", e)
print(NoHash.__hash__ is None)
