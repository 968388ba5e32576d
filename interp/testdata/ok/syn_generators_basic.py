# generator functions
def countdown(n):
    print("start")
    while n > 0:
        yield n
        n -= 1
    print("end")
g = countdown(3)
print("created")
print(next(g))
print(list(g))
print(list(countdown(0)))
def evens():
    yield 0
    yield 2
    return "ignored"
print(list(evens()), [x for x in evens()])
def pairs(seq):
    for i in range(len(seq) - 1):
        yield seq[i], seq[i + 1]
for a, b in pairs("abcd"):
    print(a + b, end=" ")
print()
gen = (c for c in "xy")
print(next(gen), next(gen), next(gen, "exhausted"))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
out = []
for v in fib():
    if v > 50:
        break
    out.append(v)
print(out)
it = iter([1, 2])
print(next(it), next(it), next(it, None))
