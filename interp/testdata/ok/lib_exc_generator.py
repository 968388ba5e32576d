def gen(n):
    for i in range(n):
        if i == 2:
            raise ValueError("stop at %d" % i)
        yield i

got = []
try:
    for v in gen(5):
        got.append(v)
except ValueError as e:
    print("caught", e, "after", got)

g = gen(5)
print(next(g), next(g))
try:
    next(g)
except ValueError as e:
    print("raised from next:", e)
print(next(g, "exhausted after error"))

def cleanup():
    try:
        yield 1
        yield 2
    finally:
        print("generator finally")

for x in cleanup():
    print("item", x)

def catches_inside():
    for x in [1, 0, 2]:
        try:
            yield 10 // x
        except ZeroDivisionError:
            yield "div0"

print(list(catches_inside()))
it = iter([1])
next(it)
try:
    next(it)
except StopIteration as e:
    print("StopIteration", repr(e), e.args)

def returns_value():
    yield 1
    return "ret"
r = returns_value()
next(r)
try:
    next(r)
except StopIteration as e:
    print("value", e.value, e.args)
