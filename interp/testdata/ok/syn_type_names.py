# type() of each kind of value
def f():
    pass
def gen():
    yield 1
class C:
    def m(self):
        pass
values = [1, 1.5, True, "s", None, [1], (1,), {1: 2}, {1}, range(3), f, gen(), C, C(), 2 ** 100, ..., lambda: 0, C().m, len]
for v in values:
    print(type(v))
print(type(type), type(int), type(object), type(Exception()))
print(type(1) == int, type(True) == bool, type(True) is int, isinstance(True, int))
print(int.__name__, type("x").__name__, type(None).__name__, type(C()).__name__)
print(type(1)(3.7), type("")(5), type([])("ab"), type(())([1]))
