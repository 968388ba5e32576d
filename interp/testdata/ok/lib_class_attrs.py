class Counter:
    kind = "counter"
    shared = []

    def __init__(self, name):
        self.name = name

a = Counter("a")
b = Counter("b")
print(a.kind, b.kind, Counter.kind)
a.kind = "special"          # instance attribute shadows the class attribute
print(a.kind, b.kind, Counter.kind)
Counter.kind = "changed"    # seen by instances that do not shadow it
print(a.kind, b.kind, Counter.kind)
del a.kind                  # the class attribute shows through again
print(a.kind)
a.shared.append(1)          # a mutable class attribute is shared
b.shared.append(2)
print(Counter.shared, a.shared is b.shared)
b.shared = [9]              # rebinding creates an instance attribute
print(Counter.shared, b.shared, a.shared)
Counter.new_attr = 42       # added after the instances were made
print(a.new_attr, b.new_attr)
print("name" in a.__dict__, "kind" in a.__dict__, "kind" in Counter.__dict__)
c = Counter("c")
c.extra = [1, 2]
print(c.name, c.extra, sorted(c.__dict__))
