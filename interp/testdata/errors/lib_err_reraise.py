def risky():
    return {}["missing"]

try:
    risky()
except KeyError:
    print("logging, then re-raising")
    raise
