# user classes and operator dunder methods
class V:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return "V(%r, %r)" % (self.x, self.y)
    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y)
    def __sub__(self, o):
        return V(self.x - o.x, self.y - o.y)
    def __mul__(self, k):
        return V(self.x * k, self.y * k)
    def __rmul__(self, k):
        return self * k
    def __neg__(self):
        return V(-self.x, -self.y)
    def __eq__(self, o):
        return (self.x, self.y) == (o.x, o.y)
    def __lt__(self, o):
        return (self.x, self.y) < (o.x, o.y)
    def __bool__(self):
        return bool(self.x or self.y)
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return (self.x, self.y)[i]
a, b = V(1, 2), V(3, 4)
print(a + b, b - a, a * 3, 3 * a, -a)
print(a == V(1, 2), a != b, a < b, sorted([b, a]), max(a, b))
print(bool(V(0, 0)), bool(a), len(a), a[1], list(a))
c = a
c += b
print(c, a, c is a)
print(str(a), [a], f"{a}", "{!r}".format(a))
