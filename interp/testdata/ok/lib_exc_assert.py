def check(x):
    assert x > 0, "x must be positive, got %d" % x
    assert x != 5
    return x

for v in [3, -1, 5]:
    try:
        print("ok", check(v))
    except AssertionError as e:
        print("AssertionError:", repr(e), e.args, str(e) == "")

try:
    assert [], ["payload", 1]
except AssertionError as e:
    print(e.args[0], type(e.args[0]).__name__)

calls = []
def msg():
    calls.append("msg")
    return "lazy"
assert True, msg()          # the message is evaluated only on failure
print(calls)
try:
    assert 0, msg()
except AssertionError as e:
    print(e, calls)
print(issubclass(AssertionError, Exception))
