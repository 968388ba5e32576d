class BadLen:
    def __init__(self, v):
        self.v = v
    def __len__(self):
        return self.v

class BadBool:
    def __bool__(self):
        return 1

class BadStr:
    def __str__(self):
        return 1
    def __repr__(self):
        return None

class BadIter:
    def __iter__(self):
        return [1, 2]

class BadHash:
    def __hash__(self):
        return "h"

tests = [
    ("len -1", lambda: len(BadLen(-1))),
    ("len str", lambda: len(BadLen("x"))),
    ("len ok", lambda: len(BadLen(True))),
    ("bool int", lambda: bool(BadBool())),
    ("if int", lambda: "yes" if BadBool() else "no"),
    ("str", lambda: str(BadStr())),
    ("repr", lambda: repr(BadStr())),
    ("iter", lambda: iter(BadIter())),
    ("for", lambda: [x for x in BadIter()]),
    ("hash", lambda: hash(BadHash())),
    ("set", lambda: {BadHash()}),
]
for name, fn in tests:
    try:
        print(name, "->", fn())
    except (TypeError, ValueError) as e:
        print(name, "->", type(e).__name__ + ":", e)
