def parse(s):
    a, b, c = s.split(",")
    return a, b, c
print(parse("1,2,3"))
print(parse("1,2"))
