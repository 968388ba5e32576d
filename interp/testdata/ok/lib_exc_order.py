def run(fail):
    log = []
    try:
        log.append("try")
        if fail:
            raise ValueError("bad")
        log.append("try-end")
    except ValueError:
        log.append("except")
    else:
        log.append("else")
    finally:
        log.append("finally")
    log.append("after")
    return log

print(run(False))
print(run(True))

def no_except(fail):
    try:
        try:
            if fail:
                raise KeyError("x")
            print("  inner ok")
        finally:
            print("  inner finally")
        print("  after inner")
    except KeyError:
        print("  outer caught")

no_except(False)
no_except(True)

def else_raises():
    try:
        pass
    except ValueError:
        print("not here: else is not protected")
    else:
        raise ValueError("from else")
    finally:
        print("finally still runs")

try:
    else_raises()
except ValueError as e:
    print("caught", e)
