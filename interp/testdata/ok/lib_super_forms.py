class Base:
    def __init__(self, x):
        self.x = x
        print("Base.__init__", x)

    def hello(self):
        return "Base.hello(" + str(self.x) + ")"

class Mid(Base):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y
        print("Mid.__init__", y)

    def hello(self):
        return "Mid+" + super().hello()

class Leaf(Mid):
    def __init__(self):
        super(Leaf, self).__init__(1, 2)
        print("Leaf.__init__")

    def hello(self):
        return "Leaf+" + super(Leaf, self).hello()

    def skip(self):
        # super with an explicit class further up skips Mid
        return super(Mid, self).hello()

obj = Leaf()
print(obj.x, obj.y)
print(obj.hello())
print(obj.skip())

class NoInit(Base):
    pass

n = NoInit(5)        # the inherited __init__ runs
print(n.hello())

class Plain:
    def __init__(self):
        super().__init__()    # object.__init__
        self.ok = True
print(Plain().ok)
