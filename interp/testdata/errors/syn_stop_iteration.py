def gen():
    yield "only"
g = gen()
print(next(g))
print(next(g))
