class Calc:
    def add(self, a, b):
        return a + b
c = Calc()
print(c.add(1, 2))
c.add(1)
