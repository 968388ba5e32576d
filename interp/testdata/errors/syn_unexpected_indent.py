x = 1
print(x)
    y = 2
print(y)
