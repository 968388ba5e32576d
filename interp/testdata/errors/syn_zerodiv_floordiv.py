n = 17
print(n // 5)
print(n // 0)
