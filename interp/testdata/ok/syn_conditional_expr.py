# conditional expressions
for n in (-2, 0, 3):
    print(n, "neg" if n < 0 else "zero" if n == 0 else "pos")
x = 5
y = x * 2 if x > 3 else x / 2
print(y)
print((lambda a: "even" if a % 2 == 0 else "odd")(7))
print([i if i % 2 else -i for i in range(6)])
print([i for i in range(10) if i % 3 == 0])
def side(v):
    print("side", v)
    return v
print(side("yes") if True else side("no"))
print(side("yes") if False else side("no"))
z = 1 if [] else 2 if {} else 3 if "s" else 4
print(z)
print(1 + (2 if True else 3), 1 + 2 if False else 3)
