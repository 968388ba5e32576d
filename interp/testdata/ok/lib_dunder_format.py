class Money:
    def __init__(self, cents):
        self.cents = cents
    def __format__(self, spec):
        if spec == "":
            return "M" + str(self.cents)
        if spec == "usd":
            return "$%d.%02d" % (self.cents // 100, self.cents % 100)
        return format(self.cents / 100, spec)
    def __str__(self):
        return "Money str"

m = Money(12345)
print(f"{m}", f"{m:usd}", f"{m:.1f}", f"{m:>10.2f}|")
print(format(m), format(m, "usd"), "{}".format(m), "{:usd}".format(m), "{0:.3f}".format(m))
print(str(m), f"{m!s}")

class Plain:
    def __str__(self):
        return "plain"
print(f"{Plain()}", format(Plain()), "{}".format(Plain()), f"{Plain()!s:>8}|")
try:
    format(Plain(), "x")
except TypeError as e:
    print("TypeError:", e)
print(format(255, "x"), format(255, "#o"), format(3.14159, ".2f"), format("ab", "^6"), format(7, "+05d"))
print(format(1234567, ","), format(0.25, "%"), format(12.5, "e"), format(True, "d"), format(None))
