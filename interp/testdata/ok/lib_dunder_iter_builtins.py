class Trio:
    def __iter__(self):
        return iter([3, 1, 2])

t = Trio()
print(list(t), tuple(t), sorted(t), min(t), max(t), sum(t), len(list(t)))
print(list(enumerate(t)), list(zip(t, t)), dict.fromkeys(t), set(t) == {1, 2, 3})
print(2 in t, 5 in t, any(x > 2 for x in t), all(t), "".join(map(str, t)))
a, b, c = t
first, *rest = t
print(a, b, c, first, rest, [*t, *t], (*t,))
print(list(reversed(list(t))), list(filter(lambda x: x != 1, t)), list(map(lambda x: -x, t)))

class Once:
    def __init__(self):
        self.used = False
    def __iter__(self):
        if self.used:
            return iter([])
        self.used = True
        return iter("ab")
o = Once()
print(list(o), list(o))

def f(*args):
    return args
print(f(*t), f(*Once()), {**{"k": 1}}, max(*t))
