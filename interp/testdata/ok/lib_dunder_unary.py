class U:
    def __init__(self, v):
        self.v = v
    def __neg__(self): return U(-self.v)
    def __pos__(self): return U(("pos", self.v))
    def __invert__(self): return U(("inv", self.v))
    def __abs__(self): return U(("abs", self.v))
    def __repr__(self): return "U(%r)" % (self.v,)

u = U(3)
print(-u, +u, ~u, abs(u))
print(-(-u), abs(-u), ~~u)
print(-5, +5, ~5, abs(-5), abs(-2.5), ~-1, -True, +False, ~True)
print(- -3, not u, not not u)
