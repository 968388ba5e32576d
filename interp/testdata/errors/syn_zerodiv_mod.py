n = 17
for d in (5, 3, 0):
    print(n % d)
