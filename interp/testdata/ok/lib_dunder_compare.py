class Ver:
    def __init__(self, major, minor):
        self.key = (major, minor)
    def __repr__(self):
        return "Ver%r" % (self.key,)
    def __eq__(self, o):
        print("  eq", self, o)
        return isinstance(o, Ver) and self.key == o.key
    def __lt__(self, o):
        print("  lt", self, o)
        return self.key < o.key
    def __le__(self, o):
        print("  le", self, o)
        return self.key <= o.key
    def __gt__(self, o):
        print("  gt", self, o)
        return self.key > o.key
    def __ge__(self, o):
        print("  ge", self, o)
        return self.key >= o.key

a, b = Ver(1, 2), Ver(1, 10)
print(a < b)
print(a <= b)
print(a > b)
print(a >= b)
print(a == Ver(1, 2))
print(a != b)          # no __ne__: inverts __eq__
print(a == 3)

class Num:
    def __init__(self, n):
        self.n = n
    def __gt__(self, o):
        print("  Num.gt", self.n, o)
        return self.n > o
    def __lt__(self, o):
        print("  Num.lt", self.n, o)
        return self.n < o

print(5 < Num(7))      # int.__lt__ fails, so the reflection Num.__gt__ runs
print(5 > Num(7))
print(1 < Num(2) < 3)
