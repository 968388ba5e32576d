values = ["12", " 7 ", "abc", "9"]
total = 0
for v in values:
    total += int(v)
    print("running total", total)
