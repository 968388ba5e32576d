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

for n in Countdown(3):
    print("n", n)
print(list(Countdown(4)), sum(Countdown(10)))
c = Countdown(2)
print(next(c), next(c), next(c, "done"))
print(list(c))                          # exhausted
it = iter(Countdown(2))
print(it is iter(it))

class Pairs:
    def __init__(self, items):
        self.items = items
    def __iter__(self):                   # a generator as __iter__
        for i in range(0, len(self.items) - 1):
            yield self.items[i], self.items[i + 1]

p = Pairs([1, 2, 4, 8])
print(list(p))
print(list(p))                          # a fresh iterator each time
print(dict(p))
a, b, c = p
print(a, c)
print(list(zip(Countdown(3), "xyz")), sorted(Countdown(3)), max(Countdown(5)))
print([x * 2 for x in Countdown(3)], tuple(Countdown(1)), set(Countdown(3)) == {1, 2, 3})
