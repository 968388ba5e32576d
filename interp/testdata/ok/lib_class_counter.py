class Widget:
    count = 0
    registry = []

    def __init__(self, label):
        Widget.count += 1
        self.serial = Widget.count
        self.label = label
        Widget.registry.append(label)

    @classmethod
    def made(cls):
        return cls.count

class Gadget(Widget):
    count = 100           # shadows Widget.count, but __init__ increments Widget.count

for name in ["a", "b", "c"]:
    Widget(name)
g = Gadget("g")
print(Widget.count, Gadget.count, g.serial)
print(Widget.made(), Gadget.made())
print(Widget.registry)

class Tracked:
    instances = 0
    def __init__(self):
        type(self).instances += 1   # counts per class

class T1(Tracked): pass
class T2(Tracked): pass

T1(); T1(); T2()
print(Tracked.instances, T1.instances, T2.instances)
t = T1()
print(t.instances, T1.instances, Tracked.instances)
