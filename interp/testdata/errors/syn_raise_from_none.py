def lookup(d, k):
    try:
        return d[k]
    except KeyError:
        raise ValueError("no such key: " + repr(k)) from None
lookup({}, "x")
