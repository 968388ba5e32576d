def attempt(fn):
    try:
        fn()
    except LookupError as e:
        return "LookupError<-" + type(e).__name__
    except ArithmeticError as e:
        return "ArithmeticError<-" + type(e).__name__
    except (TypeError, ValueError) as e:
        return "tuple<-" + type(e).__name__
    except Exception as e:
        return "Exception<-" + type(e).__name__
    return "no error"

print(attempt(lambda: {}["k"]))
print(attempt(lambda: [][0]))
print(attempt(lambda: "abc"[5]))
print(attempt(lambda: 1 / 0))
print(attempt(lambda: 1 // 0))
print(attempt(lambda: 1 % 0))
print(attempt(lambda: 2.0 ** 5000))
print(attempt(lambda: int("z")))
print(attempt(lambda: len(5)))
print(attempt(lambda: undefined_name))
print(attempt(lambda: (1).nope))
print(attempt(lambda: None))
for cls in [KeyError, IndexError, ZeroDivisionError, OverflowError, NameError, UnboundLocalError,
            ModuleNotFoundError, RecursionError, NotImplementedError, StopIteration, AssertionError]:
    print(cls.__name__, [b.__name__ for b in cls.__mro__[1:]])
print(issubclass(KeyboardInterrupt, Exception), issubclass(KeyboardInterrupt, BaseException))
print(issubclass(SystemExit, Exception), issubclass(GeneratorExit, BaseException))
