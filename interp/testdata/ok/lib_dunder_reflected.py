class R:
    def __init__(self, n):
        self.n = n
    def __repr__(self):
        return "R(" + repr(self.n) + ")"
    def __radd__(self, o): return R(("radd", o, self.n))
    def __rsub__(self, o): return R(("rsub", o, self.n))
    def __rmul__(self, o): return R(("rmul", o, self.n))
    def __rtruediv__(self, o): return R(("rtruediv", o, self.n))
    def __rfloordiv__(self, o): return R(("rfloordiv", o, self.n))
    def __rmod__(self, o): return R(("rmod", o, self.n))
    def __rpow__(self, o): return R(("rpow", o, self.n))
    def __rmatmul__(self, o): return R(("rmatmul", o, self.n))
    def __rand__(self, o): return R(("rand", o, self.n))
    def __ror__(self, o): return R(("ror", o, self.n))
    def __rxor__(self, o): return R(("rxor", o, self.n))
    def __rlshift__(self, o): return R(("rlshift", o, self.n))
    def __rrshift__(self, o): return R(("rrshift", o, self.n))

r = R(0)
print(1 + r, 1 - r, 2 * r)
print(1 / r, 1 // r, 1 % r, 2 ** r)
print(1 @ r, 1 & r, 1 | r, 1 ^ r, 1 << r, 1 >> r)
print("s" + r, [1] * r, 1.5 + r, (1,) + r)

class Money:
    def __init__(self, cents):
        self.cents = cents
    def __add__(self, other):
        if isinstance(other, Money):
            return Money(self.cents + other.cents)
        if isinstance(other, int):
            return Money(self.cents + other)
        return NotImplemented
    __radd__ = __add__
    def __repr__(self):
        return "Money(%d)" % self.cents

print(sum([Money(5), Money(7), Money(1)]))   # 0 + Money uses __radd__
print(10 + Money(1), Money(1) + 10, Money(2) + Money(3))
