# class body scope rules
x = "global x"
class C:
    x = "class x"
    y = x + " (read in class body)"
    def method(self):
        return x
    squares = [i * i for i in range(3)]
    def uses_class_attr(self):
        return self.x, C.x
print(C.y)
print(C().method())
print(C().uses_class_attr())
print(C.squares)
def factory(v):
    class Local:
        value = v
        def get(self):
            return v * 2
    return Local
L = factory(21)
print(L.value, L().get(), L.__name__)
class Counter:
    n = 0
    def inc(self):
        self.n += 1
        return self.n
c1, c2 = Counter(), Counter()
print(c1.inc(), c1.inc(), c2.inc(), Counter.n)
class A:
    def who(self):
        return "A"
class B(A):
    pass
b = B()
print(b.who(), B.who(b), hasattr(B, "who"), "who" in B.__dict__, "who" in A.__dict__)
