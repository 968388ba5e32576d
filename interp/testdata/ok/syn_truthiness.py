# truth values of every kind
for v in [0, 1, -1, 0.0, 0.1, "", " ", [], [0], (), (None,), {}, {0: 0}, set(), {0}, None, True, False, range(0), range(1), 2 ** 100, -0.0]:
    print(repr(v), bool(v), "T" if v else "F")
class Empty:
    pass
class Zero:
    def __len__(self):
        return 0
class NoBool:
    def __bool__(self):
        return False
print(bool(Empty()), bool(Zero()), bool(NoBool()), not Zero())
x = []
while not x:
    x.append(1)
print(x)
