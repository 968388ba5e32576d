# yield from delegation
def inner():
    yield 1
    yield 2
    return "inner result"
def outer():
    result = yield from inner()
    print("inner returned", result)
    yield 3
print(list(outer()))
def chain(*iterables):
    for it in iterables:
        yield from it
print(list(chain([1, 2], "ab", range(2), (x for x in [9]))))
def tree(node):
    value, children = node
    yield value
    for child in children:
        yield from tree(child)
t = ("root", [("a", [("a1", []), ("a2", [])]), ("b", [])])
print(list(tree(t)))
def flat(xs):
    for x in xs:
        if isinstance(x, list):
            yield from flat(x)
        else:
            yield x
print(list(flat([1, [2, [3, 4]], [[5]]])))
