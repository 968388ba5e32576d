def parse(s):
    return float(s)

print(parse("1.5"), parse("inf"), parse("-2e3"))
print(parse("x"))
