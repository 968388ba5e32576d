def ratios(pairs):
    for a, b in pairs:
        yield a / b

for r in ratios([(1, 2), (3, 4)]):
    print(r)
for r in ratios([(1, 1), (2, 0), (3, 3)]):
    print(r)
