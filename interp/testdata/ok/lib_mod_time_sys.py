import time
import sys
a = time.perf_counter()
b = time.perf_counter()
print(type(a).__name__, a <= b, time.perf_counter() <= time.perf_counter())
t1 = time.time()
print(type(t1).__name__, t1 > 1.5e9, time.monotonic() <= time.monotonic())
start = time.perf_counter()
total = 0
for i in range(10000):
    total += i
elapsed = time.perf_counter() - start
print(total, elapsed >= 0, isinstance(elapsed, float))
time.sleep(0)
print(sys.maxsize, sys.maxsize == 2 ** 63 - 1, type(sys.maxsize).__name__)
print(sys.maxsize + 1, -sys.maxsize - 1)
print(type(sys.argv).__name__, sys.version_info[0], sys.version_info >= (3,))
print(sys.getrecursionlimit(), sys.stdout is not None)
sys.stdout.write("written to stdout\n")
