# arbitrary decorator expressions and class decorators
buttons = [lambda fn: fn]
@buttons[0]
def h():
    return "h"
print(h())
@(lambda fn: lambda: fn().upper())
def i():
    return "i"
print(i())
def deco_cls(cls):
    cls.tag = "tagged"
    return cls
@deco_cls
class T:
    pass
print(T.tag, T.__name__)
class Registry:
    def __init__(self):
        self.names = []
    def add(self, fn):
        self.names.append(fn.__name__)
        return fn
reg = Registry()
@reg.add
def one():
    pass
@reg.add
def two():
    pass
print(reg.names)
def with_prefix(p):
    return lambda fn: lambda *a: p + fn(*a)
@with_prefix(">> ")
@with_prefix("[")
def msg(s):
    return s + "]"
print(msg("hi"))
