# str.format fields
print("{} {} {}".format(1, "two", 3.0))
print("{0} {1} {0}".format("a", "b"))
print("{name} is {age}".format(name="Ann", age=7))
print("{0[1]} {0[0]}".format(["x", "y"]))
print("{d[key]} {d[2]}".format(d={"key": "v", 2: "int-key"}))
class Pt:
    def __init__(self):
        self.x = 3
        self.y = 4
print("({p.x}, {p.y})".format(p=Pt()))
print("{0.x}".format(Pt()))
print("{:>6}|{:<6}|{:^6}|{:*^7}".format("a", "b", "c", "d"))
print("{:.3f} {:,} {:08.2f} {:x} {:b} {:%}".format(2 / 3, 10**7, -3.14159, 255, 5, 0.125))
print("{0:{1}}|{0:>{1}}".format("w", 4))
print("{!r} {!s} {!a}".format("s", "s", "ü"))
print("{{}} {{{}}}".format(9))
print("{0}{1}{0}".format(*"ab"), "{x}{y}".format(**{"x": 1, "y": 2}))
print("{:5}|{:<5}|{:>5}".format(12, 12, "ab"))
print(format(3.5, "08.3f"), format(12, "x"), format("s", "^5"), format(1234567, ","), format(7))
print("{0!r:>5}".format("z"), "{:g}".format(1e-10), "{:.2%}".format(1 / 3))
