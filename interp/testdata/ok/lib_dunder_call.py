class Adder:
    def __init__(self, n):
        self.n = n
        self.calls = 0
    def __call__(self, x, scale=1):
        self.calls += 1
        return (x + self.n) * scale

add5 = Adder(5)
print(add5(1), add5(2, scale=10), add5(x=0), add5.calls)
print(list(map(add5, [1, 2, 3])), add5.calls)
print(callable(add5), callable(Adder), callable(5), callable(print), callable(lambda: 1), callable("s"))
print(sorted([3, 1, 2], key=Adder(-10)))

class Memo:
    def __init__(self, fn):
        self.fn = fn
        self.cache = {}
    def __call__(self, *args):
        if args not in self.cache:
            self.cache[args] = self.fn(*args)
        return self.cache[args]

@Memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fib(40), len(fib.cache), type(fib).__name__)

class Factory:
    def __call__(self):
        return Factory
print(Factory()().__name__, type(Factory()()()).__name__)
