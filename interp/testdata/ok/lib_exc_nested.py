def level(n):
    try:
        try:
            if n == 1:
                raise KeyError("one")
            if n == 2:
                raise ValueError("two")
            if n == 3:
                raise TypeError("three")
            return "none"
        except KeyError:
            return "inner KeyError"
        finally:
            print("  inner finally", n)
    except ValueError as e:
        return "outer " + str(e)

for n in range(4):
    try:
        print(n, level(n))
    except TypeError as e:
        print(n, "escaped", e)

def handler_raises():
    try:
        try:
            raise ValueError("a")
        except ValueError:
            raise IndexError("b")
    except IndexError as e:
        return "outer got " + str(e) + " with context " + str(e.__context__)
print(handler_raises())

def deep(k):
    if k == 0:
        raise LookupError("bottom")
    try:
        return deep(k - 1)
    finally:
        print("unwind", k)
try:
    deep(3)
except LookupError as e:
    print("top", e)

x = 0
try:
    try:
        x = 1
    except Exception:
        x = 2
    else:
        try:
            x = 3
            raise NameError("n")
        except NameError:
            x = 4
finally:
    x *= 10
print(x)
