class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def apply(self, x):
        return x * self.factor / (x - 2)

s = Scaler(10)
print(list(map(s.apply, [4, 3])))
print(list(map(s.apply, [1, 2, 3])))
