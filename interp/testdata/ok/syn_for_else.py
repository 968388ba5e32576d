# for / else with break and continue
def find(items, target):
    for i, item in enumerate(items):
        if item == target:
            print("found at", i)
            break
    else:
        print("not found")
find([1, 2, 3], 2)
find([1, 2, 3], 9)
find([], 1)
for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, end=" ")
print()
for c in "abcdef":
    if c in "bd":
        continue
    if c == "f":
        break
    print(c, end="")
else:
    print("no")
print()
for x in range(3):
    pass
print("x after loop", x)
for ch in "":
    pass
else:
    print("empty for else")
