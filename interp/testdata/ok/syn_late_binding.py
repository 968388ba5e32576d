# closures in loops bind late; defaults bind early
late = []
for i in range(3):
    late.append(lambda: i)
print([f() for f in late])
early = []
for i in range(3):
    early.append(lambda i=i: i)
print([f() for f in early])
def make(n):
    return lambda: n
made = [make(i) for i in range(3)]
print([f() for f in made])
def outer():
    fs = []
    for j in range(3):
        def inner():
            return j * 10
        fs.append(inner)
    j = 99
    return fs
print([f() for f in outer()])
adders = {k: (lambda x, k=k: x + k) for k in (1, 2)}
print(adders[1](10), adders[2](10))
