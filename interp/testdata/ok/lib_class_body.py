class Table:
    print("class body runs once, at definition")
    size = 3
    cells = [0] * size
    doubled = size * 2
    names = ["c%d" % i for i in range(2)]

    def show(self):
        return (Table.size, self.doubled, self.names)

    if size > 2:
        def big(self):
            return "big"
    else:
        def big(self):
            return "small"

    def make(n):               # a plain function used while the body runs
        return n * 10
    made = make(4)

print(Table().show(), Table().big(), Table.made, Table.cells)

class Empty:
    pass
e = Empty()
e.anything = 1
print(e.anything, Empty.__name__)

class WithDoc:
    "A docstring."
    x = 1
print(WithDoc.__doc__, WithDoc.x)

def make_class(v):
    class Local:
        value = v
        def get(self):
            return self.value
    return Local

A, B = make_class(1), make_class(2)
print(A().get(), B().get(), A is B, A.__name__)

class Init:
    def __init__(self, a, b=2, *rest, key="k", **extra):
        self.all = (a, b, rest, key, extra)
print(Init(1).all, Init(1, 3, 4, 5, key="x", z=0).all)
