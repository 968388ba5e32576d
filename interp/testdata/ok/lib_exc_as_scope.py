e = "before"
try:
    raise ValueError("inside")
except ValueError as e:
    print("in handler:", e)
try:
    print(e)
except NameError as err:
    print("NameError:", err)

def f():
    try:
        1 / 0
    except ZeroDivisionError as exc:
        saved = exc
    return type(saved).__name__, str(saved)
print(f())

def g():
    try:
        raise KeyError("k")
    except KeyError as exc:
        pass
    try:
        return exc
    except NameError as err:
        return "unbound: " + str(err)
print(g())
