r = range(0, 10, 2)
print(len(r), r[4], r[-5])
print(r[5])
