class A:
    def __add__(self, other):
        print("A.__add__")
        return NotImplemented
    def __eq__(self, other):
        print("A.__eq__")
        return NotImplemented
    def __repr__(self):
        return "A()"

class B:
    def __radd__(self, other):
        print("B.__radd__")
        return "B handled"
    def __eq__(self, other):
        print("B.__eq__")
        return "B eq"
    def __repr__(self):
        return "B()"

print(A() + B())
print(A() == B())
a = A()
print(a == a)          # both NotImplemented: falls back to identity
print(a == A(), a != A())
try:
    A() + 1
except TypeError as e:
    print("TypeError:", e)
try:
    A() < A()
except TypeError as e:
    print("TypeError:", e)
print(NotImplemented)
print(repr(NotImplemented), bool(1 .__add__("x") is NotImplemented))
print((3).__add__(4), (3).__add__(4.0), (3.0).__radd__(2))
