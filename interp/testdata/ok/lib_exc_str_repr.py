errs = [KeyError("k"), KeyError(1), KeyError(), KeyError("a", "b"), ValueError("v"),
        ValueError(), ValueError(1, 2), IndexError("list index out of range"),
        ZeroDivisionError("division by zero"), Exception("it's"), TypeError('say "x"'),
        RuntimeError(None), KeyError(None), KeyError(""), StopIteration(5)]
for e in errs:
    print(str(e), "|", repr(e), "|", e.args)

try:
    {"a": 1}["b"]
except KeyError as e:
    print("str:", str(e), "repr:", repr(e), "args:", e.args)
try:
    {}[(1, "x")]
except KeyError as e:
    print(e, e.args)
try:
    [1, 2][5]
except IndexError as e:
    print(e, repr(e))
print(f"{KeyError('f')}", "%s" % KeyError("p"), [KeyError("in list")])
