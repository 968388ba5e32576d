# user iterators with __iter__ / __next__
class Countdown:
    def __init__(self, start):
        self.current = start
    def __iter__(self):
        return self
    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1
print(list(Countdown(3)))
for v in Countdown(2):
    print("v", v)
class Bag:
    def __init__(self, *items):
        self.items = items
    def __iter__(self):
        return iter(self.items)
    def __len__(self):
        return len(self.items)
    def __contains__(self, x):
        return x in self.items
b = Bag(1, 2, 3)
print(list(b), len(b), 2 in b, 5 in b, sum(b), sorted(b, reverse=True))
a, c, d = b
print(a, c, d)
class Gen:
    def __iter__(self):
        yield "x"
        yield "y"
print(list(Gen()), [s * 2 for s in Gen()], dict(zip(Gen(), Bag(1, 2))))
it = iter(Countdown(2))
print(next(it), next(it), next(it, "done"))
class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError
        return i * 10
print(list(Seq()))
