def find(items, target):
    for i in items:
        if i == target:
            return i

found = find([1, 2], 3)
print(found)
print(found.upper())
