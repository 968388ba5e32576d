class Strict:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        if not isinstance(other, Strict):
            raise TypeError("cannot compare Strict with " + type(other).__name__)
        return self.v == other.v

items = [Strict(1), Strict(2)]
print(Strict(2) in items)
print(3 in items)
