# plain, parameterised and stacked decorators
def shout(fn):
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs).upper()
    return wrapper
@shout
def hello(name):
    return "hello " + name
print(hello("world"))
def repeat(times):
    def deco(fn):
        def wrapper(*args):
            return [fn(*args) for _ in range(times)]
        return wrapper
    return deco
@repeat(3)
def roll(x):
    return x * 2
print(roll(4))
log = []
def tag(label):
    def deco(fn):
        log.append("decorating " + fn.__name__ + " with " + label)
        def wrapper():
            return label + "(" + fn() + ")"
        return wrapper
    return deco
@tag("outer")
@tag("inner")
def base():
    return "x"
print(log)
print(base())
def register(fn):
    registry.append(fn.__name__)
    return fn
registry = []
@register
def a():
    return "a"
@register
def b():
    return "b"
print(registry, a(), b())
