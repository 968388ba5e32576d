class AppError(Exception):
    pass

class HTTPError(AppError):
    def __init__(self, code, reason):
        super().__init__(code, reason)
        self.code = code
        self.reason = reason
    def __str__(self):
        return "HTTP %d: %s" % (self.code, self.reason)

class Quiet(AppError):
    def __init__(self, what):
        self.what = what        # no super().__init__: args still holds the call's arguments

try:
    raise HTTPError(404, "Not Found")
except AppError as e:
    print(e)
    print(repr(e.args), e.code, e.reason, isinstance(e, Exception))
    print(type(e).__name__, [c.__name__ for c in type(e).__mro__])

try:
    raise Quiet("thing")
except Quiet as e:
    print(e.what, e.args, str(e))

e = AppError("x", 2)
print(e.args, str(e), repr(e))
print(repr(AppError()), str(AppError()), repr(AppError("one")))

class WithDefault(Exception):
    def __init__(self, msg="default message"):
        super().__init__(msg)
try:
    raise WithDefault
except WithDefault as e:
    print(e, e.args)
try:
    raise WithDefault("custom")
except Exception as e:
    print(e)
