# decorators that keep state and preserve behaviour
def count_calls(fn):
    def wrapper(*args, **kwargs):
        wrapper.calls += 1
        return fn(*args, **kwargs)
    wrapper.calls = 0
    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper
@count_calls
def add(a, b=1):
    """Add two numbers."""
    return a + b
print(add(1), add(1, 2), add(a=5, b=5))
print(add.calls, add.__name__, add.__doc__)
def memo(fn):
    cache = {}
    def wrapper(n):
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]
    return wrapper
@memo
def slow_fib(n):
    return n if n < 2 else slow_fib(n - 1) + slow_fib(n - 2)
print(slow_fib(80))
def identity(fn):
    return fn
@identity
def same():
    return "same"
print(same(), same.__name__)
class Deco:
    def __init__(self, fn):
        self.fn = fn
    def __call__(self, *a):
        return "<" + str(self.fn(*a)) + ">"
@Deco
def wrapped(x):
    return x + 1
print(wrapped(1), type(wrapped).__name__)
