width = 1.5
line = "-" * 3
print(line)
print("a" * width)
