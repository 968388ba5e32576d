# passing assertions do nothing
assert True
assert 1 == 1, "never shown"
assert [1], "non-empty list is truthy"
x = 5
assert 0 < x < 10
assert isinstance(x, int) and not isinstance(x, str)
def check(v):
    assert v > 0, "v must be positive: " + str(v)
    return v * 2
print(check(3))
try:
    check(-1)
except AssertionError as e:
    print("AssertionError:", e)
try:
    assert False
except AssertionError as e:
    print("empty message:", repr(str(e)), e.args)
try:
    assert 1 > 2, ("tuple", 1)
except AssertionError as e:
    print(e.args)
print("done")
