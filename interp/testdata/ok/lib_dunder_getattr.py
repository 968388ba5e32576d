class Proxy:
    def __init__(self, target):
        self.target = target
        self.log = []
    def __getattr__(self, name):     # only called when normal lookup fails
        self.log.append(name)
        return getattr(self.target, name)

class Inner:
    x = 1
    def hello(self):
        return "hello from Inner"

p = Proxy(Inner())
print(p.x, p.hello(), p.log)
print(p.target.__class__.__name__, p.log)   # found normally: not logged
print(hasattr(p, "nothing"), p.log)

class Defaults:
    known = "real"
    def __getattr__(self, name):
        if name.startswith("opt_"):
            return name[4:].upper()
        raise AttributeError("no attribute " + repr(name))

d = Defaults()
print(d.known, d.opt_color, getattr(d, "opt_size"))
print(hasattr(d, "opt_x"), hasattr(d, "zzz"), getattr(d, "zzz", "fallback"))
d.opt_color = "set"
print(d.opt_color)
try:
    d.missing
except AttributeError as e:
    print("AttributeError:", e)
