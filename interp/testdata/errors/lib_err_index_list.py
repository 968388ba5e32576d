xs = [10, 20, 30]
print(xs[-3], xs[2])
i = 3
print(xs[i])
