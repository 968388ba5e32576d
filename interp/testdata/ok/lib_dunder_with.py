class Ctx:
    def __init__(self, name, swallow=False):
        self.name = name
        self.swallow = swallow
    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()
    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            print("exit", self.name, "clean")
        else:
            print("exit", self.name, exc_type.__name__, exc)
        return self.swallow

with Ctx("a") as v:
    print("body", v)

with Ctx("outer") as o, Ctx("inner") as i:
    print("body", o, i)

with Ctx("sw", swallow=True):
    raise ValueError("boom")
print("after swallowed")

try:
    with Ctx("nosw"):
        raise KeyError("k")
except KeyError as e:
    print("caught", repr(e))

def f():
    with Ctx("ret"):
        return "returned"
print(f())

for i in range(3):
    with Ctx("loop%d" % i):
        if i == 1:
            continue
        if i == 2:
            break
        print("loop body", i)

with Ctx("x"):
    with Ctx("y", swallow=True):
        1 / 0
    print("between")
