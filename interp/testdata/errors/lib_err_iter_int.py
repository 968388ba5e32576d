print(list(iter([1])))
n = 5
for x in iter(n):
    print(x)
