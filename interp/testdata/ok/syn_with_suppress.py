# __exit__ returning True suppresses the exception
class Suppress:
    def __init__(self, *types):
        self.types = types
    def __enter__(self):
        return self
    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            print("no exception")
            return False
        print("exit saw", exc_type.__name__, exc)
        return issubclass(exc_type, self.types)
with Suppress(KeyError):
    print("before")
    {}["missing"]
    print("not reached")
print("continued after suppressed KeyError")
with Suppress(ValueError):
    print("clean body")
try:
    with Suppress(KeyError):
        1 / 0
except ZeroDivisionError as e:
    print("propagated:", e)
with Suppress(ArithmeticError):
    with Suppress(KeyError):
        int("x") if False else 10 // 0
print("outer suppressed it")
class Tracker:
    def __enter__(self):
        return [1, 2]
    def __exit__(self, *info):
        print("info len", len(info), info[0])
with Tracker() as (a, b):
    print(a, b)
