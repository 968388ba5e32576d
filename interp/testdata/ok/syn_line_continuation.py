# implicit and explicit line continuation, semicolons, comments
total = 1 + \
    2 + \
    3
print(total)
values = [
    1,
    2,  # a comment inside brackets
    3,
]
print(values)
d = {
    "a": 1,
    "b": (2,
          3),
}
print(d)
def f(a,
      b=2,
      *c):
    return a + b
print(f(1,
        5))
x = 1; y = 2; z = x + y
print(x, y, z)
if x < y: print("short if"); print("same line")
cond = (x == 1 and
        y == 2)
print(cond)
s = ("one "
     "two")  # trailing comment
print(s)
# a whole-line comment
    # an indented comment line
print("end")  # done
