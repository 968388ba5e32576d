class ConfigError(Exception):
    pass

def load(text):
    try:
        return int(text)
    except ValueError as e:
        raise ConfigError("bad config: " + text) from e

try:
    load("abc")
except ConfigError as e:
    print("error:", e)
    print("cause:", type(e.__cause__).__name__, e.__cause__)
    print("context is cause:", e.__context__ is e.__cause__)
    print("suppress:", e.__suppress_context__)

try:
    try:
        {}["k"]
    except KeyError:
        raise ValueError("replaced") from None
except ValueError as e:
    print(e, e.__cause__, type(e.__context__).__name__, e.__suppress_context__)

try:
    raise RuntimeError("outer") from KeyError("detached")
except RuntimeError as e:
    print(e, repr(e.__cause__), e.__context__)

e = ValueError("plain")
print(e.__cause__, e.__context__, e.__suppress_context__)
