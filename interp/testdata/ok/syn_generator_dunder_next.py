# generators and iterators expose __next__ and __iter__
g = (c for c in "xyz")
print(g.__next__(), next(g), g.__iter__() is g, iter(g) is g)
def gen():
    yield 1
    yield 2
h = gen()
print(h.__next__(), [v for v in h])
it = iter([1, 2])
print(it.__next__(), it.__iter__() is it)
