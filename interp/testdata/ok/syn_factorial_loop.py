# big ints grown in loops
f = 1
for i in range(1, 31):
    f *= i
print(f)
print(len(str(f)))
fib = [0, 1]
while len(fib) < 101:
    fib.append(fib[-1] + fib[-2])
print(fib[100])
total = 0
for k in range(50):
    total += 3 ** k
print(total, total % 1000007)
n = 1
for _ in range(70):
    n = n * 2
print(n, n - 2 ** 70)
m = 10 ** 25
digits = 0
while m:
    m //= 10
    digits += 1
print(digits)
