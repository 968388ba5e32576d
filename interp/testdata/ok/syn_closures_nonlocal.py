# closures and nonlocal
def counter():
    n = 0
    def inc():
        nonlocal n
        n += 1
        return n
    return inc
c1 = counter()
c2 = counter()
print(c1(), c1(), c1(), c2())
def accumulator(start):
    total = start
    def add(x):
        nonlocal total
        total += x
        return total
    def get():
        return total
    return add, get
add, get = accumulator(10)
add(5)
add(7)
print(get())
def outer():
    x = "outer"
    def middle():
        def inner():
            nonlocal x
            x = "changed by inner"
        inner()
        return x
    r = middle()
    return r, x
print(outer())
def make_multiplier(m):
    def mul(v):
        return v * m
    return mul
double, triple = make_multiplier(2), make_multiplier(3)
print(double(7), triple(7), double(triple(1)))
def no_nonlocal():
    v = 1
    def shadow():
        v = 2
        return v
    return shadow(), v
print(no_nonlocal())
print(c1.__name__, add.__name__)
