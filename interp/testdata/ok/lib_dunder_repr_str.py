class Both:
    def __repr__(self):
        return "Both<repr>"
    def __str__(self):
        return "Both<str>"

class ReprOnly:
    def __repr__(self):
        return "ReprOnly()"

class StrOnly:
    def __str__(self):
        return "StrOnly!"

b, r, s = Both(), ReprOnly(), StrOnly()
print(b, r, s)
print(str(b), repr(b), str(r), repr(r))
print([b, r], (b,), {"k": b}, {1: [r]})
print(f"{b} {b!r} {r} {s} {b!s}")
print("%s %r" % (b, b))
print(repr(s).startswith("<__main__.StrOnly object at "))
print(str([s]).startswith("[<__main__.StrOnly object"))
print(repr("it's"), repr('say "hi"'), repr("both ' and \""), repr("tab\tnl\n\\"))
print(str(1.0), repr(1.0), str("x"), repr("x"), [1.5, "x", None, True])
print(repr(()), repr((1,)), repr([]), repr({}), repr(set()), repr({1}))
