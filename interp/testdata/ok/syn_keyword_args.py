# keyword arguments, keyword-only and positional-only parameters
def f(a, b, c=3):
    return (a, b, c)
print(f(1, 2), f(1, b=5), f(c=9, b=8, a=7), f(1, 2, c=0))
def kwonly(a, *, b, c=10):
    return a + b + c
print(kwonly(1, b=2), kwonly(1, c=0, b=5))
def posonly(a, b, /, c, *, d):
    return [a, b, c, d]
print(posonly(1, 2, 3, d=4), posonly(1, 2, c=3, d=4))
def mixed(x, /, y=2, *rest, z, **extra):
    return x, y, rest, z, extra
print(mixed(1, z=0))
print(mixed(1, 5, 6, 7, z=0, w=9))
def name_clash(a, /, **kw):
    return a, kw
print(name_clash(1, a=2))
def all_defaults(p=1, /, q=2, *, r=3):
    return p, q, r
print(all_defaults(), all_defaults(10, q=20, r=30), all_defaults(q=0))
