class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

print(Point(1, 2).y)
q = Point(1)
