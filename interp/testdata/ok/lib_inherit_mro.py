class A:
    def who(self):
        return "A"
    def chain(self):
        return ["A"]

class B(A):
    def who(self):
        return "B"
    def chain(self):
        return ["B"] + super().chain()

class C(A):
    def who(self):
        return "C"
    def chain(self):
        return ["C"] + super().chain()

class D(B, C):
    def chain(self):
        return ["D"] + super().chain()

class E(C, B):
    pass

print([k.__name__ for k in D.__mro__])
print([k.__name__ for k in E.__mro__])
print(D().who(), E().who())
print(D().chain())
print(E().chain())

class X: pass
class Y: pass
class Z(X, Y): pass
class W(Z, Y): pass
print([k.__name__ for k in W.__mro__])
print(issubclass(W, Y), isinstance(W(), X), issubclass(X, Y))
