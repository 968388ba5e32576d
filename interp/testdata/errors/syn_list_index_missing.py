primes = [2, 3, 5, 7]
print(primes.index(5))
print(primes.index(4))
