class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def move(self, dx):
        self.x += dx

p = Point(1, 2)
p.move(3)
print(p.x)
p.move(1, 2)
