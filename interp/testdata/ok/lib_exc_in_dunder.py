class Guard:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, t, v, tb):
        print("exit", self.name, t.__name__ if t else None)
        if self.name == "bad-exit":
            raise RuntimeError("exit failed")
        return False

try:
    with Guard("bad-exit"):
        raise ValueError("body failed")
except RuntimeError as e:
    print("caught", e, "context:", repr(e.__context__))

class Explodes:
    def __enter__(self):
        raise KeyError("enter failed")
    def __exit__(self, *a):
        print("never called")
try:
    with Explodes():
        print("never runs")
except KeyError as e:
    print("caught", repr(e))

class Cmp:
    def __lt__(self, other):
        raise ArithmeticError("no order")
try:
    sorted([Cmp(), Cmp()])
except ArithmeticError as e:
    print("sort propagated:", e)
try:
    max(Cmp(), Cmp())
except ArithmeticError as e:
    print("max propagated:", e)

class Key:
    def __hash__(self):
        raise LookupError("no hash")
try:
    {Key(): 1}
except LookupError as e:
    print("hash propagated:", e)
