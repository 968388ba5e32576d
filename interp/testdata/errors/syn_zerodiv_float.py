x = 5.0
y = 0.0
print(x / 2)
print(x / y)
