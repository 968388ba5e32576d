# infinite generators and StopIteration defaults
def naturals():
    n = 0
    while True:
        yield n
        n += 1
taken = []
for n in naturals():
    if n * n > 50:
        break
    taken.append(n)
print(taken)
g = naturals()
print([next(g) for _ in range(5)])
def take(n, it):
    for i, x in enumerate(it):
        if i >= n:
            return
        yield x
print(list(take(3, naturals())), list(take(0, naturals())))
def cycle(seq):
    while True:
        for x in seq:
            yield x
c = cycle("ab")
print("".join(next(c) for _ in range(5)))
empty = iter([])
print(next(empty, "default"), next(iter(""), None))
try:
    next(iter([]))
except StopIteration:
    print("StopIteration raised")
def squares():
    i = 1
    while True:
        yield i * i
        i += 1
print(next(x for x in squares() if x > 30))
