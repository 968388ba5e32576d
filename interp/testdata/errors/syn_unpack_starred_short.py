a, *b, c = [1, 2]
print(a, b, c)
first, *mid, last, extra = "ab"
