# generator close, throw and finally blocks
def gen():
    try:
        yield 1
        yield 2
    finally:
        print("gen cleanup")
g = gen()
print(next(g))
g.close()
print("closed")
print(list(gen()))
def catcher():
    while True:
        try:
            yield "ready"
        except ValueError as e:
            print("caught inside:", e)
c = catcher()
print(next(c))
print(c.throw(ValueError("injected")))
def stopper():
    yield 1
s = stopper()
next(s)
try:
    s.throw(KeyError("k"))
except KeyError as e:
    print("propagated", repr(e))
print(next(s, "exhausted"))
