class Circle:
    def __init__(self, r):
        self.r = r

    @property
    def area(self):
        return 3.14 * self.radius ** 2

c = Circle(2)
print(c.r)
print(c.area)
