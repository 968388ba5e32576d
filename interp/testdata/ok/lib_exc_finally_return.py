def override():
    try:
        return "try"
    finally:
        return "finally"

def swallow():
    try:
        raise ValueError("lost")
    finally:
        return "swallowed"

def in_loop():
    for i in range(5):
        try:
            raise KeyError(i)
        finally:
            if i == 2:
                return "returned at %d" % i
            continue

def except_return():
    try:
        1 / 0
    except ZeroDivisionError:
        return "from except"
    finally:
        print("finally after except-return")

print(override())
print(swallow())
print(in_loop())
print(except_return())

def finally_raises():
    try:
        return 1
    finally:
        raise RuntimeError("from finally")
try:
    finally_raises()
except RuntimeError as e:
    print("caught", e)
