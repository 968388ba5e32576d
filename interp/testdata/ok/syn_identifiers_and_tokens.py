# identifiers, soft keywords, tab indentation and number tokens
café = 1
π = 3.14
print(café + π)
match = 5
case = 6
_ = 7
print(match, case, _)
if True:
	x = 1
	print("tab indented", x)
print(1_000.5e1_0, 0., .5e-3, 1E+0, 0e0, 00.5, 0_0.0_1)
result = [1,
          2][
    0]
print(result)
class_ = "trailing underscore"
__dunder__ = "dunder name"
print(class_, __dunder__)
print("no newline at end")