class Shape:
    sides = 0
    def __init__(self, name):
        self.name = name
        self._hidden = 1
    def area(self):
        return 0
    def describe(self):
        return self.name

class Square(Shape):
    sides = 4
    def __init__(self, side):
        super().__init__("square")
        self.side = side
    def area(self):
        return self.side ** 2
    def _private(self):
        pass

print([n for n in dir(Shape) if not n.startswith("_")])
print([n for n in dir(Square) if not n.startswith("_")])
sq = Square(3)
print([n for n in dir(sq) if not n.startswith("_")])
print(vars(sq))
sq.extra = True
print(sorted(vars(sq)))
print("area" in vars(Square), "describe" in vars(Square), "describe" in dir(Square))
print(vars(Shape)["sides"], vars(Square)["sides"])
print([n for n in dir([]) if not n.startswith("_")])
