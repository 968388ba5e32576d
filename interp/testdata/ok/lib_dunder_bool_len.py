class Flag:
    def __init__(self, on):
        self.on = on
    def __bool__(self):
        print("bool called")
        return self.on

class Box:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n

class Both:
    def __bool__(self):
        return True
    def __len__(self):
        return 0

class Neither:
    pass

print(bool(Flag(True)), bool(Flag(False)))
if Flag(False):
    print("wrong")
else:
    print("false branch")
print(not Flag(True))
print(Flag(False) or "fallback")
print(bool(Box(0)), bool(Box(3)), len(Box(3)))
print(bool(Both()), len(Both()), bool(Neither()))
b = Box(2)
count = 0
while b:
    b.n -= 1
    count += 1
print(count)
print([x.n for x in [Box(0), Box(1), Box(2)] if x])
print(bool(0), bool(0.0), bool(""), bool([]), bool({}), bool(()), bool(None), bool(range(0)))
print(bool(-1), bool(0.1), bool(" "), bool([0]), bool({0: 0}), bool((None,)), bool(range(1)))
