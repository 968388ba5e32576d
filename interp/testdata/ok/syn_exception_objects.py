# exception objects: args, str, repr, custom classes
class AppError(Exception):
    pass
class CodeError(AppError):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code
try:
    raise CodeError(404, "not found")
except AppError as e:
    print(type(e).__name__, e.code, e, e.args, isinstance(e, Exception))
e = ValueError("a", 2)
print(e.args, str(e), repr(e))
print(str(ValueError()), repr(ValueError()), repr(KeyError("k")), str(KeyError("k")))
print(issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError))
print(issubclass(StopIteration, Exception), issubclass(KeyboardInterrupt, Exception), issubclass(KeyboardInterrupt, BaseException))
try:
    raise CodeError(1, "one") from KeyError("cause")
except CodeError as e:
    print(repr(e.__cause__), e.__suppress_context__)
try:
    try:
        {}["x"]
    except KeyError:
        raise ValueError("during")
except ValueError as e:
    print(repr(e.__context__), e.__cause__)
try:
    raise TypeError
except TypeError as e:
    print(repr(e), e.args)
