# nested loops and breaking out
for i in range(1, 4):
    row = []
    for j in range(1, 4):
        row.append(i * j)
    print(row)
found = None
for i in range(5):
    for j in range(5):
        if i * j == 6:
            found = (i, j)
            break
    if found:
        break
print(found)
pairs = []
for a in "ab":
    for b in "xy":
        for c in (1, 2):
            if c == 2 and b == "y":
                continue
            pairs.append(a + b + str(c))
print(pairs)
count = 0
i = 0
while i < 4:
    for j in range(i):
        count += j
    i += 1
print(count)
matrix = [[1, 2, 3], [4, 5, 6]]
print([[row[k] for row in matrix] for k in range(3)])
