def check(n):
    try:
        value = 10 // n
    except ZeroDivisionError:
        print("zero")
        return None
    else:
        print("value", value)
        raise RuntimeError("bad value: " + str(value))
check(0)
check(5)
