import math
print(math.sqrt(16), math.pi > 3.14)
from math import sqrt as s, floor
print(s(2.25), floor(2.7))
import math as m
print(m.ceil(2.1), m is math, m.sqrt is math.sqrt)
from math import *
print(pi == math.pi, e == math.e, factorial(5), gcd(12, 18), isnan(nan), inf > 10 ** 100)
import math, sys
print(type(math).__name__, math.__name__, sys.__name__, m.__name__)
import time as t, math as mm
print(mm.floor(-0.5), callable(t.perf_counter))
def local_import():
    import math as inner
    from math import tau
    return inner.floor(tau)
print(local_import())
try:
    from math import nosuchname
except ImportError as err:
    print(type(err).__name__, str(err).split(" (")[0], err.name)
try:
    import nosuchmodule_xyz
except ModuleNotFoundError as err:
    print(type(err).__name__, err, err.name, isinstance(err, ImportError))
