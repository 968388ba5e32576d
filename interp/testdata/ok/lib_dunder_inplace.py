class Bag:
    def __init__(self, items):
        self.items = list(items)
    def __iadd__(self, other):
        print("iadd", other)
        self.items.extend(other)
        return self
    def __add__(self, other):
        print("add", other)
        return Bag(self.items + list(other))
    def __repr__(self):
        return "Bag(%r)" % (self.items,)

b = Bag([1])
alias = b
b += [2, 3]              # __iadd__ mutates in place
print(b, alias, b is alias)
c = b + [4]              # __add__ makes a new object
print(c, b, c is b)

class OnlyAdd:
    def __init__(self, n):
        self.n = n
    def __add__(self, other):
        return OnlyAdd(self.n + other)
    def __mul__(self, other):
        return OnlyAdd(self.n * other)

o = OnlyAdd(1)
keep = o
o += 5                   # falls back to __add__: a new object
o *= 3
print(o.n, keep.n, o is keep)

xs = [1]
ys = xs
xs += [2]                # list += extends in place
print(xs, ys, xs is ys)
t = (1,)
u = t
t += (2,)                # tuple += makes a new tuple
print(t, u)
s = "ab"
s *= 2
n = 7
n //= 2
n **= 3
n %= 5
n <<= 2
n |= 1
n ^= 3
n &= 14
n >>= 1
print(s, n)
