# "Did you mean" is added by the traceback printer, not stored in the exception
total = 1
try:
    totl
except NameError as e:
    print(str(e))
    print(e.args)
class P:
    balance = 1
try:
    P().balanse
except AttributeError as e:
    print(str(e))
    print(repr(e))
try:
    pritn("x")
except NameError as e:
    print(repr(e))
try:
    "abc".uper()
except AttributeError as e:
    print(e)
