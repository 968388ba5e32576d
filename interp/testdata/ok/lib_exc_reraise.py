log = []

def risky(n):
    if n < 0:
        raise ValueError("negative: %d" % n)
    return n

def wrapper(n):
    try:
        return risky(n)
    except ValueError:
        log.append("logged")
        raise                   # re-raise the same exception

try:
    wrapper(-3)
except ValueError as e:
    print("outer got", e, log)

def rethrow_after_handling():
    try:
        1 / 0
    except ZeroDivisionError as first:
        try:
            int("q")
        except ValueError:
            pass
        raise               # still the ZeroDivisionError

try:
    rethrow_after_handling()
except ZeroDivisionError as e:
    print("still", type(e).__name__, e)

def reraise_object():
    try:
        {}["a"]
    except KeyError as e:
        err = e
    raise err

try:
    reraise_object()
except KeyError as e:
    print("raised a saved exception", repr(e))

try:
    raise
except RuntimeError as e:
    print("bare raise with nothing active:", e)
