# *args and **kwargs
def show(*args, **kwargs):
    print(args, kwargs)
show()
show(1, 2)
show(a=1, b=2)
show(1, "x", key=None)
def total(first, *rest):
    return first + sum(rest)
print(total(1), total(1, 2, 3))
def report(**info):
    for k in info:
        print(k, "->", info[k])
report(z=1, a=2, m=3)
def pass_through(*args, **kwargs):
    return target(*args, **kwargs)
def target(a, b=0, *, c=0):
    return a * 100 + b * 10 + c
print(pass_through(1, 2, c=3), pass_through(a=4))
def count(*a, **k):
    return len(a), len(k), type(a).__name__, type(k).__name__
print(count(*range(5), **{"x": 1}))
