# operator and protocol dunder methods on user classes
class A:
    def __init__(self, v): self.v = v
    def __add__(self, o): return A(self.v + (o.v if isinstance(o, A) else o))
    def __radd__(self, o): return A(o + self.v)
    def __repr__(self): return f"A({self.v})"
    def __format__(self, spec): return "A<" + format(self.v, spec) + ">"
a = A(1)
b = a
a += 2
print(a, b, a is b, 5 + a, sum([A(1), A(2)]), f"{A(3.14159):.2f}", "{:>4}".format(A(7)))
class I:
    def __init__(self): self.items = []
    def __iadd__(self, o):
        self.items.append(o)
        return self
i = I(); j = i; i += 1; i += 2
print(i is j, j.items)
class E:
    def __init__(self, k): self.k = k
    def __eq__(self, o): return isinstance(o, E) and self.k == o.k
print(E(1) == E(1), E(1) != E(1), E(1) != E(2), E(1) in [E(1)], E.__hash__ is None)
class R:
    def __repr__(self): return "R!"
print(R(), str(R()), [R()], f"{R()}")
class N:
    def __lt__(self, o): return NotImplemented
try:
    N() < N()
except TypeError as e:
    print(e)
class G:
    def __gt__(self, o): return "gt called"
print(1 < G(), G() > 1)
class L:
    def __len__(self): return 3
    def __getitem__(self, i):
        if i < 3: return i
        raise IndexError
print(len(L()), list(L()), 2 in L(), bool(L()), list(reversed(L())))
class C:
    def __call__(self, *a, **k): return a, k
print(C()(1, x=2), callable(C()))
class Ctx:
    def __contains__(self, x): return x == "yes"
print("yes" in Ctx(), "no" in Ctx(), "no" not in Ctx())
class S:
    def __setitem__(self, k, v): print("set", k, v)
    def __getitem__(self, k): return k
    def __delitem__(self, k): print("del", k)
s = S(); s[1] = 2; s[1:3] = "x"; del s[::2]; print(s[1:2], s[1, 2], s[...])
class At:
    def __getattr__(self, name): return name.upper()
print(At().hello, getattr(At(), "x"))
class Neg:
    def __neg__(self): return "neg"
    def __pos__(self): return "pos"
    def __invert__(self): return "inv"
    def __abs__(self): return "abs"
print(-Neg(), +Neg(), ~Neg(), abs(Neg()))
