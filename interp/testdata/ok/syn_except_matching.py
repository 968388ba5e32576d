# except clause matching
def test(exc):
    try:
        raise exc
    except (KeyError, IndexError) as e:
        return "lookup-tuple " + type(e).__name__
    except ArithmeticError as e:
        return "arith " + type(e).__name__
    except Exception as e:
        return "other " + type(e).__name__
for exc in (KeyError("k"), IndexError(), ZeroDivisionError(), OverflowError(), ValueError(), TypeError):
    print(test(exc))
try:
    [][1]
except LookupError as e:
    print(type(e).__name__, e)
try:
    int("abc")
except ValueError as e:
    print(e, e.args)
e = "outer"
try:
    raise RuntimeError("x")
except RuntimeError as e:
    pass
try:
    print(e)
except NameError:
    print("as-name deleted after except")
try:
    raise
except RuntimeError as e:
    print(e)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise
except ZeroDivisionError as err:
    print("re-raised:", err)
