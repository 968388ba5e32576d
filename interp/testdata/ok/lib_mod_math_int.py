import math
print(math.factorial(0), math.factorial(1), math.factorial(10), math.factorial(25))
print(math.gcd(12, 18), math.gcd(0, 5), math.gcd(-4, 6), math.gcd(7, 13), math.gcd(0, 0), math.gcd(2 ** 40, 6 ** 20))
print(math.comb(5, 2), math.comb(10, 0), math.comb(3, 5), math.comb(50, 25), math.perm(5, 2), math.perm(4), math.perm(3, 4))
print(math.prod([1, 2, 3, 4]), math.prod([]), math.prod([2.5, 2]), math.prod(range(1, 6)), math.prod([1, 2], start=10))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.fsum([1e100, 1.0, -1e100]), math.fsum([]))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1, 1.1), math.isclose(1, 1.1, rel_tol=0.2), math.isclose(0, 1e-12), math.isclose(0, 1e-12, abs_tol=1e-9))
print(math.inf, -math.inf, math.nan, math.isinf(math.inf), math.isinf(-math.inf), math.isinf(1e308), math.isnan(math.nan), math.isnan(1.0))
print(math.pi, math.e, math.tau, math.isfinite(1.0), math.isfinite(math.inf), math.inf == float("inf"))
print(math.isqrt(17), math.isqrt(10 ** 20), math.lcm(4, 6))
try:
    math.factorial(-1)
except ValueError as e:
    print("ValueError:", e)
