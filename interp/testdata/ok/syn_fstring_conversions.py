# !r !s !a conversions
s = "café\n"
print(f"{s!r}", f"{s!a}", f"[{s!s}]")
print(f"{'x'!r:>6}", f"{'x'!s:>6}")
print(f"{42!r}", f"{3.0!s}", f"{[1, 'a']!r}", f"{None!r}", f"{(1,)!s}")
class P:
    def __str__(self):
        return "P-str"
    def __repr__(self):
        return "P-repr"
p = P()
print(f"{p}", f"{p!s}", f"{p!r}", f"{p!a}", f"{[p]}")
print(f"{'☃'!a}", ascii("naïve"), repr("naïve"))
print(f"{s!r:.4}")
