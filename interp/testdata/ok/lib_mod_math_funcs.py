import math
print(math.floor(2.5), math.floor(-2.5), math.ceil(2.5), math.ceil(-2.5), math.trunc(2.7), math.trunc(-2.7))
print(math.floor(3), math.ceil(-0.0), type(math.floor(2.5)).__name__, math.floor(10 ** 20 + 0.0))
print(math.sqrt(2), math.sqrt(0), math.sqrt(1e10), math.exp(0), math.exp(1), math.exp(-1))
print(math.log(math.e), math.log(1), math.log(8, 2), math.log(100, 10), math.log2(1024), math.log10(1000), math.log10(2))
print(math.sin(0), math.cos(0), math.sin(math.pi / 2), math.cos(math.pi), round(math.sin(math.pi), 12), math.tan(0))
print(math.atan2(1, 1), math.atan2(0, -1), math.atan2(-1, 0), math.atan2(0, 0), math.atan(1), math.asin(1), math.acos(1))
print(math.hypot(3, 4), math.hypot(5, 12), math.fabs(-3), math.fabs(2), math.pow(2, 10), math.copysign(3, -0.0))
print(math.degrees(math.pi), math.radians(180), math.fmod(7, -3), 7 % -3, math.modf(2.5), math.log(2 ** 1000), math.log(3))
for bad in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.log(-1)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
try:
    math.exp(1000)
except OverflowError as e:
    print("OverflowError:", e)
