total = 10
print(total)
total(5)
