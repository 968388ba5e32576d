class Frozen:
    def __init__(self, x):
        super().__setattr__("x", x)
        super().__setattr__("log", [])

    def __setattr__(self, name, value):
        self.log.append(name)
        if name == "x":
            raise AttributeError("x is frozen")
        super().__setattr__(name, value)

    def __delattr__(self, name):
        self.log.append("del " + name)
        super().__delattr__(name)

f = Frozen(1)
print(f.x, f.log)
try:
    f.x = 2
except AttributeError as e:
    print("AttributeError:", e)
f.y = 3
setattr(f, "z", 4)
print(f.x, f.y, f.z, f.log)
del f.y
print(hasattr(f, "y"), f.log)

class Upper:
    def __setattr__(self, name, value):
        object.__setattr__(self, name.upper(), value)

u = Upper()
u.name = "n"
setattr(u, "size", 2)
print(u.NAME, u.SIZE, hasattr(u, "name"), sorted(vars(u)))
