class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
        self.label = "origin"

p = Point(1, 2)
print(p.x, p.label)
print(p.lable)
