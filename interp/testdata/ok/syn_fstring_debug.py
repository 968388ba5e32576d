# the {x=} debug form
x = 10
name = "Ada"
items = [1, 2]
print(f"{x=}")
print(f"{x = }")
print(f"{name=}")
print(f"{name=!s}")
print(f"{x * 2=}")
print(f"{x=:5}|")
print(f"{x=:>5}|")
print(f"{3.14159=:.2f}")
print(f"{items=}", f"{len(items)=}")
print(f"{x=!r:>4}")
