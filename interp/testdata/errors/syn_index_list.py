items = [10, 20, 30]
print(items[-3])
i = 3
print(items[i])
